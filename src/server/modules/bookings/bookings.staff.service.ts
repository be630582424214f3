import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { todayInAccra } from '../../../shared/dates';
import type {
  AdminBookingAction,
  AdminBookingDetail,
  AdminBookingListQuery,
} from '../../../shared/schemas/bookings.staff';
import { adminMessages } from '../../../shared/staff-messages';
import { formatCedis, pesewasToCedis } from '../../../shared/money';
import { type Database, rowsOf } from '../../db/client';
import { bookings, users } from '../../db/schema/index';
import { HttpError } from '../../http-errors';
import { findRentalByCode, loadBookingDetail } from './booking-detail';
import { applyTransition, type BookingRow } from './booking-lifecycle';
import { staffActionRefusal, staffTransitionOf } from './booking-permissions';
import { nextState } from './booking-transitions';
import { cancelPaidBooking } from './booking-cancellation.service';
import { findSuccessfulPayment } from '../payments/payments.repository';
import { recordCashPayment, recordCashRefund } from '../payments/cash-payments';
import { closeOpenAttempts, withdrawPrompts } from '../payments/payment-prompts';
import type { PaymentsContext } from '../payments/payments-context';
import { retryFailedRefund, settleRefundByHand } from '../payments/refunds';
import { toAdminBookingSummary } from './booking-summary-mapper';
import { isRental, summariesWhere } from './booking-summaries.repository';
import { countRowsUpToLimit, isBeyondListedRows, pageOffset } from '../../staff-api/paging';
import { bookingCodeMatch, likeEscape, msisdnMatch } from '../../staff-api/search';

/** Past this many renters matching a search, they are matched by a subquery, not by id. */
const RENTER_IDS_LIMIT = 1_000;

/**
 * The bookings list's conditions, all on bookings' own columns so one index answers each
 * (PERF-3): a code by its pattern index, dates through the range index, a renter's name or
 * phone through the renters it matches (trigram indexes). Those renters are looked up first: a
 * few become a list of ids, which bookings_user_id_created_idx answers; a vague text that
 * matches more than RENTER_IDS_LIMIT of them stays a subquery, which PostgreSQL hashes once.
 */
async function bookingListConditions(
  db: Database,
  query: AdminBookingListQuery,
  branchIds: readonly number[] | null,
): Promise<{ conditions: (SQL | undefined)[]; narrow: boolean }> {
  const q = query.q;
  let search: SQL | undefined;
  let narrow = false;
  if (q) {
    const renters = or(sql`${users.name} ilike ${`%${likeEscape(q)}%`}`, msisdnMatch(q));
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(renters)
      .limit(RENTER_IDS_LIMIT + 1);
    const byRenter =
      found.length > RENTER_IDS_LIMIT
        ? inArray(bookings.userId, db.select({ id: users.id }).from(users).where(renters))
        : found.length
          ? inArray(
              bookings.userId,
              found.map((r) => r.id),
            )
          : undefined;
    search = or(bookingCodeMatch(q), byRenter) ?? sql`false`;
    narrow = found.length <= RENTER_IDS_LIMIT;
  }
  const conditions = [
    isRental,
    query.status ? eq(bookings.status, query.status) : undefined,
    query.payment_status ? eq(bookings.paymentStatus, query.payment_status) : undefined,
    query.car_id ? eq(bookings.carId, query.car_id) : undefined,
    // A manager or an agent sees their branches' bookings only (ROLE-5).
    branchIds ? inArray(bookings.branchId, [...branchIds]) : undefined,
    // Bookings with any day in [from, to] (either end may be open).
    query.from || query.to
      ? sql`daterange(${bookings.startDate}, ${bookings.endDate}, '[]') && daterange(${query.from ?? null}::date, ${query.to ?? null}::date, '[]')`
      : undefined,
    search,
  ];
  return { conditions, narrow };
}

/**
 * A page of rentals, newest first, and how many match. The page's ids are found first on
 * bookings alone (an index walk in created_at order, bounded by LISTED_ROWS_LIMIT); only those
 * rows are joined to their car, renter and payments.
 */
