/**
 * When messages are due (MSG-3, MSG-4): pure, so the rules are unit-tested without a clock.
 * Accra keeps GMT all year (no daylight saving), so a wall-clock time there is the same
 * instant in UTC.
 */

/** The instant of `time` ('HH:MM') on `date` ('YYYY-MM-DD') in Accra. */
export const accraInstant = (date: string, time: string) => new Date(`${date}T${time}:00Z`);

const addDay = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The pickup reminder goes at 18:00 the evening before; the return one at 07:00 that morning. */
export const PICKUP_REMINDER_TIME = '18:00';
export const RETURN_REMINDER_TIME = '07:00';

export interface ScheduledReminder {
  kind: 'pickup_reminder' | 'return_reminder';
  dueAt: Date;
}

/**
 * The reminders a booking gets whose dates were set at `now` (made, changed or revived): none
 * whose time had already come, so a booking made after 18:00 the evening before its pickup
 * gets no late "tomorrow" text.
 */
export function remindersFor(
  booking: { startDate: string; endDate: string },
  now: Date,
): ScheduledReminder[] {
  const reminders: ScheduledReminder[] = [
    {
      kind: 'pickup_reminder',
      dueAt: accraInstant(addDay(booking.startDate, -1), PICKUP_REMINDER_TIME),
    },
    { kind: 'return_reminder', dueAt: accraInstant(booking.endDate, RETURN_REMINDER_TIME) },
  ];
  return reminders.filter((r) => r.dueAt.getTime() > now.getTime());
}

/** The dates whose reminders fall in a window: pickups starting on, returns ending on. */
export interface ReminderDates {
  startDates: string[];
  endDates: string[];
}

/**
 * Which bookings have a reminder due in [from, to] (MSG-3): those starting the day after an
 * 18:00 in the window, and those ending on a day whose 07:00 is in it. Empty outside the hour
 * or so around 18:00 and 07:00, so most runs of the reminder job read nothing.
 */
export function reminderDatesBetween(from: Date, to: Date): ReminderDates {
  const dates: ReminderDates = { startDates: [], endDates: [] };
  const inWindow = (at: Date) => at.getTime() >= from.getTime() && at.getTime() <= to.getTime();
  const last = to.toISOString().slice(0, 10);
  for (let day = from.toISOString().slice(0, 10); day <= last; day = addDay(day, 1)) {
    if (inWindow(accraInstant(day, PICKUP_REMINDER_TIME))) dates.startDates.push(addDay(day, 1));
    if (inWindow(accraInstant(day, RETURN_REMINDER_TIME))) dates.endDates.push(day);
  }
  return dates;
}

/**
 * How long to wait before trying a failed send again, or null to give up (MSG-2): about 1, 5
 * and 30 minutes. A code lives 10 minutes, so it is not tried after the 5-minute wait.
 * `attempts` counts the tries made so far, the failed one included.
 */
const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60];
const CODE_RETRY_DELAYS_SECONDS = [60, 5 * 60];

export function retryDelaySeconds(kind: string, attempts: number): number | null {
  const delays = kind === 'code' ? CODE_RETRY_DELAYS_SECONDS : RETRY_DELAYS_SECONDS;
  return delays[attempts - 1] ?? null;
}
