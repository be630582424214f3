import { and, asc, count, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import { normalizeBookingCode } from '../../../shared/booking-code';
import { todayInAccra } from '../../../shared/dates';
import {
  ADMIN_BOOKING_ACTIONS,
  adminMessages,
  type AdminBookingAction,
  type AdminBookingDetail,
  type AdminBookingListQuery,
} from '../../../shared/schemas/admin';
import { pesewasToCedis } from '../../../shared/money';
import type { Database, Executor } from '../../db/client';
import { bookingEvents, bookings, payments as paymentsTable, users } from '../../db/schema/index';
import { HttpError } from '../../http-errors';
import { applyTransition, type BookingRow } from '../bookings/booking-lifecycle';
import { nextState, staffActionRefusal, staffTransitionOf } from '../bookings/booking-transitions';
import { cancelPaidBooking } from '../bookings/bookings.service';
import { findSuccessfulPayment } from '../payments/payments.repository';
import {
  recordCashPayment,
  recordCashRefund,
  retryFailedRefund,
  settleRefundByHand,
  type PaymentsContext,
} from '../payments/payments.service';
import { toAdminBookingSummary, toAdminPayment } from './admin-booking-mapper';
import { summariesWhere, type BookingSummaryRow } from './admin-booking-summaries.repository';
import { bookingCodeMatch, likeEscape, msisdnMatch } from './admin-search';

export async function listAdminBookings(db: Database, query: AdminBookingListQuery) {
  const q = query.q;
  const search = q
    ? or(bookingCodeMatch(q), msisdnMatch(q), sql`${users.name} ilike ${`%${likeEscape(q)}%`}`)
    : undefined;
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(bookings.status, query.status) : undefined,
    query.payment_status ? eq(bookings.paymentStatus, query.payment_status) : undefined,
    query.car_id ? eq(bookings.carId, query.car_id) : undefined,
    // Bookings with any day in [from, to].
    query.to ? lte(bookings.startDate, query.to) : undefined,
    query.from ? gte(bookings.endDate, query.from) : undefined,
    search,
  ];
  const [rows, totals] = await Promise.all([
    summariesWhere(db, ...conditions)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countSummaries(db, conditions),
  ]);
  return { bookings: rows.map(toAdminBookingSummary), total: totals };
}

async function countSummaries(db: Database, conditions: (SQL | undefined)[]) {
  const rows = await db
    .select({ total: count() })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.kind, 'rental'), ...conditions));
  return Number(rows[0]?.total ?? 0);
}

/** What staff may do with a booking now: the same rules that guard the actions. */
function allowedActions(b: BookingRow, today: string): AdminBookingAction[] {
  return ADMIN_BOOKING_ACTIONS.filter((action) => staffActionRefusal(action, b, today) === null);
}

export async function loadBookingDetail(
  db: Executor,
  code: string,
): Promise<AdminBookingDetail | undefined> {
  const [row] = await summariesWhere(db, eq(bookings.bookingCode, code)).limit(1);
  if (!row) return undefined;
  return detailOf(db, row);
}

async function detailOf(db: Executor, row: BookingSummaryRow): Promise<AdminBookingDetail> {
  const b = row.booking;
  const [events, paymentRows] = await Promise.all([
    db
      .select({
        event: bookingEvents,
        user: { id: users.id, name: users.name, msisdn: users.msisdn },
      })
      .from(bookingEvents)
      .leftJoin(users, eq(users.id, bookingEvents.actorUserId))
      .where(eq(bookingEvents.bookingId, b.id))
      .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id)),
    db
      .select()
      .from(paymentsTable)
      .where(eq(paymentsTable.bookingId, b.id))
      .orderBy(asc(paymentsTable.createdAt), asc(paymentsTable.id)),
  ]);
  return {
    ...toAdminBookingSummary(row),
    line_cost: pesewasToCedis(b.lineCostPesewas),
    deposit: pesewasToCedis(b.depositPesewas),
    destination: b.destination,
    destination_type: b.destinationType,
    hold_expires_at: b.holdExpiresAt?.toISOString() ?? null,
    cancelled_at: b.cancelledAt?.toISOString() ?? null,
    updated_at: b.updatedAt.toISOString(),
    allowed_actions: allowedActions(b, todayInAccra()),
    events: events.map(({ event, user }) => ({
      id: event.id,
      type: event.type,
      actor: event.actor,
      actor_user: user,
      note: event.note,
      data: (event.data as Record<string, unknown> | null) ?? null,
      created_at: event.createdAt.toISOString(),
    })),
    payments: paymentRows.map(toAdminPayment),
  };
}

