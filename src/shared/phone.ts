/**
 * Phone numbers (PRODUCT.md P2.10): '0244123456', '233244123456' and '+233 24 412 3456' are
 * one account. We store E.164 digits without the plus ('233244123456').
 */

const GHANA_COUNTRY_CODE = '233';

/** Removes what people type around digits: spaces, dashes, dots, brackets and a leading '+'. */
export function stripPhoneFormatting(raw: string): string {
  return raw
    .trim()
    .replace(/[\s\-.()]/g, '')
    .replace(/^\+/, '');
}

/** Canonical form of an already validated number (digits only, 10–15 long). */
export function normalizeMsisdn(raw: string): string {
  const digits = stripPhoneFormatting(raw);
  // A Ghana national number: leading trunk 0 and nine digits.
  if (/^0\d{9}$/.test(digits)) return GHANA_COUNTRY_CODE + digits.slice(1);
  // The same with the country code and the trunk 0 kept by mistake: 2330244123456.
  if (/^2330\d{9}$/.test(digits)) return GHANA_COUNTRY_CODE + digits.slice(4);
  return digits;
}

/** '+233 24 412 3456' for Ghana numbers, '+' and the digits otherwise. */
export function formatMsisdn(msisdn: string): string {
  const match = /^233(\d{2})(\d{3})(\d{4})$/.exec(msisdn);
  if (match) return `+233 ${match[1]} ${match[2]} ${match[3]}`;
  return `+${msisdn}`;
}
