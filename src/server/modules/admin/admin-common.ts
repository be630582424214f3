import { and, eq, type SQL, sql } from 'drizzle-orm';
import { lastPageOf } from '../../../shared/pagination';
import { normalizeBookingCode } from '../../../shared/booking-code';
import { pesewasToCedis } from '../../../shared/money';
import { stripPhoneFormatting } from '../../../shared/phone';
import {
  adminMessages,
  type AdminBookingAction,
  type AdminBookingSummary,
  type AdminPayment,
} from '../../../shared/schemas/admin';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import type { Executor } from '../../db/client';
import { bookings, cars, payments, users } from '../../db/schema/index';
import { carTitle } from '../cars/car-mapper';

/** OpenAPI bits every admin route shares: its tag, the bearer scheme and the auth errors. */
export const adminDoc = { tags: ['admin'], security: [{ bearerAuth: [] }] };
export const authErrors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema } as const;

export const paging = (total: number, page: number, limit: number) => ({
  total,
  page,
  limit,
  last_page: lastPageOf(total, limit),
});

/** Escapes LIKE's wildcards in text a person typed. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Phone search over users.msisdn (stored '233…'): a national number or its start ('0244…')
 * is matched from the start; other digits ('12345', '233…') anywhere in the number.
 * Returns undefined when the text is not a phone fragment.
 */
export function msisdnMatch(q: string): SQL | undefined {
  const digits = stripPhoneFormatting(q);
  if (!/^\d{3,15}$/.test(digits)) return undefined;
  const pattern = digits.startsWith('0') ? `233${digits.slice(1)}%` : `%${digits}%`;
  return sql`${users.msisdn} like ${pattern}`;
}

/** A booking code as people type it (lower case, spaces, no 'CL-'), matched from the start. */
export function bookingCodeMatch(q: string): SQL | undefined {
  const compact = q.toUpperCase().replace(/[\s-]/g, '');
  if (!/^[A-Z0-9]{2,9}$/.test(compact)) return undefined;
  return sql`${bookings.bookingCode} like ${`${likeEscape(normalizeBookingCode(compact))}%`}`;
}

// ---------------------------------------------------------------- booking summaries

/** Only rentals: maintenance blocks are shown per car, never as bookings. */
export const isRental = eq(bookings.kind, 'rental');

export const bookingSummaryColumns = {
  booking: bookings,
  car: { id: cars.id, make: cars.make, model: cars.model, year: cars.year },
  renter: { id: users.id, name: users.name, msisdn: users.msisdn },
  flagged: sql<boolean>`exists (select 1 from ${payments} where ${payments.bookingId} = ${bookings.id} and ${payments.flaggedReason} is not null)`,
};

/** Rentals with their car and renter; add where/order/limit. */
export const selectBookingSummaries = (db: Executor) =>
  db
    .select(bookingSummaryColumns)
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(users, eq(users.id, bookings.userId));

export type BookingSummaryRow = {
  booking: typeof bookings.$inferSelect;
  car: { id: number; make: string; model: string; year: number };
  renter: { id: number; name: string; msisdn: string };
  flagged: boolean;
};

export function toAdminBookingSummary(row: BookingSummaryRow): AdminBookingSummary {
  const b = row.booking;
  return {
    id: b.id,
    booking_code: b.bookingCode,
    status: b.status as AdminBookingSummary['status'],
    payment_status: b.paymentStatus as AdminBookingSummary['payment_status'],
    payment_method: b.paymentMethod as AdminBookingSummary['payment_method'],
    start_date: b.startDate,
    end_date: b.endDate,
    days: b.days,
    price_per_day: pesewasToCedis(b.pricePerDayPesewas),
    total_cost: pesewasToCedis(b.totalPesewas),
    created_at: b.createdAt.toISOString(),
    car: { id: row.car.id, title: carTitle(row.car) },
    renter: row.renter,
    flagged: Boolean(row.flagged),
  };
}

export const summariesWhere = (db: Executor, ...conditions: (SQL | undefined)[]) =>
  selectBookingSummaries(db).where(and(isRental, ...conditions));

export function toAdminPayment(row: typeof payments.$inferSelect): AdminPayment {
  return {
    id: row.id,
    provider: row.provider,
    reference: row.reference,
    amount: pesewasToCedis(row.amountPesewas),
    currency: row.currency,
    status: row.status,
    network: row.network,
    wallet_msisdn: row.walletMsisdn,
    flagged_reason: row.flaggedReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------- booking transitions

type BookingState = Pick<
  typeof bookings.$inferSelect,
  'status' | 'paymentStatus' | 'paymentMethod' | 'startDate' | 'endDate'
>;

/**
 * Why an action is refused now, or null when it is allowed (PRODUCT.md P3; the table in
 * docs/admin-api.md). The same function builds `allowed_actions` and guards the actions, so
 * the buttons staff see and what the server accepts cannot drift apart.
 */
export function refusalOf(
  action: AdminBookingAction,
  b: BookingState,
  today: string,
): string | null {
  const m = adminMessages;
  switch (action) {
    case 'record_cash':
      if (b.paymentMethod !== 'payOnPickup') return m.cashNotPayOnPickup;
      if (b.status !== 'pending') return m.cashWrongStatus;
      if (b.paymentStatus !== 'unpaid') return m.cashNotDue;
      return null;
    case 'pick_up':
      if (b.status !== 'pending' && b.status !== 'confirmed') return m.pickUpWrongStatus;
      if (b.paymentStatus !== 'paid') return m.pickUpUnpaid;
      if (today < b.startDate) return m.pickUpTooEarly;
      if (today > b.endDate) return m.pickUpTooLate;
      return null;
    case 'return':
      return b.status === 'active' ? null : m.returnWrongStatus;
    case 'cancel':
      if (b.status === 'active') return m.cancelActive;
      if (b.status !== 'pending' && b.status !== 'confirmed') return m.cancelWrongStatus;
      return null;
  }
}
