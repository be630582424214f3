import { DEFAULT_HANDOVER_TIME } from '../../../shared/constants';
import { addDays } from '../../../shared/dates';

const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const toClock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The hours assumed until the car's branch has loaded (every branch keeps them today). */
export const USUAL_HOURS = { opens: '07:00', closes: '21:00' } as const;

/**
 * The pickup and return times a branch offers (BOOK-16): every half hour from opening to
 * closing, both included ('07:00', '07:30', … '21:00').
 */
export function handoverSlots(opens: string, closes: string): string[] {
  const slots: string[] = [];
  const first = Math.ceil(toMinutes(opens) / 30) * 30;
  for (let m = first; m <= toMinutes(closes); m += 30) slots.push(toClock(m));
  return slots;
}

/** The time to preselect: 09:00 when the branch is open then, else its first slot. */
export const defaultSlot = (slots: string[]) =>
  slots.includes(DEFAULT_HANDOVER_TIME)
    ? DEFAULT_HANDOVER_TIME
    : (slots[0] ?? DEFAULT_HANDOVER_TIME);

/**
 * The times still ahead on a day (BOOK-16): all of them on a later day, on today those after
 * the clock, since nobody can collect a car in the past.
 */
export const slotsAhead = (slots: string[], day: string, today: string, clock: string) =>
  day === today ? slots.filter((slot) => slot > clock) : slots;

/** The first day a car can still be collected: today, or tomorrow once today's times are gone. */
export const firstPickupDay = (slots: string[], today: string, clock: string) =>
  slotsAhead(slots, today, today, clock).length > 0 ? today : addDays(today, 1);
