/**
 * When messages are due (MSG-3, MSG-4): pure, so the rules are unit-tested without a clock.
 * Accra keeps GMT all year (no daylight saving), so a wall-clock time there is the same
 * instant in UTC.
 */

/** The instant of `time` ('HH:MM') on `date` ('YYYY-MM-DD') in Accra. */
export const accraInstant = (date: string, time: string) => new Date(`${date}T${time}:00Z`);

const dayBefore = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
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
 * The reminders a booking gets, made at `now`: none whose time has already come, so a
 * booking made after 18:00 the evening before its pickup gets no late "tomorrow" text.
 */
export function remindersFor(
  booking: { startDate: string; endDate: string },
  now: Date,
): ScheduledReminder[] {
  const reminders: ScheduledReminder[] = [
    {
      kind: 'pickup_reminder',
      dueAt: accraInstant(dayBefore(booking.startDate), PICKUP_REMINDER_TIME),
    },
    { kind: 'return_reminder', dueAt: accraInstant(booking.endDate, RETURN_REMINDER_TIME) },
  ];
  return reminders.filter((r) => r.dueAt.getTime() > now.getTime());
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