export async function listAdminBookings(
  db: Database,
  query: AdminBookingListQuery,
  branchIds: readonly number[] | null,
) {
  const { conditions, narrow } = await bookingListConditions(db, query, branchIds);
  const newestFirst = [desc(bookings.createdAt), desc(bookings.id)] as const;
  const where = and(...conditions);
  const offset = pageOffset(query.page, query.limit);
  // A search narrowed to a few renters or codes is answered from their indexes and then
  // sorted; without the fence (offset 0) the planner may walk every booking in created_at order
  // hoping to meet them early, which a renter of long standing makes it read 150,000 rows for.
  const pageIds = narrow
    ? rowsOf<{ id: number }>(
        await db.execute(
          sql`select id from (select ${bookings.id} as id, ${bookings.createdAt} as created_at from ${bookings} where ${where} offset 0) matching order by created_at desc, id desc limit ${query.limit} offset ${offset}`,
        ),
      ).map((r) => Number(r.id))
    : db
        .select({ id: bookings.id })
        .from(bookings)
        .where(where)
        .orderBy(...newestFirst)
        .limit(query.limit)
        .offset(offset);
  const [rows, count] = await Promise.all([
    isBeyondListedRows(query.page, query.limit) || (Array.isArray(pageIds) && !pageIds.length)
      ? []
      : summariesWhere(db, inArray(bookings.id, pageIds)).orderBy(...newestFirst),
    countRowsUpToLimit(
      db,
      db
        .select({ id: bookings.id })
        .from(bookings)
        .where(where)
        .orderBy(...newestFirst),
    ),
  ]);
  return { bookings: rows.map(toAdminBookingSummary), count };
}

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
  let closed: string[] = [];
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
            // An open mobile money prompt can no longer pay for it (BOOK-8).
            if (name === 'staff_cancel') closed = await closeOpenAttempts(tx, current.id);
          }
          return DONE[action === 'cancel' ? 'cancel_unpaid' : action];
        });
  await withdrawPrompts(payments, closed);
  const booking = await loadBookingDetail(db, current.bookingCode);
  return { message, booking: booking! };
}

/**
 * A paid booking is cancelled with its refund. Mobile money goes back through the provider
 * (booking-cancellation.service cancelPaidBooking); cash was taken over the counter, so staff hand it back
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
  const handBack = await payments.db.transaction(async (tx) => {
    const cancelled = await applyTransition(tx, 'staff_cancel_paid', current, {
      actor: 'staff',
      userId: staffId,
      note,
      data: { from: current.status, to: 'cancelled' },
    });
    const amount = paid ? await recordCashRefund(tx, paid) : current.totalPesewas;
    await applyTransition(tx, 'refund_completed', cancelled, {
      actor: 'staff',
      userId: staffId,
      note: 'Cash handed back to the renter.',
      data: { reference: paid?.reference ?? null, amount_pesewas: amount },
    });
    return amount;
  });
  return `Booking cancelled. Hand ${formatCedis(pesewasToCedis(handBack))} in cash back to the renter.`;
}

/** Staff: 'Retry refund' on a refund the provider failed or flagged (PAY-18). */
export async function retryRefund(
  payments: PaymentsContext,
  code: string,
  staffId: number,
  reference?: string,
) {
  const current = await findRentalByCode(payments.db, code);
  if (!current) throw new HttpError(404, adminMessages.bookingNotFound);
  await retryFailedRefund(payments, current.id, staffId, reference);
  const booking = await loadBookingDetail(payments.db, current.bookingCode);
  return { message: 'Refund asked for again.', booking: booking! };
}

/** Staff: 'Settled by hand', with a note of how the money went back (PAY-18). */
export async function settleRefund(
  payments: PaymentsContext,
  code: string,
  staffId: number,
  note: string,
  reference?: string,
) {
  const current = await findRentalByCode(payments.db, code);
  if (!current) throw new HttpError(404, adminMessages.bookingNotFound);
  await settleRefundByHand(payments, current.id, staffId, note, reference);
  const booking = await loadBookingDetail(payments.db, current.bookingCode);
  return { message: 'Refund recorded as settled by hand.', booking: booking! };
}
