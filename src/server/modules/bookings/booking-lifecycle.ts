import { and, eq, lt, sql } from 'drizzle-orm';
import { todayInAccra } from '../../../shared/dates';
import type { Database, Executor } from '../../db/client';
import { bookings, cars } from '../../db/schema/index';
import { HttpError } from '../../http-errors';
import { hasOverlappingBooking } from '../cars/cars.repository';
import { executeTogether } from '../../db/together';
import { changeMessages, transitionMessages, type CarFacts } from '../messages/booking-messages';
import type { ChangeMoney } from '../messages/templates';
import {
  bookingEventInsert,
  recordBookingEvent,
  type BookingEvent,
  type BookingEventActor,
} from './booking-events';
import {
  TRANSITIONS,
  nextState,
  type BookingChangeKind,
  transitionRefusal,
  type EventWithoutTransition,
  type TransitionContext,
  type TransitionName,
} from './booking-transitions';
import { findBookingById, type BookingRow } from './bookings.repository';

/**
 * The one home of a booking's lifecycle on the server: the only code that writes a booking
 * row's status or payment_status (eslint.config.js refuses such writes anywhere else). Each
 * change is a transition of booking-transitions.ts, applied inside the caller's transaction
 * as a conditional update (on the state the decision was made on, so two deciders cannot
 * both win) together with its booking event. Other modules (payments, the staff routes) reach bookings
 * through here; this module imports nothing of payments.
 */

export type { BookingEventActor, BookingRow };
export { findBookingById };

type BookingInsert = typeof bookings.$inferInsert;

export interface TransitionBy {
  actor: BookingEventActor;
  userId?: number | null;
  note?: string | null;
  data?: Record<string, unknown> | null;
}

const contextNow = (ctx?: Partial<TransitionContext>): TransitionContext => ({
  today: ctx?.today ?? todayInAccra(),
  now: ctx?.now ?? Date.now(),
});

