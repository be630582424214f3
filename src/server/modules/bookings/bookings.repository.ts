import { and, asc, count, desc, eq, inArray, sql, type Column } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { bookings, branches, carImages, cars, idempotencyKeys } from '../../db/schema/index';
import { branchColumns } from '../branches/branches.repository';
import { renterPaymentsJson } from '../payments/payments.repository';

export type BookingRow = typeof bookings.$inferSelect;

/**
 * Locks the car row for the booking transaction: decisions for one car take turns. With the
 * car come its prices and its branch (PRICE-2, PRICE-5, BOOK-16), and its name and town for the
 * booking's texts (MSG-1), sparing them a read of their own.
 */
export async function lockCar(db: Executor, carId: number) {
  const rows = await db
    .select({
      id: cars.id,
      pricePerDayPesewas: cars.pricePerDayPesewas,
      weeklyPricePesewas: cars.weeklyPricePesewas,
      depositPesewas: cars.depositPesewas,
      retiredAt: cars.retiredAt,
      make: cars.make,
      model: cars.model,
      city: cars.city,
      branch: branchColumns,
    })
    .from(cars)
    .innerJoin(branches, eq(branches.id, cars.branchId))
    .where(eq(cars.id, carId))
    .for('update', { of: cars });
  return rows[0];
}

export const findIdempotencyRecord = async (db: Executor, userId: number, key: string) =>
  (
    await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .limit(1)
  )[0];

/**
 * Claims a key inside the booking transaction. A concurrent claim of the same key waits on
 * the primary key until this transaction ends, then finds the stored answer (or, after a
 * rollback, claims the key itself). Returns false when the key was already taken.
 */
export async function claimIdempotencyKey(
  db: Executor,
  values: { userId: number; key: string; requestHash: string },
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...values, responseStatus: 0, responseBody: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export const storeIdempotentResponse = (
  db: Executor,
  userId: number,
  key: string,
  status: number,
  body: unknown,
) =>
  db
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));

const bookingWithCar = {
  booking: bookings,
  car: { id: cars.id, make: cars.make, model: cars.model, year: cars.year },
  branch: branchColumns,
};

export async function findUserBookingByCode(db: Executor, userId: number, code: string) {
  const rows = await db
    .select(bookingWithCar)
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(branches, eq(branches.id, bookings.branchId))
    .where(and(eq(bookings.userId, userId), eq(bookings.bookingCode, code)))
    .limit(1);
  return rows[0];
}

/** A car's images in their order, as a JSON array of { image_url, alt } (findImagesOfCars). */
export const carImagesJson = (carId: Column) => sql<{ image_url: string; alt: string }[]>`(
  select coalesce(json_agg(json_build_object('image_url', i.url, 'alt', i.alt)
    order by i.position, i.id), '[]')
  from ${carImages} i where i.car_id = ${carId})`;

/** The renter's number of bookings: it names no outer column, so it is counted once a page. */
const renterTotal = sql<number>`(
  select count(*) from ${bookings} mine where mine.user_id = ${sql.placeholder('userId')})`.mapWith(
  Number,
);

/**
 * The renter's history page in one statement (PERF-7): the bookings with car and branch, each
 * one's images and payments as JSON, and the renter's total (an uncorrelated subquery,
 * counted once from the index). Prepared once per database, as it runs on every visit: neither
 * Drizzle nor PostgreSQL builds and plans it again.
 */
const prepareHistoryPage = (db: Database) =>
  db
    .select({
      ...bookingWithCar,
      images: carImagesJson(bookings.carId),
      payments: renterPaymentsJson(bookings.id),
      total: renterTotal,
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(branches, eq(branches.id, bookings.branchId))
    .where(eq(bookings.userId, sql.placeholder('userId')))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('user_history_page');
const historyPages = new WeakMap<Database, ReturnType<typeof prepareHistoryPage>>();

export async function findUserBookings(db: Database, userId: number, page: number, limit: number) {
  let query = historyPages.get(db);
  if (!query) historyPages.set(db, (query = prepareHistoryPage(db)));
  const rows = await query.execute({ userId, limit, offset: (page - 1) * limit });
  if (rows.length) return { rows, total: rows[0]!.total };
  // A page past the end has no row to carry the total: counted apart (a first page is empty
  // only for a renter with no booking).
  if (page === 1) return { rows, total: 0 };
  const counted = await db
    .select({ total: count() })
    .from(bookings)
    .where(eq(bookings.userId, userId));
  return { rows, total: Number(counted[0]?.total ?? 0) };
}

export async function findImagesOfCars(db: Executor, carIds: number[]) {
  if (!carIds.length) return new Map<number, { image_url: string; alt: string }[]>();
  const rows = await db
    .select({ carId: carImages.carId, url: carImages.url, alt: carImages.alt })
    .from(carImages)
    .where(inArray(carImages.carId, carIds))
    .orderBy(asc(carImages.carId), asc(carImages.position), asc(carImages.id));
  const byCar = new Map<number, { image_url: string; alt: string }[]>();
  for (const row of rows) {
    const list = byCar.get(row.carId) ?? [];
    list.push({ image_url: row.url, alt: row.alt });
    byCar.set(row.carId, list);
  }
  return byCar;
}

export async function findCarSummary(db: Executor, carId: number) {
  const rows = await db
    .select({ id: cars.id, make: cars.make, model: cars.model, year: cars.year })
    .from(cars)
    .where(eq(cars.id, carId));
  const images = (await findImagesOfCars(db, [carId])).get(carId) ?? [];
  return { car: rows[0]!, images };
}

/** A booking with its car and branch, as the renter's API shows it. */
export async function findBookingWithCar(db: Executor, id: number) {
  const rows = await db
    .select(bookingWithCar)
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(branches, eq(branches.id, bookings.branchId))
    .where(eq(bookings.id, id))
    .limit(1);
  return rows[0];
}

export const findBookingById = async (db: Executor, id: number) =>
  (await db.select().from(bookings).where(eq(bookings.id, id)).limit(1))[0];

export const deleteIdempotencyKey = (db: Executor, userId: number, key: string) =>
  db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
