import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type bookings, cars } from '../../db/schema/index';
import { TRANSITIONS, type TransitionName } from '../bookings/booking-transitions';
import {
  cancelBookingReminders,
  enqueueBookingMessages,
  type RenterMessage,
} from './outbox.repository';
import { remindersFor } from './schedule';
import { templates, type BookingFacts, type ChangeMoney } from './templates';

type BookingRow = typeof bookings.$inferSelect;

/**
 * Benchmarks only (scripts/bench/server.ts --no-outbox): turns booking messages off, to
 * measure what the outbox write costs a booking. Always on in the app.
 */
export const bookingMessagesSwitch = { enabled: true };

/** The car's name and town, as the texts give them. */
interface CarFacts {
  make: string;
  model: string;
  city: string;
}

async function readCar(db: Executor, carId: number): Promise<CarFacts | undefined> {
  const [car] = await db
    .select({ make: cars.make, model: cars.model, city: cars.city })
    .from(cars)
    .where(eq(cars.id, carId));
  return car;
}

const factsOf = (row: BookingRow, car: CarFacts): BookingFacts => ({
  code: row.bookingCode,
  car: `${car.make} ${car.model}`,
  place: car.city,
  startDate: row.startDate,
  endDate: row.endDate,
  totalPesewas: row.totalPesewas,
  paymentMethod: row.paymentMethod,
});

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
 * renter's text for its message key; for a new booking, its reminders; the staff alert once
 * a booking stands;
 * for a booking that ends (cancelled, returned), it drops the reminders not yet sent.
 * `row` is the booking as the transition left it.
 * A new booking costs one INSERT: the renter's number and the staff's come from `users`
 * inside it.
 */
export async function queueTransitionMessages(
  db: Executor,
  name: TransitionName,
  row: BookingRow,
  data?: Record<string, unknown> | null,
  now: Date = new Date(),
) {
  if (row.kind !== 'rental' || row.userId === null || !bookingMessagesSwitch.enabled) return;
  if (row.status === 'cancelled' || row.status === 'completed')
    await cancelBookingReminders(db, row.id);
  const created = TRANSITIONS[name].from === null;
  const revived = name === 'payment_verified_after_release';
  const key = TRANSITIONS[name].message;
  if (!key && !created && !revived) return;

  const known = await readCar(db, row.carId);
  if (!known) return;
  const facts = factsOf(row, known);
  const forRenter: RenterMessage[] = [];
  const body = renterText(name, row, facts, data);
  if (key && body) forRenter.push({ kind: key, body });
  if (created || revived)
    for (const reminder of remindersFor(row, now))
      forRenter.push({
        kind: reminder.kind,
        body: templates[reminder.kind](facts),
        dueAt: reminder.dueAt,
      });
  await enqueueBookingMessages(db, {
    bookingId: row.id,
    renterId: row.userId,
    forRenter,
    // Staff hear of a booking once it stands: pay on pickup at once, mobile money once paid
    // (a hold that lapses unpaid is no news to them).
    staffAlert:
      name === 'created_pay_on_pickup' || key === 'booking_confirmed'
        ? templates.staff_new_booking(facts)
        : null,
  });
}

/**
 * Queues, in the change's own transaction, the renter's "change confirmed" text (BOOK-18,
 * BOOK-19) and moves the reminders to the new dates: the ones not yet sent are dropped and
 * those of the booking as it now is are queued (none whose time has already come).
 */
export async function queueChangeMessages(
  db: Executor,
  kind: 'change' | 'extend',
  row: BookingRow,
  money: ChangeMoney,
  now: Date = new Date(),
) {
  if (row.kind !== 'rental' || row.userId === null || !bookingMessagesSwitch.enabled) return;
  await cancelBookingReminders(db, row.id);
  const known = await readCar(db, row.carId);
  if (!known) return;
  const facts = factsOf(row, known);
  const forRenter: RenterMessage[] = [
    { kind: 'booking_changed', body: templates.booking_changed(facts, kind, money) },
  ];
  // During the trip the pickup has happened: only the return reminder is still to come.
  for (const reminder of remindersFor(row, now))
    if (kind === 'change' || reminder.kind === 'return_reminder')
      forRenter.push({
        kind: reminder.kind,
        body: templates[reminder.kind](facts),
        dueAt: reminder.dueAt,
      });
  await enqueueBookingMessages(db, {
    bookingId: row.id,
    renterId: row.userId,
    forRenter,
    staffAlert: null,
  });
}
