import { and, between, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_RENTAL_DAYS } from '../../../shared/constants';
import { addDays } from '../../../shared/dates';
import type { Database } from '../../db/client';
import { bookings, branches, cars, smsOutbox, users } from '../../db/schema/index';
import { reminderDatesBetween, remindersFor, type ScheduledReminder } from './schedule';
import { templates } from './templates';

/** How often the reminder job runs (once per period across every process, PERF-10). */
export const REMINDER_JOB_EVERY_MS = 5 * 60_000;
/**
 * Reminders are queued this long before their time, so that the worker sends them on the
 * minute: three periods, which a run missed or late (its slot's jitter) does not use up.
 */
export const REMINDER_LEAD_MS = 3 * REMINDER_JOB_EVERY_MS;
/**
 * A reminder whose time passed less than this ago is still queued (a booking made just
 * before 18:00, after the run that looked ahead; a run missed while the database was down);
 * an older one is not: "tomorrow" the next morning would be wrong.
 */
export const REMINDER_LATE_LIMIT_MS = 60 * 60_000;

/**
 * A pickup reminder is for a booking not yet picked up; a return one for any live booking
 * (these, or 'active').
 */
const AWAITING_PICKUP = ['pending', 'confirmed'];

/**
 * Queues the reminders due between `now - REMINDER_LATE_LIMIT_MS` and `now + REMINDER_LEAD_MS`
 * (MSG-3, MSG-9), read from the bookings themselves, so a booking pays no reminder row when it
 * is made (decision 015). A reminder is queued only for a live rental (none once cancelled or
 * returned, MSG-4), whose renter has reminders on, and whose dates stood before the
 * reminder's time (`updated_at`: a booking made or changed after 18:00 the evening before gets
 * no "tomorrow" text). Running it again, or in two processes at once, queues nothing twice
 * (MSG-11): sms_outbox_reminder_key allows one live reminder per booking, kind and time. The
 * bookings it reads are locked (FOR SHARE) until its INSERT commits, so a cancellation or
 * change in the meantime waits and then drops the reminder it queued. Returns how many it
 * queued.
 */
export async function queueDueReminders(db: Database, now: Date = new Date()): Promise<number> {
  const from = new Date(now.getTime() - REMINDER_LATE_LIMIT_MS);
  const to = new Date(now.getTime() + REMINDER_LEAD_MS);
  const { startDates, endDates } = reminderDatesBetween(from, to);
  if (!startDates.length && !endDates.length) return 0;

  const due: SQL[] = [];
  // Each branch is a range of bookings_status_start_idx or bookings_active_end_idx.
  if (startDates.length)
    due.push(
      and(inArray(bookings.status, AWAITING_PICKUP), inArray(bookings.startDate, startDates))!,
    );
  if (endDates.length) {
    due.push(and(eq(bookings.status, 'active'), inArray(bookings.endDate, endDates))!);
    due.push(
      and(
        inArray(bookings.status, AWAITING_PICKUP),
        // A rental lasts at most MAX_RENTAL_DAYS: bounds the range read for a return date.
        between(
          bookings.startDate,
          addDays(endDates[0]!, -MAX_RENTAL_DAYS),
          endDates[endDates.length - 1]!,
        ),
        inArray(bookings.endDate, endDates),
      )!,
    );
  }

  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: bookings.id,
        code: bookings.bookingCode,
        status: bookings.status,
        startDate: bookings.startDate,
        endDate: bookings.endDate,
        pickupTime: bookings.pickupTime,
        totalPesewas: bookings.totalPesewas,
        paymentMethod: bookings.paymentMethod,
        updatedAt: bookings.updatedAt,
        userId: users.id,
        msisdn: users.msisdn,
        make: cars.make,
        model: cars.model,
        city: cars.city,
        branch: branches.name,
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .innerJoin(branches, eq(branches.id, bookings.branchId))
      .where(and(eq(bookings.kind, 'rental'), eq(users.smsReminders, true), or(...due)))
      .for('share', { of: bookings });

    const values = rows.flatMap((b) => {
      const facts = {
        code: b.code,
        car: `${b.make} ${b.model}`,
        place: b.city,
        branch: b.branch,
        pickupTime: b.pickupTime,
        startDate: b.startDate,
        endDate: b.endDate,
        totalPesewas: b.totalPesewas,
        paymentMethod: b.paymentMethod,
      };
      const wanted = (r: ScheduledReminder) =>
        r.dueAt >= from &&
        r.dueAt <= to &&
        (r.kind === 'return_reminder' || AWAITING_PICKUP.includes(b.status));
      return remindersFor(b, b.updatedAt)
        .filter(wanted)
        .map((r) => ({
          kind: r.kind,
          bookingId: b.id,
          userId: b.userId,
          recipient: b.msisdn,
          body: templates[r.kind](facts),
          dueAt: r.dueAt,
        }));
    });
    if (!values.length) return 0;
    const queued = await tx
      .insert(smsOutbox)
      .values(values)
      .onConflictDoNothing({
        target: [smsOutbox.bookingId, smsOutbox.kind, smsOutbox.dueAt],
        where: sql`kind in ('pickup_reminder', 'return_reminder') and status <> 'cancelled'`,
      })
      .returning({ id: smsOutbox.id });
    return queued.length;
  });
}

/** The reminder job (MSG-3), once per period across every process. */
export const reminderJobPlugin = fp(
  async (app: FastifyInstance, opts: { everyMs?: number }) => {
    const everyMs = opts.everyMs ?? REMINDER_JOB_EVERY_MS;
    if (everyMs <= 0) return;
    app.scheduler.registerJob('sms-reminders', everyMs, async () => {
      // Those due already (a late booking's) go at once; the others by the worker's poll.
      if ((await queueDueReminders(app.db)) > 0) app.sms.nudge();
    });
  },
  { name: 'sms-reminders', dependencies: ['scheduler', 'sms'] },
);
