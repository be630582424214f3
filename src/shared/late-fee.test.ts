import { describe, expect, it } from 'vitest';
import {
  dueBackAt,
  hourlyLateFeePesewas,
  lateFeeFor,
  lateFeeOfReturn,
  lateFeeDescription,
  lateness,
} from './late-fee';

// HAND-6: the late fee's bands, at each boundary.
const daily = 300_00;
const hourly = 50_00;

describe('lateFeeFor (HAND-6)', () => {
  it('charges nothing on time or early', () => {
    expect(lateFeeFor(0, daily)).toMatchObject({ band: 'on_time', feePesewas: 0 });
    expect(lateFeeFor(-90, daily)).toMatchObject({ band: 'on_time', feePesewas: 0 });
  });

  it('charges nothing up to 60 minutes late', () => {
    expect(lateFeeFor(1, daily)).toMatchObject({ band: 'grace', feePesewas: 0 });
    expect(lateFeeFor(60, daily)).toMatchObject({ band: 'grace', feePesewas: 0, minutesLate: 60 });
    // Seconds do not start a minute: 60 min 59 s is still within the grace.
    expect(lateFeeFor(60.98, daily)).toMatchObject({ band: 'grace', feePesewas: 0 });
  });

  it('charges the hourly fee per started hour after the grace, from 61 to 180 minutes', () => {
    expect(lateFeeFor(61, daily)).toEqual({
      minutesLate: 61,
      band: 'hourly',
      units: 1,
      feePesewas: hourly,
    });
    expect(lateFeeFor(120, daily)).toMatchObject({ units: 1, feePesewas: hourly });
    expect(lateFeeFor(121, daily)).toMatchObject({ units: 2, feePesewas: 2 * hourly });
    expect(lateFeeFor(180, daily)).toMatchObject({
      band: 'hourly',
      units: 2,
      feePesewas: 2 * hourly,
    });
  });

  it('charges a full day per started 24 hours beyond 180 minutes', () => {
    expect(lateFeeFor(181, daily)).toEqual({
      minutesLate: 181,
      band: 'daily',
      units: 1,
      feePesewas: daily,
    });
    expect(lateFeeFor(24 * 60, daily)).toMatchObject({ units: 1, feePesewas: daily });
    expect(lateFeeFor(24 * 60 + 1, daily)).toMatchObject({ units: 2, feePesewas: 2 * daily });
    expect(lateFeeFor(3 * 24 * 60 + 5, daily)).toMatchObject({ units: 4, feePesewas: 4 * daily });
  });

  it('rounds the hourly fee to the pesewa, and the hourly band never costs more than a day', () => {
    expect(hourlyLateFeePesewas(100_01)).toBe(16_67);
    expect(hourlyLateFeePesewas(100_02)).toBe(16_67);
    for (const price of [1, 7, 100_01, 999_99])
      expect(lateFeeFor(180, price).feePesewas).toBeLessThanOrEqual(
        lateFeeFor(181, price).feePesewas,
      );
  });
});

describe('lateFeeOfReturn', () => {
  const booking = { endDate: '2026-11-25', returnTime: '10:00', pricePerDayPesewas: daily };

  it('reads the end date and return time as Accra time (UTC)', () => {
    expect(dueBackAt('2026-11-25', '10:00').toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(lateFeeOfReturn(booking, new Date('2026-11-25T11:00:00Z')).feePesewas).toBe(0);
    expect(lateFeeOfReturn(booking, new Date('2026-11-25T11:01:00Z')).feePesewas).toBe(hourly);
    expect(lateFeeOfReturn(booking, new Date('2026-11-25T13:01:00Z')).feePesewas).toBe(daily);
    expect(lateFeeOfReturn(booking, new Date('2026-11-25T09:00:00Z')).band).toBe('on_time');
  });
});

describe('lateness (HAND-6)', () => {
  it('reads in hours and minutes, not thousands of minutes', () => {
    expect(lateness(45)).toBe('45 min');
    expect(lateness(60)).toBe('1 h');
    expect(lateness(125)).toBe('2 h 5 min');
    expect(lateness(1080)).toBe('18 h');
    expect(lateFeeDescription(lateFeeFor(1080, 350_00))).toBe(
      '18 h late: 1 day at the daily price',
    );
    expect(lateFeeDescription(lateFeeFor(61, 300_00))).toBe(
      '1 h 1 min late: 1 hour after the grace',
    );
  });
});
