import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatRate,
  normalizeTin,
  splitInclusive,
  TAX_LINES_MAX,
  TAX_RATE_BP_MAX,
  TIN_PATTERN,
  type TaxLine,
} from './tax';

const NHIL: TaxLine = { name: 'NHIL', rate_bp: 250, on_levies: false };
const GETFUND: TaxLine = { name: 'GETFund Levy', rate_bp: 250, on_levies: false };
const COVID: TaxLine = { name: 'COVID-19 Levy', rate_bp: 100, on_levies: false };
const VAT_ON_LEVIES: TaxLine = { name: 'VAT', rate_bp: 1500, on_levies: true };
const VAT: TaxLine = { name: 'VAT', rate_bp: 1500, on_levies: false };

const amounts = (split: ReturnType<typeof splitInclusive>) => [
  split.taxablePesewas,
  ...split.taxes.map((t) => t.amountPesewas),
];

describe('an all-in price split into its taxable value and taxes (HAND-15)', () => {
  it('with no tax, the whole amount is the value', () => {
    expect(splitInclusive(123_45, [])).toEqual({
      totalPesewas: 123_45,
      taxablePesewas: 123_45,
      taxes: [],
    });
  });

  it('levies and VAT on the same value (20 % in all): GH₵ 1,200.00 is 1,000 + 25 + 25 + 150', () => {
    expect(amounts(splitInclusive(1_200_00, [NHIL, GETFUND, VAT]))).toEqual([
      1_000_00, 25_00, 25_00, 150_00,
    ]);
  });

  it('VAT on the value and the levies, as Ghana charged it before 2026 (21.9 % in all)', () => {
    // 1,000 + 25 + 25 + 10 = 1,060; VAT 15 % of 1,060 = 159; 1,219 in all.
    expect(amounts(splitInclusive(1_219_00, [NHIL, GETFUND, COVID, VAT_ON_LEVIES]))).toEqual([
      1_000_00, 25_00, 25_00, 10_00, 159_00,
    ]);
  });

  it('rounds each tax to the nearest pesewa, a half upwards, and leaves the rest to the value', () => {
    // GH₵ 100.00 at 20 %: value 83.333…, each levy 2.0833… → 2.08, VAT 12.5 → 12.50.
    expect(amounts(splitInclusive(100_00, [NHIL, GETFUND, VAT]))).toEqual([
      83_34, 2_08, 2_08, 12_50,
    ]);
    // A half pesewa goes up: at a single 100 % tax, 1 pesewa is half value, half tax.
    expect(amounts(splitInclusive(1, [{ name: 'X', rate_bp: 10_000, on_levies: false }]))).toEqual([
      0, 1,
    ]);
  });

  const line = fc.record({
    name: fc.constantFrom('NHIL', 'GETFund Levy', 'VAT', 'Tourism Levy'),
    rate_bp: fc.integer({ min: 1, max: TAX_RATE_BP_MAX }),
    on_levies: fc.boolean(),
  });

  it('always adds up to the total exactly, each tax within half a pesewa of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000_00 }),
        fc.array(line, { maxLength: TAX_LINES_MAX }),
        (total, lines) => {
          const split = splitInclusive(total, lines);
          expect(amounts(split).reduce((a, b) => a + b, 0)).toBe(total);
          expect(split.taxablePesewas).toBeGreaterThanOrEqual(0);
          for (const tax of split.taxes) expect(tax.amountPesewas).toBeGreaterThanOrEqual(0);
          // Each tax against its exact share of the total: within half a pesewa (the rounding),
          // unless rounding every line up took more than the total (absurd rates, next test).
          const shares: number[] = [];
          let above = 0;
          for (const l of lines) {
            const share = (l.rate_bp / 10_000) * (l.on_levies ? 1 + above : 1);
            shares.push(share);
            above += share;
          }
          const exact = shares.map((share) => (total * share) / (1 + above));
          if (exact.reduce((sum, e) => sum + Math.round(e), 0) <= total)
            split.taxes.forEach((tax, i) =>
              expect(Math.abs(tax.amountPesewas - exact[i]!)).toBeLessThanOrEqual(0.5 + 1e-6),
            );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps the value at zero or more even at absurd rates (six taxes of 100 % on the levies)', () => {
    const absurd = Array.from({ length: 6 }, () => ({
      name: 'X',
      rate_bp: TAX_RATE_BP_MAX,
      on_levies: true,
    }));
    for (let total = 0; total < 500; total++) {
      const split = splitInclusive(total, absurd);
      expect(split.taxablePesewas).toBeGreaterThanOrEqual(0);
      expect(amounts(split).reduce((a, b) => a + b, 0)).toBe(total);
    }
  });
});

describe("the company's TIN (STAFF-45)", () => {
  it.each(['C0012345678', 'P0012345678', 'C0000803561', 'GHA-123456789-0'])('accepts %s', (tin) =>
    expect(TIN_PATTERN.test(normalizeTin(tin))).toBe(true),
  );

  it.each(['C001234567', 'C00123456789', 'X0012345678', 'C1012345678', 'GHA-12345-0', ''])(
    'refuses %s',
    (tin) => expect(TIN_PATTERN.test(normalizeTin(tin))).toBe(false),
  );

  it('tidies what people type around it', () => {
    expect(normalizeTin(' c001 234 5678 ')).toBe('C0012345678');
    expect(normalizeTin('gha 123456789 0')).toBe('GHA-123456789-0');
    expect(normalizeTin('GHA1234567890')).toBe('GHA-123456789-0');
  });

  it('writes rates as people read them', () => {
    expect(formatRate(250)).toBe('2.5 %');
    expect(formatRate(1500)).toBe('15 %');
    expect(formatRate(1)).toBe('0.01 %');
  });
});
