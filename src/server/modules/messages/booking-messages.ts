import { eq, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type bookings, branches, cars } from '../../db/schema/index';
import { TRANSITIONS, type TransitionName } from '../bookings/booking-transitions';
import { bookingMessagesInsert, cancelBookingReminders } from './outbox.repository';
import { templates, type BookingFacts, type ChangeMoney } from './templates';

type BookingRow = typeof bookings.$inferSelect;

/**
 * Benchmarks only (scripts/bench/server.ts --no-outbox): turns booking messages off, to
 * measure what the outbox write costs a booking. Always on in the app.
 */
export const bookingMessagesSwitch = { enabled: true };

/**
 * The car's name and town, as the texts give them. A caller that has just read the car (the
 * booking transaction locks its row) passes them, which spares the booking a statement.
 */
export interface CarFacts {
  make: string;
  model: string;
  city: string;
  /** The booking's branch (BRANCH-3); the car's when the booking has none. */
  branch: string;
}

async function readCar(db: Executor, row: BookingRow): Promise<CarFacts | undefined> {
  const [car] = await db
    .select({ make: cars.make, model: cars.model, city: cars.city, branch: branches.name })
    .from(cars)
    .innerJoin(branches, eq(branches.id, row.branchId))
    .where(eq(cars.id, row.carId));
  return car;
}

const factsOf = (row: BookingRow, car: CarFacts): BookingFacts => ({
  code: row.bookingCode,
  car: `${car.make} ${car.model}`,
  place: car.city,
  branch: car.branch,
  pickupTime: row.pickupTime,
  startDate: row.startDate,
  endDate: row.endDate,
  totalPesewas: row.totalPesewas,
  paymentMethod: row.paymentMethod,
});

interface DepositData {
  kept_pesewas: number;
  returned_pesewas: number;
  returned_method: string;
  counter_pesewas: number;
}
const isDeposit = (value: unknown): value is DepositData =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as DepositData).kept_pesewas === 'number' &&
  typeof (value as DepositData).returned_pesewas === 'number';

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
      // A return recorded with its deposit (HAND-8) says what happened to the deposit.
      return isDeposit(data?.deposit)
        ? templates.deposit_settled(facts, {
            keptPesewas: data.deposit.kept_pesewas,
            returnedPesewas: data.deposit.returned_pesewas,
            returnedMethod: data.deposit.returned_method,
            counterPesewas: data.deposit.counter_pesewas,
          })
        : templates.booking_completed(facts);
    case 'no_show':
      return templates.no_show(facts);
    case null:
      return null;
  }
}

/**
 * What a transition tells people (MSG-1), as statements for the lifecycle to run in its own
 * transaction, together with the change's booking event: the renter's text for its message
 * key; the staff alert once a booking stands; for a booking that ends (cancelled, returned),
 * dropping the reminders not yet sent. Reminders are not written here: the reminder job
 * queues them from the bookings shortly before they are due (reminder-job.ts, MSG-3), so a
 * new or revived booking gets them with no row of its own.
 * `row` is the booking as the transition left it.
 * A new booking's texts are one INSERT of two rows: the renter's (their number comes from
 * `users` inside it) and one staff alert, fanned out to the staff when it is sent (MSG-5). The
 * car's name and town come from the caller (`car`) when it has them (otherwise they are read
 * here first).
 */
export async function transitionMessages(
  db: Executor,
  name: TransitionName,
  row: BookingRow,
  data?: Record<string, unknown> | null,
  car?: CarFacts,
): Promise<SQLWrapper[]> {
  if (row.kind !== 'rental' || row.userId === null || !bookingMessagesSwitch.enabled) return [];
  const statements: SQLWrapper[] = [];
  if (row.status === 'cancelled' || row.status === 'completed')
    statements.push(cancelBookingReminders(db, row.id));
  const key = TRANSITIONS[name].message;
  if (!key) return statements;

  const known = car ?? (await readCar(db, row));
  if (!known) return statements;
  const facts = factsOf(row, known);
  const body = renterText(name, row, facts, data);
  const insert = bookingMessagesInsert({
    bookingId: row.id,
    renterId: row.userId,
    forRenter: body ? { kind: key, body } : null,
    // Staff hear of a booking once it stands: pay on pickup at once, mobile money once paid
    // (a hold that lapses unpaid is no news to them); a pay-on-pickup booking paid online later
    // (BOOK-23) was news at its creation.
    staffAlert:
      name === 'created_pay_on_pickup' || (key === 'booking_confirmed' && name !== 'paid_online')
        ? { kind: 'staff_new_booking', body: templates.staff_new_booking(facts) }
        : key === 'no_show'
          ? { kind: 'staff_no_show', body: templates.staff_no_show(facts) }
          : null,
  });
  if (insert) statements.push(insert);
  return statements;
}

/**
 * The statements, not yet run, that tell the renter of a change (BOOK-18, BOOK-19): the
 * "change confirmed" text, and the reminders already queued dropped (the reminder job queues
 * those of the booking as it now is, none whose time had come before the change, MSG-3).
 * Run in the change's own transaction with its event (executeTogether).
 */
export async function changeMessages(
  db: Executor,
  kind: 'change' | 'extend',
  row: BookingRow,
  money: ChangeMoney,
): Promise<SQLWrapper[]> {
  if (row.kind !== 'rental' || row.userId === null || !bookingMessagesSwitch.enabled) return [];
  const statements: SQLWrapper[] = [cancelBookingReminders(db, row.id)];
  const known = await readCar(db, row);
  if (!known) return statements;
  const facts = factsOf(row, known);
  const insert = bookingMessagesInsert({
    bookingId: row.id,
    renterId: row.userId,
    forRenter: { kind: 'booking_changed', body: templates.booking_changed(facts, kind, money) },
    staffAlert: null,
  });
  if (insert) statements.push(insert);
  return statements;
}

/**
 * The statements, not yet run, that send the receipt of a change's difference paid by mobile
 * money (BOOK-21), in the transaction that records it paid.
 */
export async function topUpReceiptMessages(
  db: Executor,
  row: BookingRow,
  payment: { amountPesewas: number; reference: string },
  leftPesewas: number,
): Promise<SQLWrapper[]> {
  if (row.kind !== 'rental' || row.userId === null || !bookingMessagesSwitch.enabled) return [];
  const known = await readCar(db, row);
  if (!known) return [];
  const body = templates.top_up_received(
    factsOf(row, known),
    payment.amountPesewas,
    payment.reference,
    leftPesewas,
  );
  const insert = bookingMessagesInsert({
    bookingId: row.id,
    renterId: row.userId,
    forRenter: { kind: 'top_up_received', body },
    staffAlert: null,
  });
  return insert ? [insert] : [];
}
