import { BOOKING_HORIZON_DAYS } from './constants';
import { addDays, daysBetween, type IsoDate } from './dates';

/** Inclusive day ranges, as bookings hold cars (BOOK-3). */
export interface DayRange {
  start_date: IsoDate;
  end_date: IsoDate;
}

/** True when [from, to] shares a day with one of the ranges. */
export const overlapsAny = (ranges: readonly DayRange[], from: IsoDate, to: IsoDate) =>
  ranges.some((r) => r.start_date <= to && r.end_date >= from);

/** The last start date a booking may have (LIMIT-14). */
export const horizonEnd = (today: IsoDate) => addDays(today, BOOKING_HORIZON_DAYS);

/**
 * The first free range as long as [from, to] that starts after `from` and no later than the
 * booking horizon (BOOK-17, LIMIT-14), or null. One pass over `booked` sorted by start date:
 * a candidate start that collides moves to the day after the booking it hits, so each booking
 * is looked at once.
 */
export function nextFreeRange(
  booked: readonly DayRange[],
  from: IsoDate,
  to: IsoDate,
  today: IsoDate,
): DayRange | null {
  const span = daysBetween(from, to);
  const lastStart = horizonEnd(today);
  let start = addDays(from, 1);
  // Never suggest a start in the past either.
  if (start < today) start = today;
  for (const range of booked) {
    if (start > lastStart) return null;
    if (range.end_date < start) continue;
    if (range.start_date > addDays(start, span)) break;
    start = addDays(range.end_date, 1);
  }
  return start > lastStart ? null : { start_date: start, end_date: addDays(start, span) };
}
