import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type bookings, cars, users } from '../../db/schema/index';
import { TRANSITIONS, type TransitionName } from '../bookings/booking-transitions';
import {
  cancelBookingReminders,
  enqueueSms,
  staffRecipients,
  type NewOutboxMessage,
} from './outbox.repository';
import { remindersFor } from './schedule';
import { templates, type BookingFacts } from './templates';

type BookingRow = typeof bookings.$inferSelect;

/**
 * Benchmarks only (scripts/bench/server.ts --no-outbox): turns booking messages off, to
 * measure what the outbox write costs a booking. Always on in the app.
 */
export const bookingMessagesSwitch = { enabled: true };

/** What the texts say about a booking: its car, place and renter (one keyed read). */
async function readFacts(db: Executor, row: BookingRow) {
  const [found] = await db
    .select({
      make: cars.make,
      model: cars.model,
      city: cars.city,
      userId: users.id,
      name: users.name,
      msisdn: users.msisdn,
    })
    .from(cars)
    .leftJoin(users, eq(users.id, row.userId ?? -1))
    .where(eq(cars.id, row.carId));
  if (!found?.userId || !found.msisdn || !found.name) return null;
  const facts: BookingFacts = {
    code: row.bookingCode,
    car: `${found.make} ${found.model}`,
    place: found.city,
    startDate: row.startDate,
    endDate: row.endDate,
    totalPesewas: row.totalPesewas,
    paymentMethod: row.paymentMethod,
  };
  return { facts, renter: { id: found.userId, name: found.name, msisdn: found.msisdn } };
}

/** The renter's text for a transition's message key, or null for keys nobody is told of. */
function renterText(
  name: TransitionName,
  row: BookingRow,
  facts: BookingFacts,
  data: Record<string, unknown> | null | undefined,
): string | null {
  switch (TRANSITIONS[name].message) {
    case 'booking_received':
      return templates.booking_received(facts);
    case 'booking_confirmed':
      return templates.booking_confirmed(
        facts,
        typeof data?.reference === 'string' ? data.reference : null,
      );
    case 'payment_received':
      return templates.payment_received(facts);
    case 'payment_failed':
      return templates.payment_failed(facts);
    case 'hold_expired':
      return templates.hold_expired(facts);
    case 'booking_cancelled':
      // A paid booking that is cancelled keeps payment_status 'paid' until the refund lands.
      return templates.booking_cancelled(facts, row.paymentStatus === 'paid');
    case 'refund_completed':
      return templates.refund_completed(facts);
    case 'booking_completed':
      return templates.booking_completed(facts);
    case null:
      return null;
  }
}

/**
 * Queues, in the lifecycle's own transaction, what a transition tells people (MSG-1): the
 * renter's text for its message key; for a new booking, its reminders and the staff alert;
 * for a booking that ends (cancelled, returned), it drops the reminders not yet sent.
 * `row` is the booking as the transition left it.
 */
export async function queueTransitionMessages(
  db: Executor,
  name: TransitionName,
  row: BookingRow,
  data?: Record<string, unknown> | null,
  now: Date = new Date(),
) {
  if (row.kind !== 'rental' || !bookingMessagesSwitch.enabled) return;
  if (row.status === 'cancelled' || row.status === 'completed')
    await cancelBookingReminders(db, row.id);
  const created = TRANSITIONS[name].from === null;
  const revived = name === 'payment_verified_after_release';
  const text = TRANSITIONS[name].message;
  if (!text && !created) return;

  const read = await readFacts(db, row);
  if (!read) return;
  const { facts, renter } = read;
  const queued: NewOutboxMessage[] = [];
  const body = renterText(name, row, facts, data);
  if (body)
    queued.push({
      kind: text!,
      recipient: renter.msisdn,
      body,
      bookingId: row.id,
      userId: renter.id,
    });
  if (created || revived) {
    for (const reminder of remindersFor(row, now))
      queued.push({
        kind: reminder.kind,
        recipient: renter.msisdn,
        body: templates[reminder.kind](facts),
        bookingId: row.id,
        userId: renter.id,
        dueAt: reminder.dueAt,
      });
  }
  if (created) {
    const alert = templates.staff_new_booking(facts, renter);
    for (const staff of await staffRecipients(db))
      queued.push({
        kind: 'staff_new_booking',
        recipient: staff.msisdn,
        body: alert,
        bookingId: row.id,
        userId: staff.id,
      });
  }
  await enqueueSms(db, queued);
}