/** Locks the car, then the booking: the same order as the booking transaction, so no deadlock. */
export async function lockBookingWithCar(db: Executor, bookingId: number) {
  const [ref] = await db
    .select({ carId: bookings.carId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!ref) return undefined;
  await db.select({ id: cars.id }).from(cars).where(eq(cars.id, ref.carId)).for('update');
  return lockBooking(db, bookingId);
}

/** Locks one booking row (as the update that follows would), for a decision on its state. */
export const lockBooking = async (db: Executor, bookingId: number) =>
  (await db.select().from(bookings).where(eq(bookings.id, bookingId)).for('update'))[0];

/**
 * Applies a transition to a booking as it was read (`row`) if the rules allow it and the row
 * is still in that state; returns the updated row, or undefined when refused or overtaken.
 */
export async function tryTransition(
  db: Executor,
  name: TransitionName,
  row: BookingRow,
  by: TransitionBy,
  ctx?: Partial<TransitionContext>,
): Promise<BookingRow | undefined> {
  const outcome = await transition(db, name, row, by, contextNow(ctx));
  return typeof outcome === 'string' ? undefined : outcome;
}

/** As tryTransition, but a refusal is a 409 with the transition's message. */
export async function applyTransition(
  db: Executor,
  name: TransitionName,
  row: BookingRow,
  by: TransitionBy,
  ctx?: Partial<TransitionContext>,
): Promise<BookingRow> {
  const outcome = await transition(db, name, row, by, contextNow(ctx));
  if (typeof outcome === 'string') throw new HttpError(409, outcome);
  return outcome;
}

async function transition(
  db: Executor,
  name: TransitionName,
  row: BookingRow,
  by: TransitionBy,
  ctx: TransitionContext,
): Promise<BookingRow | string> {
  const rule = TRANSITIONS[name];
  const refusal = transitionRefusal(name, row, by.actor, ctx);
  if (refusal) return refusal;
  if (
    rule.needsFreeDates &&
    (await hasOverlappingBooking(db, row.carId, row.startDate, row.endDate))
  )
    return rule.refused;
  const next = nextState(name, row);
  const [updated] = await db
    .update(bookings)
    .set({
      status: next.status,
      paymentStatus: next.paymentStatus,
      ...(rule.clearsHold ? { holdExpiresAt: null } : {}),
      ...(rule.cancelledAt === 'now'
        ? { cancelledAt: sql`now()` }
        : rule.cancelledAt === 'clear'
          ? { cancelledAt: null }
          : {}),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(bookings.id, row.id),
        eq(bookings.status, row.status),
        eq(bookings.paymentStatus, row.paymentStatus),
      ),
    )
    .returning();
  if (!updated) return rule.raced;
  // The event, and what the change tells people, queued in this same transaction (MSG-1):
  // one statement.
  await executeTogether(db, [
    bookingEventInsert(db, {
      bookingId: row.id,
      type: rule.event,
      actor: by.actor,
      actorUserId: by.userId ?? null,
      note: by.note ?? null,
      data: by.data ?? null,
    }),
    ...(await transitionMessages(db, name, updated, by.data)),
  ]);
  return updated;
}

/**
 * Ends this car's mobile money holds whose time ran out, freeing their dates (the
 * hold_expired transition for every such row at once; run under the car's lock).
 */
export async function expireStaleHolds(db: Executor, carId: number) {
  const from = TRANSITIONS.hold_expired.from!;
  const to = nextState('hold_expired', { paymentStatus: 'pending' });
  const expired = await db
    .update(bookings)
    .set({
      status: to.status,
      paymentStatus: to.paymentStatus,
      cancelledAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(bookings.carId, carId),
        eq(bookings.status, from.status[0]!),
        eq(bookings.paymentStatus, from.paymentStatus[0]!),
        lt(bookings.holdExpiresAt, sql`now()`),
      ),
    )
    .returning();
  for (const row of expired) {
    await executeTogether(db, [
      bookingEventInsert(db, {
        bookingId: row.id,
        type: TRANSITIONS.hold_expired.event,
        actor: 'system',
      }),
      ...(await transitionMessages(db, 'hold_expired', row)),
    ]);
  }
  return expired;
}

/**
 * Ends the holds whose time ran out on every car, a few cars at a time (the reconciler's pass,
 * once per period across processes). A hold with an open prompt is ended by that prompt's
 * news too; this one is for a hold nothing else will end: a staff-sent prompt declined while
 * the hold ran on (STAFF-46), whose customer and dates must not wait for another booking of
 * the car (BOOK-7). Each car under its own lock, as a booking of it would take it.
 */
export async function releaseLapsedHolds(db: Database, limit = 20) {
  const due = await db
    .selectDistinct({ carId: bookings.carId })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'pending'),
        eq(bookings.paymentStatus, 'pending'),
        lt(bookings.holdExpiresAt, sql`now()`),
      ),
    )
    .limit(limit);
  let released = 0;
  for (const { carId } of due) {
    released += await db.transaction(async (tx) => {
      await tx.select({ id: cars.id }).from(cars).where(eq(cars.id, carId)).for('update');
      return (await expireStaleHolds(tx, carId)).length;
    });
  }
  return released;
}

/**
 * Creates a rental in the state its payment method starts it in, with its 'created' event.
 * `car`: the car's name and town if the caller has read them (its texts need them).
 */
export async function insertRentalBooking(
  db: Executor,
  values: Omit<BookingInsert, 'kind' | 'status' | 'paymentStatus'>,
  by: { userId: number; actor?: 'renter' | 'staff'; data?: Record<string, unknown> },
  car?: CarFacts,
): Promise<BookingRow> {
  const name: TransitionName =
    values.paymentMethod === 'mobile_money' ? 'created_mobile_money' : 'created_pay_on_pickup';
  const start = nextState(name, null);
  const row = (
    await db
      .insert(bookings)
      .values({
        ...values,
        kind: TRANSITIONS[name].kind,
        status: start.status,
        paymentStatus: start.paymentStatus,
      })
      .returning()
  )[0]!;
  await executeTogether(db, [
    bookingEventInsert(db, {
      bookingId: row.id,
      type: TRANSITIONS[name].event,
      // A phone or walk-in booking (STAFF-14): the staff member who made it, not the renter.
      actor: by.actor ?? 'renter',
      actorUserId: by.userId,
      data: by.data ?? null,
    }),
    ...(await transitionMessages(db, name, row, by.data, car)),
  ]);
  return row;
}

/** Creates a staff maintenance block of a car's dates, with its event. */
export async function insertMaintenanceBlock(
  db: Executor,
  values: Omit<BookingInsert, 'kind' | 'status' | 'paymentStatus' | 'userId'>,
  by: { userId: number; note: string | null; data?: Record<string, unknown> },
): Promise<number> {
  const rule = TRANSITIONS.maintenance_blocked;
  const start = nextState('maintenance_blocked', null);
  const [row] = await db
    .insert(bookings)
    .values({
      ...values,
      kind: rule.kind,
      userId: null,
      status: start.status,
      paymentStatus: start.paymentStatus,
    })
    .returning({ id: bookings.id });
  await recordBookingEvent(db, {
    bookingId: row!.id,
    type: rule.event,
    actor: 'staff',
    actorUserId: by.userId,
    note: by.note,
    data: by.data ?? null,
  });
  return row!.id;
}

