import { DEFAULT_HANDOVER_TIME } from '../../../shared/constants';

const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const toClock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

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
