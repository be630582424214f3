import { describe, expect, it } from 'vitest';
import { reminderDatesBetween, remindersFor, retryDelaySeconds } from './schedule';

const booking = { startDate: '2026-12-10', endDate: '2026-12-12' };

describe('remindersFor', () => {
  it('schedules pickup at 18:00 Accra the evening before and return at 07:00 on the day', () => {
    const reminders = remindersFor(booking, new Date('2026-12-01T10:00:00Z'));
    expect(reminders.map((r) => [r.kind, r.dueAt.toISOString()])).toEqual([
      ['pickup_reminder', '2026-12-09T18:00:00.000Z'],
      ['return_reminder', '2026-12-12T07:00:00.000Z'],
    ]);
  });

  it('sends no stale "tomorrow" reminder for a booking made after 18:00 the evening before', () => {
    const reminders = remindersFor(booking, new Date('2026-12-09T18:30:00Z'));
    expect(reminders.map((r) => r.kind)).toEqual(['return_reminder']);
    // Just before 18:00 it is still on time.
    expect(remindersFor(booking, new Date('2026-12-09T17:59:00Z'))).toHaveLength(2);
  });

  it('sends none for a pickup already past, and none for a return already past', () => {
    expect(remindersFor(booking, new Date('2026-12-11T09:00:00Z')).map((r) => r.kind)).toEqual([
      'return_reminder',
    ]);
    expect(remindersFor(booking, new Date('2026-12-12T07:00:00Z'))).toEqual([]);
  });

  it('crosses months and years', () => {
    const [pickup] = remindersFor(
      { startDate: '2027-01-01', endDate: '2027-01-01' },
      new Date('2026-12-01T00:00:00Z'),
    );
    expect(pickup!.dueAt.toISOString()).toBe('2026-12-31T18:00:00.000Z');
  });
});

describe('reminderDatesBetween', () => {
  const between = (from: string, to: string) => reminderDatesBetween(new Date(from), new Date(to));

  it('finds the pickups of the next day around 18:00 and the returns of the day around 07:00', () => {
    expect(between('2026-12-09T17:45:00Z', '2026-12-09T18:15:00Z')).toEqual({
      startDates: ['2026-12-10'],
      endDates: [],
    });
    expect(between('2026-12-12T06:00:00Z', '2026-12-12T07:00:00Z')).toEqual({
      startDates: [],
      endDates: ['2026-12-12'],
    });
  });

  it('finds nothing in a window with neither 18:00 nor 07:00, so the job reads nothing', () => {
    expect(between('2026-12-09T08:00:00Z', '2026-12-09T17:59:59Z')).toEqual({
      startDates: [],
      endDates: [],
    });
  });

  it('crosses midnight and the year', () => {
    expect(between('2026-12-31T17:00:00Z', '2027-01-01T07:30:00Z')).toEqual({
      startDates: ['2027-01-01'],
      endDates: ['2027-01-01'],
    });
  });
});

describe('retryDelaySeconds', () => {
  it('waits about 1, 5 and 30 minutes, then gives up', () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds('booking_received', n))).toEqual([
      60,
      300,
      1800,
      null,
    ]);
  });

  it('gives up on a code before it expires (10 minutes)', () => {
    expect([1, 2, 3].map((n) => retryDelaySeconds('code', n))).toEqual([60, 300, null]);
  });
});