/** Records news about a booking that leaves its state as it is (a payment started, a flag…). */
export const recordBookingNote = (
  db: Executor,
  event: BookingEvent & { type: EventWithoutTransition },
) => recordBookingEvent(db, event);

/** What a change or an extension writes: the new dates, times, extras and price. */
const CHANGE_COLUMNS = [
  'startDate',
  'endDate',
  'days',
  'pricePerDayPesewas',
  'lineCostPesewas',
  'discountPesewas',
  'extrasPesewas',
  'depositPesewas',
  'totalPesewas',
  'lines',
  'pickupTime',
  'returnTime',
  'chauffeur',
  'childSeat',
  'deliveryAddress',
  'destination',
  'destinationType',
] as const satisfies readonly (keyof BookingInsert)[];
export type BookingChangeValues = Pick<BookingInsert, (typeof CHANGE_COLUMNS)[number]> &
  // Staff may move a booking to another car, and so its branch (STAFF-19).
  Partial<Pick<BookingInsert, 'carId' | 'branchId'>>;

/**
 * Moves a booking to new dates, times, extras and price (BOOK-18, BOOK-19) in ONE update, so
 * the exclusion constraint bookings_no_overlap_excl checks the row's new dates against the
 * car's other live bookings (its own old dates are the row itself, not another booking): an
 * overlap fails the statement with 23P01, which the caller turns into a 409. The update is
 * conditional on the row as it was read (state, dates and total), so two changes cannot both
 * apply to the same version; state and payment_status are left as they are. Writes the
 * 'changed' or 'extended' event with the old and new dates and totals, and queues the
 * renter's text with the reminders moved. Undefined when the row changed meanwhile.
 */
export async function applyBookingChange(
  db: Executor,
  kind: BookingChangeKind,
  row: BookingRow,
  values: BookingChangeValues,
  by: {
    userId: number;
    money: ChangeMoney;
    actor?: 'renter' | 'staff';
    /** Staff's reason (STAFF-21), on the event's note. */
    note?: string | null;
    data?: Record<string, unknown>;
  },
): Promise<BookingRow | undefined> {
  const [updated] = await db
    .update(bookings)
    // Only these columns, whatever else `values` carries: never the state. The car and its
    // branch only when staff move the booking (STAFF-19): still this one UPDATE, so the
    // exclusion constraint checks the new car's days exactly as it checks new dates.
    .set({
      ...Object.fromEntries(CHANGE_COLUMNS.map((column) => [column, values[column]])),
      ...(values.carId !== undefined ? { carId: values.carId } : {}),
      ...(values.branchId !== undefined ? { branchId: values.branchId } : {}),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(bookings.id, row.id),
        eq(bookings.carId, row.carId),
        eq(bookings.status, row.status),
        eq(bookings.paymentStatus, row.paymentStatus),
        eq(bookings.startDate, row.startDate),
        eq(bookings.endDate, row.endDate),
        eq(bookings.totalPesewas, row.totalPesewas),
      ),
    )
    .returning();
  if (!updated) return undefined;
  const datesOf = (b: BookingRow) => ({
    start_date: b.startDate,
    end_date: b.endDate,
    pickup_time: b.pickupTime,
    return_time: b.returnTime,
    total_pesewas: b.totalPesewas,
    // What else a change may move, so the timeline can say what changed (STAFF-22).
    car_id: b.carId,
    branch_id: b.branchId,
    chauffeur: b.chauffeur,
    child_seat: b.childSeat,
    delivery_address: b.deliveryAddress,
    destination: b.destination,
    destination_type: b.destinationType,
  });
  await executeTogether(db, [
    bookingEventInsert(db, {
      bookingId: row.id,
      type: kind === 'extend' ? 'extended' : 'changed',
      actor: by.actor ?? 'renter',
      actorUserId: by.userId,
      note: by.note ?? null,
      data: {
        from: datesOf(row),
        to: datesOf(updated),
        difference_pesewas: updated.totalPesewas - row.totalPesewas,
        settle: by.money.settle,
        ...by.data,
      },
    }),
    ...(await changeMessages(db, kind, updated, by.money)),
  ]);
  return updated;
}
