import { and, asc, eq, inArray, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import { LIVE_BOOKING_STATUSES } from '../../../shared/constants';
import type { Database, Executor } from '../../db/client';
import { bookings, branches, carBookingVersions, carImages, cars } from '../../db/schema/index';

export type CarRow = typeof cars.$inferSelect;
export type CarImageRow = typeof carImages.$inferSelect;

export type CarBranch = { id: number; name: string; town: string };

/** Every car still offered, with its branch and its images in display order. */
export async function loadActiveCarsWithImages(db: Executor) {
  const joined = await db
    .select({ car: cars, branch: { id: branches.id, name: branches.name, town: branches.town } })
    .from(cars)
    .innerJoin(branches, eq(branches.id, cars.branchId))
    .where(isNull(cars.retiredAt))
    .orderBy(asc(cars.id));
  const carRows = joined.map((r) => r.car);
  const ids = carRows.map((c) => c.id);
  const imageRows = ids.length
    ? await db
        .select()
        .from(carImages)
        .where(inArray(carImages.carId, ids))
        .orderBy(asc(carImages.carId), asc(carImages.position), asc(carImages.id))
    : [];
  const imagesByCar = new Map<number, CarImageRow[]>();
  for (const image of imageRows) {
    const list = imagesByCar.get(image.carId) ?? [];
    list.push(image);
    imagesByCar.set(image.carId, list);
  }
  return joined.map(({ car, branch }) => ({
    car,
    branch,
    images: imagesByCar.get(car.id) ?? [],
  }));
}

/**
 * Overlap on inclusive day ranges, written as the exclusion constraint's own expression so the
 * planner can answer it from the constraint's GiST index for one car, and from
 * bookings_live_days_idx for every car (PERF-1); `start_date <= end and end_date >= start`
 * means the same but no index can use both halves.
 */
const daysOf = sql`daterange(${bookings.startDate}, ${bookings.endDate}, '[]')`;
const overlaps = (start: string | SQLWrapper, end: string | SQLWrapper) =>
  sql`${daysOf} && daterange(${start}::date, ${end}::date, '[]')`;

/**
 * A booking holds its car while its status is live, except an unpaid mobile money hold whose
 * time ran out (BOOK-7); those are swept to cancelled before any new booking's insert. The
 * statuses are literals, not parameters: the exclusion index is partial on them and the planner
 * can only prove a partial index's predicate from constants (PERF-1).
 */
export const holdsCar = and(
  sql`${bookings.status} in (${sql.raw(LIVE_BOOKING_STATUSES.map((s) => `'${s}'`).join(', '))})`,
  sql`(${bookings.holdExpiresAt} is null or ${bookings.holdExpiresAt} > now())`,
);
const isLive = holdsCar;

/**
 * Ids of cars with a live booking on any day of [start, end], and when the answer stops being
 * true without any write: the earliest moment a car held only by unpaid holds is freed by the
 * last of them running out (BOOK-7); Infinity if no car is.
 */
export async function findBusyCars(
  db: Executor,
  start: string,
  end: string,
): Promise<{ ids: Set<number>; freeAt: number }> {
  const rows = await db
    .select({
      carId: bookings.carId,
      // null when a booking that does not run out holds the car.
      freeAt: sql<string | null>`case when bool_and(${bookings.holdExpiresAt} is not null)
        then extract(epoch from max(${bookings.holdExpiresAt})) * 1000 end`,
    })
    .from(bookings)
    .where(and(isLive, overlaps(start, end)))
    .groupBy(bookings.carId);
  let freeAt = Infinity;
  for (const row of rows) if (row.freeAt !== null) freeAt = Math.min(freeAt, Number(row.freeAt));
  return { ids: new Set(rows.map((r) => r.carId)), freeAt };
}

/**
 * The version of every car's bookings: the sum of the per-car counters that triggers bump on
 * each booking write (migration 0028). Each committed change adds at least one, so a sum seen
 * once is never seen again after a change; null if the rows are gone (emptied by hand).
 */
export async function readCarBookingsVersion(db: Executor): Promise<number | null> {
  const [row] = await db
    .select({
      rows: sql<number>`count(*)::int`,
      version: sql<string>`coalesce(sum(${carBookingVersions.version}), 0)`,
    })
    .from(carBookingVersions);
  return row && row.rows > 0 ? Number(row.version) : null;
}

/** The live bookings' date ranges of one car in a window; nothing about who booked. */
export async function findBookedRanges(db: Executor, carId: number, from: string, to: string) {
  return db
    .select({ start_date: bookings.startDate, end_date: bookings.endDate })
    .from(bookings)
    .where(and(eq(bookings.carId, carId), isLive, overlaps(from, to)))
    .orderBy(asc(bookings.startDate));
}

const prepareOverlapCheck = (db: Database) =>
  db
    .select({ one: sql<number>`1` })
    .from(bookings)
    .where(
      and(
        eq(bookings.carId, sql.placeholder('carId')),
        isLive,
        overlaps(sql.placeholder('start'), sql.placeholder('end')),
      ),
    )
    .limit(1)
    .prepare('has_overlapping_booking');
const overlapChecks = new WeakMap<Database, ReturnType<typeof prepareOverlapCheck>>();

/** The unlocked check before a booking transaction: prepared, as it answers every 409. */
export async function hasCommittedOverlap(db: Database, carId: number, start: string, end: string) {
  let check = overlapChecks.get(db);
  if (!check) overlapChecks.set(db, (check = prepareOverlapCheck(db)));
  return (await check.execute({ carId, start, end })).length > 0;
}

export async function hasOverlappingBooking(
  db: Executor,
  carId: number,
  start: string,
  end: string,
) {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(bookings)
    .where(and(eq(bookings.carId, carId), isLive, overlaps(start, end)))
    .limit(1);
  return rows.length > 0;
}
