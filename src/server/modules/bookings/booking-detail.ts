import { and, asc, eq } from 'drizzle-orm';
import { normalizeBookingCode } from '../../../shared/booking-code';
import { todayInAccra } from '../../../shared/dates';
import { balanceDuePesewas } from '../../../shared/handover';
import { pesewasToCedis } from '../../../shared/money';
import {
  ADMIN_BOOKING_ACTIONS,
  type AdminBookingAction,
  type AdminBookingDetail,
} from '../../../shared/schemas/bookings.staff';
import type { Executor } from '../../db/client';
import { bookingEvents, bookings, payments as paymentsTable, users } from '../../db/schema/index';
import type { BookingRow } from './booking-lifecycle';
import { apiLines } from './booking-pricing';
import { summariesWhere, type BookingSummaryRow } from './booking-summaries.repository';
import { toAdminBookingSummary, toAdminPayment } from './booking-summary-mapper';
import { staffActionRefusal } from './booking-permissions';

// A rental as staff see it (STAFF-6): found by its code, and its detail with the timeline,
// the payments and the actions allowed now. The staff booking routes, their actions and the
// handover (HAND-1 to HAND-9) all read a booking through here.

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
    discount: pesewasToCedis(b.discountPesewas),
    extras: pesewasToCedis(b.extrasPesewas),
    lines: apiLines(b.lines),
    chauffeur: b.chauffeur,
    child_seat: b.childSeat,
    delivery_address: b.deliveryAddress,
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
    balance_due: pesewasToCedis(balanceDuePesewas(b, paymentRows)),
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
