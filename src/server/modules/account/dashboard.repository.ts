import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bookings, branches, cars, reviews } from '../../db/schema/index';
import { branchColumns } from '../branches/branches.repository';
import { carImagesJson } from '../bookings/bookings.repository';
import { renterPaymentsJson } from '../payments/payments.repository';

/**
 * The dashboard's reads (AREA-1 to AREA-4): each one statement, each on the renter's rows
 * alone through bookings_user_id_created_idx. A renter holds a handful of bookings, so none of
 * these grows with the company's history.
 */

const carColumns = { id: cars.id, make: cars.make, model: cars.model, year: cars.year };

/** The renter's bookings not over yet (booked, paid, under way), with images and payments. */
export const findOpenBookings = (db: Executor, userId: number) =>
  db
    .select({
      booking: bookings,
      car: carColumns,
      branch: branchColumns,
      images: carImagesJson(bookings.carId),
      payments: renterPaymentsJson(bookings.id),
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(branches, eq(branches.id, bookings.branchId))
    .where(
      and(
        eq(bookings.userId, userId),
        inArray(bookings.status, ['pending', 'confirmed', 'active']),
      ),
    )
    .orderBy(asc(bookings.startDate), asc(bookings.pickupTime), asc(bookings.id));

/** The renter's latest completed trips, and whether each has been reviewed (REVIEW-1). */
export const findPastTrips = (db: Executor, userId: number, limit: number) =>
  db
    .select({
      bookingCode: bookings.bookingCode,
      startDate: bookings.startDate,
      endDate: bookings.endDate,
      car: carColumns,
      images: carImagesJson(bookings.carId),
      reviewed: sql<boolean>`exists (select 1 from ${reviews} r where r.booking_id = ${bookings.id})`,
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'completed')))
    .orderBy(desc(bookings.endDate), desc(bookings.id))
    .limit(limit);

/** AREA-1's Trips: the renter's bookings that were not cancelled. */
export async function countTrips(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), ne(bookings.status, 'cancelled')));
  return rows[0]?.total ?? 0;
}
