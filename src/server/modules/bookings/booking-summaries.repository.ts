import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AdminBookingSummary } from '../../../shared/schemas/bookings.staff';
import type { Executor } from '../../db/client';
import { bookings, branches, cars, payments, users } from '../../db/schema/index';
import { toAdminBookingSummary } from './booking-summary-mapper';
import { pageOffset } from '../../staff-api/paging';

// Rentals as the staff lists show them (the bookings page, a customer's page, the
// dashboard): each with its car, its renter and whether a payment of it is flagged.

/** Only rentals: maintenance blocks are shown per car, never as bookings. */
export const isRental = eq(bookings.kind, 'rental');

export const bookingSummaryColumns = {
  booking: bookings,
  car: { id: cars.id, make: cars.make, model: cars.model, year: cars.year },
  renter: { id: users.id, name: users.name, msisdn: users.msisdn },
  branch: { id: branches.id, name: branches.name, town: branches.town },
  flagged: sql<boolean>`exists (select 1 from ${payments} where ${payments.bookingId} = ${bookings.id} and ${payments.flaggedReason} is not null)`,
};

/** Rentals with their car, renter and branch; add where/order/limit. */
export const selectBookingSummaries = (db: Executor) =>
  db
    .select(bookingSummaryColumns)
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(branches, eq(branches.id, bookings.branchId));

export type BookingSummaryRow = {
  booking: typeof bookings.$inferSelect;
  car: { id: number; make: string; model: string; year: number };
  renter: { id: number; name: string; msisdn: string };
  branch: { id: number; name: string; town: string };
  flagged: boolean;
};

export const summariesWhere = (db: Executor, ...conditions: (SQL | undefined)[]) =>
  selectBookingSummaries(db).where(and(isRental, ...conditions));

/** A page of one renter's rentals, newest first. */
export async function listRentalsOfRenter(
  db: Executor,
  userId: number,
  page: number,
  limit: number,
): Promise<AdminBookingSummary[]> {
  const rows = await summariesWhere(db, eq(bookings.userId, userId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit)
    .offset(pageOffset(page, limit));
  return rows.map(toAdminBookingSummary);
}
