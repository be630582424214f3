import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isIsoDate, todayInAccra } from './dates';

describe('dates', () => {
  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('26-01-01')).toBe(false);
    expect(isIsoDate('2026-01-01T00:00')).toBe(false);
  });
  it('adds and subtracts days across months', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-11-22', '2026-12-22')).toBe(30);
  });
  it("takes today in Accra (UTC+0), whatever the machine's zone", () => {
    expect(todayInAccra(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-22');
    expect(todayInAccra(new Date('2026-11-22T23:30:00-05:00'))).toBe('2026-11-23');
  });
});
