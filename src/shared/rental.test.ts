import { describe, expect, it } from 'vitest';
import { quoteRentalPrice, rentalDays } from './rental';

describe('rentalDays', () => {
  it('counts the nights between start and end', () => {
    expect(rentalDays('2026-12-01', '2026-12-04')).toBe(3);
  });
  it('charges a same-day rental as one day (MONEY-3)', () => {
    expect(rentalDays('2026-12-01', '2026-12-01')).toBe(1);
  });
  it('is 0 for an end before the start', () => {
    expect(rentalDays('2026-12-04', '2026-12-01')).toBe(0);
  });
  it('crosses month and leap-year ends', () => {
    expect(rentalDays('2028-02-27', '2028-03-01')).toBe(3);
    expect(rentalDays('2026-12-30', '2027-01-02')).toBe(3);
  });
});

describe('quoteRentalPrice', () => {
  it('is price times days plus the GH₵ 200 deposit, in pesewas', () => {
    expect(quoteRentalPrice(450_00, '2026-12-01', '2026-12-04')).toEqual({
      days: 3,
      pricePerDayPesewas: 450_00,
      lineCostPesewas: 1_350_00,
      depositPesewas: 200_00,
      totalPesewas: 1_550_00,
    });
  });
  it('charges one day for a same-day rental', () => {
    expect(quoteRentalPrice(999_99, '2026-12-01', '2026-12-01').totalPesewas).toBe(999_99 + 200_00);
  });
});
