import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf, type Executor } from '../../db/client';
import { loginThrottles, sessions, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;

export const findUserByMsisdn = async (db: Executor, msisdn: string) =>
  (await db.select().from(users).where(eq(users.msisdn, msisdn)).limit(1))[0];

export const insertUser = async (db: Executor, values: typeof users.$inferInsert) =>
  (await db.insert(users).values(values).onConflictDoNothing().returning())[0];

/** Changes only the given columns; `updatedAt` records when. */
export const updateUser = async (
  db: Executor,
  id: number,
  values: Partial<Pick<UserRow, 'name' | 'email' | 'whatsapp'>>,
) =>
  (
    await db
      .update(users)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning()
  )[0];

export const insertSession = async (db: Executor, values: typeof sessions.$inferInsert) =>
  (await db.insert(sessions).values(values).returning())[0]!;

const prepareSessionLookup = (db: Database) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('find_session_by_token_hash');

// Runs on every signed-in request: prepared once per database, so neither Drizzle nor
// PostgreSQL builds and plans the same SQL again each time.
const sessionLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();

export async function findSessionByTokenHash(db: Database, tokenHash: string) {
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = prepareSessionLookup(db)));
  const rows = await lookup.execute({ tokenHash });
  return rows[0];
}

export const revokeSession = (db: Executor, sessionId: number) =>
  db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), sql`${sessions.revokedAt} is null`));

/**
 * Counts one attempt for `key` in a fixed window and returns the count so far and when the
 * window ends. One atomic upsert, so concurrent attempts across processes all count.
 */
export async function countThrottledAttempt(db: Executor, key: string, windowSeconds: number) {
  const result = await db.execute(sql`
    insert into ${loginThrottles} (key, failures, window_started_at)
    values (${key}, 1, now())
    on conflict (key) do update set
      failures = case
        when ${loginThrottles.windowStartedAt} < now() - make_interval(secs => ${windowSeconds})
        then 1 else ${loginThrottles.failures} + 1 end,
      window_started_at = case
        when ${loginThrottles.windowStartedAt} < now() - make_interval(secs => ${windowSeconds})
        then now() else ${loginThrottles.windowStartedAt} end
    returning failures,
      extract(epoch from window_started_at + make_interval(secs => ${windowSeconds}))::float8
        as window_ends_epoch`);
  const row = rowsOf<{ failures: number; window_ends_epoch: number }>(result)[0]!;
  return {
    count: Number(row.failures),
    windowEndsAt: new Date(Number(row.window_ends_epoch) * 1000),
  };
}

export const clearThrottle = (db: Executor, key: string) =>
  db.delete(loginThrottles).where(eq(loginThrottles.key, key));
