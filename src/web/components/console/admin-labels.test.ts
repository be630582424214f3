import { describe, expect, test } from 'vitest';
import {
  cedis,
  dayOf,
  eventLabel,
  formatShortRange,
  listTotal,
  listTotalOf,
  ordinal,
  phone,
  telHref,
} from './admin-labels';

describe('console wording', () => {
  test('date ranges are as short as they can be without losing a month or a year', () => {
    expect(formatShortRange('2026-12-06', '2026-12-12')).toBe('6–12 Dec 2026');
    expect(formatShortRange('2026-11-27', '2026-12-01')).toBe('27 Nov – 1 Dec 2026');
    expect(formatShortRange('2026-12-30', '2027-01-02')).toBe('30 Dec 2026 – 2 Jan 2027');
    expect(formatShortRange('2026-11-22', '2026-11-22')).toBe('22 Nov 2026');
  });

  test('days of the month take the right English ending (STAFF-31)', () => {
    const days = [1, 2, 3, 4, 11, 12, 13, 15, 21, 22, 23, 24, 28, 29, 30, 31];
    expect(days.map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '15th',
      '21st',
      '22nd',
      '23rd',
      '24th',
      '28th',
      '29th',
      '30th',
      '31st',
    ]);
  });

  test('a total the server estimated reads as "about" (PERF-3)', () => {
    expect(listTotal(12_400, true)).toBe('about 12,400');
    expect(listTotal(57, false)).toBe('57');
    expect(listTotalOf(612_345, true, 'booking')).toBe('about 612,345 bookings');
    expect(listTotalOf(1, false, 'renter')).toBe('1 renter');
  });

  test('a moment belongs to its day in Accra', () => {
    expect(dayOf('2026-11-22T23:59:00Z')).toBe('2026-11-22');
    expect(dayOf('2026-11-23T00:01:00Z')).toBe('2026-11-23');
  });

  test('money and phone numbers read as people write them', () => {
    expect(cedis(1250)).toBe('GH₵\u00a01,250.00');
    // MONEY-5: the console's weekly saving line is taken off as everywhere else, unbroken.
    expect(cedis(-350)).toBe('−\u00a0GH₵\u00a0350.00');
    expect(phone('233244000001')).toBe('+233 24 400 0001');
    expect(telHref('233244000001')).toBe('tel:+233244000001');
  });

  test('timeline events have words, and an unknown one still reads', () => {
    expect(eventLabel('cash_recorded')).toBe('Cash payment recorded');
    expect(eventLabel('deposit_returned')).toBe('Deposit returned');
  });
});
