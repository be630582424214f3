import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cars, favourites } from '../../db/schema/index';

/**
 * An account's favourites (AREA-5). Every query names the account: nobody reaches another's.
 * A car retired from the fleet is kept but shown nowhere (it cannot be booked); it comes back
 * if the car returns.
 */

const inFleet = (userId: number) => and(eq(favourites.userId, userId), isNull(cars.retiredAt));

/** A page newest first, by keyset (AREA-6): `limit` rows with ids below `before`. */
export const findFavouritesPage = (db: Executor, userId: number, limit: number, before?: number) =>
  db
    .select({ id: favourites.id, carId: favourites.carId, createdAt: favourites.createdAt })
    .from(favourites)
    .innerJoin(cars, eq(cars.id, favourites.carId))
    .where(and(inFleet(userId), before === undefined ? undefined : lt(favourites.id, before)))
    .orderBy(desc(favourites.id))
    .limit(limit);

export async function countFavourites(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .select({ total: count() })
    .from(favourites)
    .innerJoin(cars, eq(cars.id, favourites.carId))
    .where(inFleet(userId));
  return Number(rows[0]?.total ?? 0);
}

/** The account's saved car ids, newest first: bounded by the fleet (one row per car). */
export async function findFavouriteCarIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ carId: favourites.carId })
    .from(favourites)
    .innerJoin(cars, eq(cars.id, favourites.carId))
    .where(inFleet(userId))
    .orderBy(desc(favourites.id));
  return rows.map((r) => r.carId);
}

/**
 * Saves cars, in the order given (oldest first, so the last is the newest); a car already saved
 * keeps its place. Idempotent: the same call twice changes nothing the second time (AREA-7).
 */
export async function insertFavourites(db: Executor, userId: number, carIds: readonly number[]) {
  if (!carIds.length) return;
  await db
    .insert(favourites)
    .values(carIds.map((carId) => ({ userId, carId })))
    .onConflictDoNothing({ target: [favourites.userId, favourites.carId] });
}

export const deleteFavourite = (db: Executor, userId: number, carId: number) =>
  db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.carId, carId)));

/** The dashboard's newest few, in one statement with the account's count (AREA-2). */
export const newestFavouritesWithCount = (db: Executor, userId: number, limit: number) =>
  db
    .select({
      carId: favourites.carId,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(favourites)
    .innerJoin(cars, eq(cars.id, favourites.carId))
    .where(inFleet(userId))
    .orderBy(desc(favourites.id))
    .limit(limit);
