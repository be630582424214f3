import { describe, expect, it } from 'vitest';
import { nextFreeRange, overlapsAny } from './availability';

const r = (start_date: string, end_date: string) => ({ start_date, end_date });

describe('whether dates are free and the next free dates (BOOK-17)', () => {
  it('sees a shared day at either end, and no overlap for touching ranges', () => {
    const booked = [r('2026-12-10', '2026-12-12')];
    expect(overlapsAny(booked, '2026-12-12', '2026-12-14')).toBe(true);
    expect(overlapsAny(booked, '2026-12-08', '2026-12-10')).toBe(true);
    expect(overlapsAny(booked, '2026-12-13', '2026-12-15')).toBe(false);
    expect(overlapsAny([], '2026-12-13', '2026-12-15')).toBe(false);
  });

  it('moves past every booking in the way, keeping the length', () => {
    const booked = [r('2026-12-10', '2026-12-12'), r('2026-12-14', '2026-12-15')];
    // 3 nights from the 10th: the 13th is free but too short a gap; the 16th fits.
    expect(nextFreeRange(booked, '2026-12-10', '2026-12-13', '2026-11-25')).toEqual(
      r('2026-12-16', '2026-12-19'),
    );
    // Days are inclusive: only a same-day rental fits the gap on the 13th.
    expect(nextFreeRange(booked, '2026-12-11', '2026-12-12', '2026-11-25')).toEqual(
      r('2026-12-16', '2026-12-17'),
    );
    expect(nextFreeRange(booked, '2026-12-11', '2026-12-11', '2026-11-25')).toEqual(
      r('2026-12-13', '2026-12-13'),
    );
  });

  it('crosses month ends and the leap day', () => {
    expect(
      nextFreeRange([r('2026-01-30', '2026-01-31')], '2026-01-30', '2026-02-01', '2026-01-01'),
    ).toEqual(r('2026-02-01', '2026-02-03'));
    expect(
      nextFreeRange([r('2028-02-27', '2028-02-28')], '2028-02-28', '2028-02-29', '2028-01-01'),
    ).toEqual(r('2028-02-29', '2028-03-01'));
    expect(
      nextFreeRange([r('2028-02-29', '2028-02-29')], '2028-02-29', '2028-03-01', '2028-01-01'),
    ).toEqual(r('2028-03-01', '2028-03-02'));
  });

  it('suggests nothing past the 180-day horizon (LIMIT-14)', () => {
    const today = '2026-11-25'; // the horizon's last start is 2027-05-24
    expect(
      nextFreeRange([r('2027-05-20', '2027-05-24')], '2027-05-20', '2027-05-22', today),
    ).toBeNull();
    expect(
      nextFreeRange([r('2027-05-20', '2027-05-22')], '2027-05-20', '2027-05-22', today),
    ).toEqual(r('2027-05-23', '2027-05-25'));
    // Busy every day up to the horizon: nothing to suggest.
    expect(
      nextFreeRange([r('2026-11-26', '2027-06-30')], '2026-11-26', '2026-11-27', today),
    ).toBeNull();
  });

  it('starts suggestions no earlier than today in Accra', () => {
    expect(nextFreeRange([], '2026-11-20', '2026-11-22', '2026-11-25')).toEqual(
      r('2026-11-25', '2026-11-27'),
    );
  });
});
