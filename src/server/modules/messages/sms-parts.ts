/**
 * How many SMS parts a text costs (MSG-7). A text that uses only the GSM 03.38 alphabet goes
 * as GSM-7: 160 characters in one part, 153 per part once split (the rest of each part is
 * the header that joins them), and the extension characters (€, [, ], {, }, ~, |, ^, \) take
 * two places. Any other character (₵, an emoji, curly quotes) makes the whole text UCS-2: 70
 * UTF-16 units in one part, 67 per part once split.
 */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';

const basic = new Set(GSM7_BASIC);
const extension = new Set(GSM7_EXTENSION);

export interface SmsParts {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7) or UTF-16 units (UCS-2) the text takes. */
  units: number;
  parts: number;
}

export function countSmsParts(text: string): SmsParts {
  let septets = 0;
  for (const char of text) {
    if (basic.has(char)) septets += 1;
    else if (extension.has(char)) septets += 2;
    else {
      const units = text.length;
      return { encoding: 'UCS-2', units, parts: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return {
    encoding: 'GSM-7',
    units: septets,
    parts: septets <= 160 ? 1 : Math.ceil(septets / 153),
  };
}
