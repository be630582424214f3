import { randomBytes } from 'node:crypto';
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
import { recordBookingEvent, type BookingEventType } from '../bookings/booking-events';
import { findSuccessfulPayment } from '../payments/payments.repository';
import { cancelPaidBooking, type PaymentsContext } from '../payments/payments.service';
import { toAdminBookingSummary, toAdminPayment } from './admin-booking-mapper';
import { refusalOf } from './admin-booking-rules';
import { summariesWhere, type BookingSummaryRow } from './admin-booking-summaries.repository';
import { bookingCodeMatch, likeEscape, msisdnMatch } from './admin-search';

type BookingRow = typeof bookings.$inferSelect;

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

/** What staff may do with a booking now. */
function allowedActions(b: BookingRow, today: string): AdminBookingAction[] {
  return ADMIN_BOOKING_ACTIONS.filter((action) => refusalOf(action, b, today) === null);
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

interface ActionPlan {
  event: BookingEventType;
  message: string;
  set: Partial<typeof bookings.$inferInsert>;
}

const plans: Record<AdminBookingAction, (b: BookingRow) => ActionPlan> = {
  record_cash: () => ({
    event: 'cash_recorded',
    message: 'Cash payment recorded.',
    // PRODUCT.md P3: a paid booking is 'confirmed'; pickup then makes it 'active'.
    set: { paymentStatus: 'paid', status: 'confirmed' },
  }),
  pick_up: () => ({
    event: 'picked_up',
    message: 'Marked as picked up.',
    set: { status: 'active' },
  }),
  return: () => ({
    event: 'returned',
    message: 'Marked as returned.',
    set: { status: 'completed' },
  }),
  cancel: (b) => ({
    event: 'cancelled',
    message: 'Booking cancelled.',
    set: {
      status: 'cancelled',
      // A mobile money attempt still open cannot pay for a cancelled booking.
      paymentStatus: b.paymentStatus === 'pending' ? 'failed' : b.paymentStatus,
      cancelledAt: new Date(),
      holdExpiresAt: null,
    },
  }),
};

/**
 * One staff action on a booking (PRODUCT.md P3), in one transaction: the change, its payment
 * row (cash) and its timeline event with the staff user's id. The update is conditional on
 * the state the decision was made on, so when two staff act at once the second gets 409
 * instead of applying the action twice.
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
  const refusal = refusalOf(action, current, todayInAccra());
  if (refusal) throw new HttpError(409, refusal);

  const message =
    action === 'cancel' && current.paymentStatus === 'paid'
      ? await cancelPaid(payments, current, staffId, note)
      : await db.transaction(async (tx) => {
          const plan = plans[action](current);
          const updated = await updateIfUnchanged(tx, current, plan.set);
          let data: Record<string, unknown> = { from: current.status, to: updated.status };
          if (action === 'record_cash') {
            const reference = `CASH-${current.bookingCode.slice(3)}-${randomBytes(4).toString('hex').toUpperCase()}`;
            await tx.insert(paymentsTable).values({
              bookingId: current.id,
              provider: 'cash',
              reference,
              amountPesewas: current.totalPesewas,
              currency: 'GHS',
              status: 'success',
              paidAt: new Date(),
            });
            data = { amount_pesewas: current.totalPesewas, payment_reference: reference };
          }
          await recordBookingEvent(tx, {
            bookingId: current.id,
            type: plan.event,
            actor: 'staff',
            actorUserId: staffId,
            note,
            data,
          });
          return plan.message;
        });
  const booking = await loadBookingDetail(db, current.bookingCode);
  return { message, booking: booking! };
}

async function updateIfUnchanged(
  tx: Executor,
  current: BookingRow,
  set: Partial<typeof bookings.$inferInsert>,
) {
  const [updated] = await tx
    .update(bookings)
    .set({ ...set, updatedAt: sql`now()` })
    .where(
      and(
        eq(bookings.id, current.id),
        eq(bookings.status, current.status),
        eq(bookings.paymentStatus, current.paymentStatus),
      ),
    )
    .returning();
  if (!updated) throw new HttpError(409, adminMessages.changedMeanwhile);
  return updated;
}

/**
 * A paid booking is cancelled with its refund. Mobile money goes back through the provider
 * (the payments module's cancelPaidBooking); cash was taken over the counter, so staff hand
 * it back and the refund is recorded here at once.
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
    await updateIfUnchanged(tx, current, {
      status: 'cancelled',
      paymentStatus: 'refunded',
      cancelledAt: new Date(),
      holdExpiresAt: null,
    });
    await recordBookingEvent(tx, {
      bookingId: current.id,
      type: 'cancelled',
      actor: 'staff',
      actorUserId: staffId,
      note,
      data: { from: current.status, to: 'cancelled' },
    });
    if (paid) {
      await tx
        .update(paymentsTable)
        .set({ status: 'refunded', refundedAt: new Date(), updatedAt: sql`now()` })
        .where(and(eq(paymentsTable.id, paid.id), eq(paymentsTable.status, 'success')));
    }
    await recordBookingEvent(tx, {
      bookingId: current.id,
      type: 'refunded',
      actor: 'staff',
      actorUserId: staffId,
      note: 'Cash handed back to the renter.',
      data: {
        reference: paid?.reference ?? null,
        amount_pesewas: paid?.amountPesewas ?? current.totalPesewas,
      },
    });
  });
  return 'Booking cancelled. Hand the cash back to the renter.';
}
