import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_EXTRAS, priceBooking, rentalCost, type ExtraPrices } from './pricing';

const prices: ExtraPrices = {
  chauffeur_per_day: 150_00,
  out_of_station_per_day: 100_00,
  child_seat_per_day: 30_00,
  delivery_fee: 80_00,
  airport_fee: 50_00,
};
const car = { pricePerDayPesewas: 400_00, weeklyPricePesewas: 2_400_00, depositPesewas: 200_00 };

describe('rentalCost (PRICE-2)', () => {
  it('is the daily price below 7 days, whatever the weekly price', () => {
    expect(rentalCost(6, car)).toBe(6 * 400_00);
  });
  it('charges whole weeks at the weekly price from 7 days', () => {
    expect(rentalCost(7, car)).toBe(2_400_00);
    expect(rentalCost(14, car)).toBe(4_800_00);
  });
  it('charges the days left over daily, but never more than another week', () => {
    expect(rentalCost(8, car)).toBe(2_400_00 + 400_00);
    // 13 days: a week, then 6 days at the daily price (2,400) capped at a second week (2,400).
    expect(rentalCost(13, car)).toBe(2_400_00 + 2_400_00);
  });
  it('is the daily price when the car has no weekly price', () => {
    expect(rentalCost(10, { ...car, weeklyPricePesewas: null })).toBe(10 * 400_00);
  });
});

describe('priceBooking', () => {
  it('prices a plain rental as the first version did: days × price + deposit', () => {
    const p = priceBooking(
      { ...car, weeklyPricePesewas: null },
      '2026-12-01',
      '2026-12-04',
      NO_EXTRAS,
      prices,
    );
    expect(p).toMatchObject({ days: 3, lineCostPesewas: 1_200_00, discountPesewas: 0 });
    expect(p.totalPesewas).toBe(1_400_00);
    expect(p.lines.map((l) => l.label)).toEqual([
      'Car rental (3 days)',
      'Security deposit (refundable)',
    ]);
  });

  it('shows the weekly saving as a negative line and in discount', () => {
    const p = priceBooking(car, '2026-12-01', '2026-12-08', NO_EXTRAS, prices);
    expect(p.days).toBe(7);
    expect(p.discountPesewas).toBe(7 * 400_00 - 2_400_00);
    expect(p.lines[1]).toEqual({ label: 'Weekly price saving', amountPesewas: -400_00 });
  });

  it('adds the out-of-station allowance only with a chauffeur outside Accra', () => {
    const outside = priceBooking(
      car,
      '2026-12-01',
      '2026-12-03',
      { ...NO_EXTRAS, chauffeur: true, outsideAccra: true },
      prices,
    );
    expect(outside.extrasPesewas).toBe(2 * 150_00 + 2 * 100_00);
    const noDriver = priceBooking(
      car,
      '2026-12-01',
      '2026-12-03',
      { ...NO_EXTRAS, outsideAccra: true },
      prices,
    );
    expect(noDriver.extrasPesewas).toBe(0);
  });

  it('charges delivery and the airport fee once, and a child seat per day', () => {
    const p = priceBooking(
      car,
      '2026-12-01',
      '2026-12-01',
      { ...NO_EXTRAS, childSeat: true, delivery: true, airportPickup: true },
      prices,
    );
    expect(p.days).toBe(1);
    expect(p.extrasPesewas).toBe(30_00 + 80_00 + 50_00);
  });

  it('keeps its lines summing to the total, for any car, dates and extras', () => {
    const day = fc.integer({ min: 0, max: 800 }).map((n) => {
      const d = new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);
      return d.toISOString().slice(0, 10);
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_00 }),
        fc.option(fc.integer({ min: 1, max: 7 }), { nil: null }),
        fc.integer({ min: 0, max: 5_000_00 }),
        day,
        fc.integer({ min: 0, max: 90 }),
        fc.record({
          chauffeur: fc.boolean(),
          childSeat: fc.boolean(),
          delivery: fc.boolean(),
          outsideAccra: fc.boolean(),
          airportPickup: fc.boolean(),
        }),
        (daily, weeklyDays, deposit, start, length, extras) => {
          const weekly = weeklyDays === null ? null : Math.max(1, daily * weeklyDays - 1);
          const end = new Date(Date.parse(start) + length * 86_400_000).toISOString().slice(0, 10);
          const p = priceBooking(
            { pricePerDayPesewas: daily, weeklyPricePesewas: weekly, depositPesewas: deposit },
            start,
            end,
            extras,
            prices,
          );
          const sum = p.lines.reduce((s, l) => s + l.amountPesewas, 0);
          expect(sum).toBe(p.totalPesewas);
          expect(p.discountPesewas).toBeGreaterThanOrEqual(0);
          expect(p.discountPesewas).toBeLessThanOrEqual(p.lineCostPesewas);
          expect(p.totalPesewas).toBe(
            p.lineCostPesewas - p.discountPesewas + p.extrasPesewas + p.depositPesewas,
          );
          expect(Number.isInteger(p.totalPesewas)).toBe(true);
        },
      ),
    );
  });
});
