/**
 * The company's taxes on a receipt (HAND-15, docs/decisions/036-tax-invoice.md). Zod-free, so
 * the console's form and the invoice page use it without loading zod.
 *
 * Prices are all-in (PRICE-1: what the renter sees is what they pay), so a tax is never added on
 * top: an all-in amount is split into the taxable value and each tax the owner set (STAFF-45).
 */

/** One tax the company charges, as the owner set it (STAFF-45). */
export interface TaxLine {
  /** As printed on the receipt: 'NHIL', 'GETFund Levy', 'VAT'. */
  name: string;
  /** The rate in basis points, a whole number: 250 is 2.5 %, 1500 is 15 %. */
  rate_bp: number;
  /**
   * Charged on the value plus the taxes listed above it (Ghana's VAT on the value and the
   * levies before 2026), rather than on the value alone.
   */
  on_levies: boolean;
}

export const TAX_LINES_MAX = 6;
export const TAX_NAME_MAX = 40;
/** 100 %: no tax is more than the value it is charged on. */
export const TAX_RATE_BP_MAX = 10_000;

/**
 * A Ghana Revenue Authority TIN: a letter for the kind of taxpayer (P person, C company, G
 * government, Q foreign mission, V other bodies), '00' and eight digits (C0012345678); or, for a
 * person, the Ghana Card PIN that replaced their TIN in 2021 (GHA-123456789-0). The form is
 * checked, not the check character, whose rule the GRA does not publish.
 */
export const TIN_PATTERN = /^(?:[PCGQV]00\d{8}|GHA-\d{9}-\d)$/;

/** 'c001 234 5678' → 'C0012345678': what people type around a TIN goes (the PIN keeps its dashes). */
export function normalizeTin(raw: string): string {
  const compact = raw.trim().toUpperCase().replace(/\s+/g, '');
  const pin = /^GHA-?(\d{9})-?(\d)$/.exec(compact);
  return pin ? `GHA-${pin[1]}-${pin[2]}` : compact.replace(/-/g, '');
}

/** '2.5 %' for 250 basis points, '15 %' for 1500. */
export function formatRate(rateBp: number): string {
  return `${(rateBp / 100).toLocaleString('en-GH', { maximumFractionDigits: 2 })} %`;
}

/** 'NHIL 2.5 %', 'VAT 15 % on the value and levies'. */
export function taxLineLabel(line: TaxLine): string {
  return `${line.name} ${formatRate(line.rate_bp)}${line.on_levies ? ' on the value and levies' : ''}`;
}

export interface TaxSplit {
  /** The all-in amount, pesewas. */
  totalPesewas: number;
  /** What the taxes are charged on, pesewas: the total less every tax. */
  taxablePesewas: number;
  taxes: (TaxLine & { amountPesewas: number })[];
}

/** An exact fraction of whole numbers, so no rounding happens before the one stated below. */
interface Fraction {
  n: bigint;
  d: bigint;
}
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const reduce = ({ n, d }: Fraction): Fraction => {
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};
const add = (a: Fraction, b: Fraction) => reduce({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const times = (a: Fraction, b: Fraction) => reduce({ n: a.n * b.n, d: a.d * b.d });

/** n/d to the nearest whole number, a half upwards (n, d ≥ 0). */
const roundHalfUp = ({ n, d }: Fraction) => Number((2n * n + d) / (2n * d));

/**
 * Splits an all-in amount (pesewas) into its taxable value and each tax (HAND-15).
 *
 * Each tax is a share of the value: r × value, or r × (value + the taxes above it) for a tax on
 * the levies; so the total is value × (1 + Σ shares), and each tax is exactly
 * total × share ÷ (1 + Σ shares). The rounding rule: each tax is that exact amount rounded to
 * the nearest pesewa (a half upwards), and the taxable value is what is left of the total, so
 * the lines always add up to the total to the pesewa.
 */
export function splitInclusive(totalPesewas: number, lines: readonly TaxLine[]): TaxSplit {
  if (!Number.isSafeInteger(totalPesewas) || totalPesewas < 0)
    throw new RangeError(`splitInclusive needs whole pesewas ≥ 0, not ${totalPesewas}`);
  const shares: Fraction[] = [];
  let above: Fraction = { n: 0n, d: 1n };
  for (const line of lines) {
    const rate: Fraction = { n: BigInt(line.rate_bp), d: 10_000n };
    const base = line.on_levies ? add({ n: 1n, d: 1n }, above) : { n: 1n, d: 1n };
    const share = times(rate, base);
    shares.push(share);
    above = add(above, share);
  }
  const whole = add({ n: 1n, d: 1n }, above);
  const total: Fraction = { n: BigInt(totalPesewas), d: 1n };
  const taxes = lines.map((line, i) => ({
    ...line,
    amountPesewas: roundHalfUp(
      times(total, { n: shares[i]!.n * whole.d, d: shares[i]!.d * whole.n }),
    ),
  }));
  // Rounding a half upwards on every line could, on a few pesewas at absurd rates (six taxes
  // of 100 % on the levies), take more than the total: the last taxes give the pesewas back.
  let over = taxes.reduce((sum, tax) => sum + tax.amountPesewas, 0) - totalPesewas;
  for (let i = taxes.length - 1; over > 0 && i >= 0; i--) {
    const back = Math.min(over, taxes[i]!.amountPesewas);
    taxes[i]!.amountPesewas -= back;
    over -= back;
  }
  const taxed = taxes.reduce((sum, tax) => sum + tax.amountPesewas, 0);
  return { totalPesewas, taxablePesewas: totalPesewas - taxed, taxes };
}