export const findRentalByCode = async (db: Executor, code: string) =>
  (
    await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.bookingCode, normalizeBookingCode(code)), eq(bookings.kind, 'rental')))
      .limit(1)
  )[0];

/** What staff are told once an action is done. */
const DONE: Record<Exclude<AdminBookingAction, 'cancel'> | 'cancel_unpaid', string> = {
  record_cash: 'Cash payment recorded.',
  pick_up: 'Marked as picked up.',
  return: 'Marked as returned.',
  cancel_unpaid: 'Booking cancelled.',
};

/**
 * One staff action on a booking, in one transaction: its lifecycle transition (conditional on
 * the state the decision was made on, so when two staff act at once the second gets 409
 * instead of applying the action twice), its payment row (cash) and its timeline event with
 * the staff user's id.
 */
export async function applyBookingAction(
  payments: PaymentsContext,
  code: string,
  action: AdminBookingAction,
  staffId: number,
  note: string | null,
): Promise<{ message: string; booking: AdminBookingDetail }> {
  const db = payments.db;
  const current = await findRentalByCode(db, code);
  if (!current) throw new HttpError(404, adminMessages.bookingNotFound);
  const refusal = staffActionRefusal(action, current, todayInAccra());
  if (refusal) throw new HttpError(409, refusal);

  const name = staffTransitionOf(action, current);
  const message =
    name === 'staff_cancel_paid'
      ? await cancelPaid(payments, current, staffId, note)
      : await db.transaction(async (tx) => {
          const by = { actor: 'staff' as const, userId: staffId, note };
          if (name === 'cash_recorded') {
            const reference = await recordCashPayment(tx, current);
            await applyTransition(tx, name, current, {
              ...by,
              data: { amount_pesewas: current.totalPesewas, payment_reference: reference },
            });
          } else {
            await applyTransition(tx, name, current, {
              ...by,
              data: { from: current.status, to: nextState(name, current).status },
            });
          }
          return DONE[action === 'cancel' ? 'cancel_unpaid' : action];
        });
  const booking = await loadBookingDetail(db, current.bookingCode);
  return { message, booking: booking! };
}

/**
 * A paid booking is cancelled with its refund. Mobile money goes back through the provider
 * (bookings.service cancelPaidBooking); cash was taken over the counter, so staff hand it back
 * and the refund is recorded here at once.
 */
async function cancelPaid(
  payments: PaymentsContext,
  current: BookingRow,
  staffId: number,
  note: string | null,
) {
  const paid = await findSuccessfulPayment(payments.db, current.id);
  if (paid && paid.provider !== 'cash') {
    const cancelled = await cancelPaidBooking(payments, current.id, {
      actor: 'staff',
      userId: staffId,
      today: null,
      note: note ?? undefined,
    });
    if (!cancelled) throw new HttpError(409, adminMessages.changedMeanwhile);
    return 'Booking cancelled. The refund was sent to the mobile money provider.';
  }
  await payments.db.transaction(async (tx) => {
    const cancelled = await applyTransition(tx, 'staff_cancel_paid', current, {
      actor: 'staff',
      userId: staffId,
      note,
      data: { from: current.status, to: 'cancelled' },
    });
    if (paid) await recordCashRefund(tx, paid.id);
    await applyTransition(tx, 'refund_completed', cancelled, {
      actor: 'staff',
      userId: staffId,
      note: 'Cash handed back to the renter.',
      data: {
        reference: paid?.reference ?? null,
        amount_pesewas: paid?.amountPesewas ?? current.totalPesewas,
      },
    });
  });
  return 'Booking cancelled. Hand the cash back to the renter.';
}

/** Staff: 'Retry refund' on a refund the provider failed or flagged (PAY-18). */
export async function retryRefund(payments: PaymentsContext, code: string, staffId: number) {
  const current = await findRentalByCode(payments.db, code);
  if (!current) throw new HttpError(404, adminMessages.bookingNotFound);
  await retryFailedRefund(payments, current.id, staffId);
  const booking = await loadBookingDetail(payments.db, current.bookingCode);
  return { message: 'Refund asked for again.', booking: booking! };
}

/** Staff: 'Settled by hand', with a note of how the money went back (PAY-18). */
export async function settleRefund(
  payments: PaymentsContext,
  code: string,
  staffId: number,
  note: string,
) {
  const current = await findRentalByCode(payments.db, code);
  if (!current) throw new HttpError(404, adminMessages.bookingNotFound);
  await settleRefundByHand(payments, current.id, staffId, note);
  const booking = await loadBookingDetail(payments.db, current.bookingCode);
  return { message: 'Refund recorded as settled by hand.', booking: booking! };
}
