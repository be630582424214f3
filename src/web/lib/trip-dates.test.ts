import { describe, expect, it } from 'vitest';
import { tripDatesFrom, withTripDates } from './trip-dates';

const today = '2026-12-01';
const from = (query: string) => tripDatesFrom(new URLSearchParams(query), today);

describe('trip dates carried in an address (PAGE-8)', () => {
  it('reads a valid range', () => {
    expect(from('start_date=2026-12-05&end_date=2026-12-08')).toEqual({
      start_date: '2026-12-05',
      end_date: '2026-12-08',
    });
  });

  it.each([
    ['none', ''],
    ['one only', 'start_date=2026-12-05'],
    ['a day that does not exist', 'start_date=2026-11-31&end_date=2026-12-08'],
    ['in the past', 'start_date=2026-11-30&end_date=2026-12-03'],
    ['end before start', 'start_date=2026-12-05&end_date=2026-12-04'],
    ['past the horizon', 'start_date=2027-06-30&end_date=2027-07-02'],
    ['longer than 90 days', 'start_date=2026-12-05&end_date=2027-03-06'],
  ])('drops %s', (_what, query) => {
    expect(from(query)).toBeNull();
  });

  it('adds the range to an address, with or without a query already', () => {
    const dates = { start_date: '2026-12-05', end_date: '2026-12-08' };
    expect(withTripDates('/car-details?id=4', dates)).toBe(
      '/car-details?id=4&start_date=2026-12-05&end_date=2026-12-08',
    );
    expect(withTripDates('/available-cars', dates)).toBe(
      '/available-cars?start_date=2026-12-05&end_date=2026-12-08',
    );
    expect(withTripDates('/car-details?id=4', null)).toBe('/car-details?id=4');
  });
});
