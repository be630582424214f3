/** Money is integer pesewas everywhere except at the edges, where people read cedis. */

export const pesewasToCedis = (pesewas: number): number => pesewas / 100;
export const cedisToPesewas = (cedis: number): number => Math.round(cedis * 100);

const wholeCedis = new Intl.NumberFormat('en-GH', { maximumFractionDigits: 0 });
const exactCedis = new Intl.NumberFormat('en-GH', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** MONEY-5: 'GH₵ {whole number with thousands separators}/Day', decimals dropped. */
export function formatPricePerDay(cedis: number): string {
  return `GH₵ ${wholeCedis.format(Math.trunc(cedis))}/Day`;
}

/** MONEY-5: oldPrice is shown as 'GH₵' plus the number. */
export function formatCedisWhole(cedis: number): string {
  return `GH₵ ${wholeCedis.format(Math.trunc(cedis))}`;
}

/**
 * Cost lines in the summary, e.g. 'GH₵ 1,200.00'. A negative line (the weekly saving) is an
 * amount taken off and reads as one (formatDeduction), never 'GH₵ -350.00' (MONEY-5).
 */
export function formatCedis(cedis: number): string {
  return cedis < 0 ? formatDeduction(cedis) : `GH₵ ${exactCedis.format(cedis)}`;
}

/**
 * An amount taken off (a saving, a deposit kept), written one way everywhere: the minus sign
 * (U+2212), a space, the amount: '− GH₵ 350.00'.
 */
export const formatDeduction = (cedis: number): string =>
  `− GH₵ ${exactCedis.format(Math.abs(cedis))}`;
