import { and, desc, eq, gte, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { savedSearches, users } from '../../db/schema/index';

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type NewSavedSearch = Omit<
  typeof savedSearches.$inferInsert,
  'id' | 'lastAlertedOn' | 'alertsSent' | 'createdAt' | 'updatedAt'
>;

/**
 * How many searches a renter keeps (SAVED-2). Exported for the dashboard's 'Saved Searches'
 * tile: an index-only count over at most SAVED_SEARCH_LIMIT rows.
 */
export async function countSavedSearches(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  return Number(row?.n ?? 0);
}

/** A page of a renter's searches, newest first, after the id `before` (SAVED-3). */
export const listSavedSearches = (db: Executor, userId: number, limit: number, before?: number) =>
  db
    .select()
    .from(savedSearches)
    .where(
      and(
        eq(savedSearches.userId, userId),
        before === undefined ? undefined : lt(savedSearches.id, before),
      ),
    )
    .orderBy(desc(savedSearches.id))
    .limit(limit);

/**
 * Saves a search unless the renter already keeps `limit` (SAVED-2); undefined then. The
 * renter's row is locked first, so two saves at once cannot both pass the count.
 */
export async function insertSavedSearchWithin(
  db: Executor,
  values: NewSavedSearch,
  limit: number,
): Promise<SavedSearchRow | undefined> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
  if ((await countSavedSearches(db, values.userId)) >= limit) return undefined;
  const [row] = await db.insert(savedSearches).values(values).returning();
  return row;
}

/** Renames one of the renter's own searches; undefined if there is no such one of theirs. */
export async function renameSavedSearch(db: Executor, userId: number, id: number, name: string) {
  const [row] = await db
    .update(savedSearches)
    .set({ name, updatedAt: sql`now()` })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  return row;
}

export async function deleteSavedSearch(db: Executor, userId: number, id: number) {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** Every search of an account, removed when it closes (ACCT-31). */
export const deleteUsersSavedSearches = (db: Executor, userId: number) =>
  db.delete(savedSearches).where(eq(savedSearches.userId, userId));

// --- The alert (SAVED-5, SAVED-6) ------------------------------------------------------------

export interface Opening {
  id: number;
  car_id: number;
  start_date: string;
  end_date: string;
  released_by_user_id: number | null;
}

/**
 * Takes up to `limit` freed ranges off the queue, in the caller's transaction: deleted now,
 * gone for good only if the transaction commits (a crash puts them back). SKIP LOCKED: two
 * runs at once take different rows.
 */
export async function takeOpenings(db: Executor, limit: number): Promise<Opening[]> {
  return rowsOf<Opening>(
    await db.execute(sql`
      delete from saved_search_openings
      where id in (
        select id from saved_search_openings order by id limit ${limit} for update skip locked)
      returning id, car_id, start_date::text as start_date, end_date::text as end_date,
        released_by_user_id`),
  );
}

/**
 * The dated searches a freed range may answer (SAVED-5): dates overlapping it, not begun
 * (SAVED-7), not alerted today (SAVED-6), not the renter whose booking freed it, and whose
 * account is open. The filters and whether the car is free on the dates are the caller's.
 */
export const findSearchesForOpening = (db: Executor, opening: Opening, today: string) =>
  db
    .select({ search: savedSearches, msisdn: users.msisdn })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(
      and(
        isNotNull(savedSearches.startDate),
        gte(savedSearches.startDate, today),
        lte(savedSearches.startDate, opening.end_date),
        gte(savedSearches.endDate, opening.start_date),
        or(isNull(savedSearches.lastAlertedOn), lt(savedSearches.lastAlertedOn, today)),
        opening.released_by_user_id === null
          ? undefined
          : ne(savedSearches.userId, opening.released_by_user_id),
        isNull(users.closedAt),
      ),
    )
    .orderBy(savedSearches.id)
    .limit(500);

/**
 * Marks a search alerted today if it was not already (SAVED-6): true for exactly one caller a
 * day, whatever the number of processes (a concurrent update waits for the row and then sees
 * today's date). The text is queued in the same transaction only when this is true.
 */
export async function claimTodaysAlert(db: Executor, id: number, today: string) {
  const rows = await db
    .update(savedSearches)
    .set({ lastAlertedOn: today, alertsSent: sql`${savedSearches.alertsSent} + 1` })
    .where(
      and(
        eq(savedSearches.id, id),
        or(isNull(savedSearches.lastAlertedOn), lt(savedSearches.lastAlertedOn, today)),
      ),
    )
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}
