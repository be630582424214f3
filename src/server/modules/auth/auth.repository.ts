import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf, type Executor } from '../../db/client';
import { loginThrottles, phoneCodes, sessions, staffBranches, users } from '../../db/schema/index';
import { CODE_DAY_SECONDS, type CodePurpose } from './phone-codes';

export type UserRow = typeof users.$inferSelect;

export const findUserByMsisdn = async (db: Executor, msisdn: string) =>
  (await db.select().from(users).where(eq(users.msisdn, msisdn)).limit(1))[0];

export const findUserById = async (db: Executor, id: number) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

/**
 * A renter's id, or undefined for anyone else: staff pages about one customer (their
 * documents, their messages) answer 404 for a staff account or an unknown id.
 */
export const findRenterId = async (db: Executor, id: number) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'renter')))
      .limit(1)
  )[0];

export const insertUser = async (db: Executor, values: typeof users.$inferInsert) =>
  (await db.insert(users).values(values).onConflictDoNothing().returning())[0];

/** Changes only the given columns; `updatedAt` records when. */
export const updateUser = async (
  db: Executor,
  id: number,
  values: Partial<Pick<UserRow, 'name' | 'email' | 'whatsapp' | 'smsReminders'>>,
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
    .select({
      session: sessions,
      user: users,
      // A staff member's branches come with the sign-in (ROLE-2): no second read per request.
      branchIds: sql<
        number[]
      >`array(select ${staffBranches.branchId} from ${staffBranches} where ${staffBranches.userId} = ${users.id} order by 1)`,
    })
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

/** Takes back one counted attempt (a success is not a failure). */
export const releaseThrottledAttempt = (db: Executor, key: string) =>
  db
    .update(loginThrottles)
    .set({ failures: sql`greatest(${loginThrottles.failures} - 1, 0)` })
    .where(eq(loginThrottles.key, key));

/** Every sign-in counter of one number, whatever the address (LIMIT-1, LIMIT-8). */
export const clearSignInThrottles = (db: Executor, msisdn: string) =>
  db
    .delete(loginThrottles)
    .where(
      sql`${loginThrottles.key} = ${`login-number:${msisdn}`} or starts_with(${loginThrottles.key}, ${`login:${msisdn}:`})`,
    );

export const markPhoneVerified = async (db: Executor, userId: number) =>
  (
    await db
      .update(users)
      .set({
        phoneVerifiedAt: sql`coalesce(${users.phoneVerifiedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning()
  )[0];

/** A new password; `verifyPhone` when an SMS code to the number proved who asks (ACCT-13). */
export const setPasswordHash = (
  db: Executor,
  userId: number,
  passwordHash: string,
  options: { verifyPhone: boolean },
) =>
  db
    .update(users)
    .set({
      passwordHash,
      updatedAt: sql`now()`,
      ...(options.verifyPhone
        ? { phoneVerifiedAt: sql`coalesce(${users.phoneVerifiedAt}, now())` }
        : {}),
    })
    .where(eq(users.id, userId));

/** Ends the user's sessions, all or all but one. The auth version trigger empties caches. */
export const revokeUserSessions = (db: Executor, userId: number, exceptSessionId?: number) =>
  db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    );

/**
 * Serialises code sending for one number across processes until the transaction ends, so
 * two requests at once cannot both pass the send limits (LIMIT-9).
 */
export const lockNumberForCodes = (db: Executor, msisdn: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${msisdn}`}))`);

/**
 * The number's codes of the last `windowSeconds`: how many, and seconds since the last and
 * oldest; and the same of the last 24 hours (LIMIT-9's daily limit).
 */
export async function recentCodeStats(
  db: Executor,
  msisdn: string,
  windowSeconds: number,
  purposes?: readonly CodePurpose[],
) {
  const ofPurpose = purposes
    ? sql`and ${phoneCodes.purpose} in (${sql.join(
        purposes.map((p) => sql`${p}`),
        sql`, `,
      )})`
    : sql``;
  const inWindow = sql`${phoneCodes.createdAt} > now() - make_interval(secs => ${windowSeconds})`;
  const result = await db.execute(sql`
    select count(*) filter (where ${inWindow})::int as count,
      extract(epoch from now() - max(${phoneCodes.createdAt}))::float8 as since_last,
      extract(epoch from now() - min(${phoneCodes.createdAt}) filter (where ${inWindow}))::float8
        as since_oldest,
      count(*)::int as day_count,
      extract(epoch from now() - min(${phoneCodes.createdAt}))::float8 as since_oldest_in_day
    from ${phoneCodes}
    where ${phoneCodes.msisdn} = ${msisdn}
      and ${phoneCodes.createdAt} > now() - make_interval(secs => ${CODE_DAY_SECONDS})
      ${ofPurpose}`);
  const row = rowsOf<{
    count: number;
    since_last: number | null;
    since_oldest: number | null;
    day_count: number;
    since_oldest_in_day: number | null;
  }>(result)[0]!;
  const seconds = (v: number | null) => (v === null ? null : Number(v));
  return {
    count: Number(row.count),
    // The last code of the day is the last code of the hour too, if there is one this hour.
    secondsSinceLast: seconds(row.since_last),
    secondsSinceOldest: seconds(row.since_oldest),
    dayCount: Number(row.day_count),
    secondsSinceOldestInDay: seconds(row.since_oldest_in_day),
  };
}

/** A newer code replaces the user's open ones of the same purpose. */
export const endOpenCodes = (db: Executor, userId: number, purpose: CodePurpose) =>
  db
    .update(phoneCodes)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        eq(phoneCodes.userId, userId),
        eq(phoneCodes.purpose, purpose),
        isNull(phoneCodes.endedAt),
      ),
    );

export const insertCode = async (
  db: Executor,
  values: {
    userId: number;
    msisdn: string;
    purpose: CodePurpose;
    codeHash: string;
    ttlSeconds: number;
  },
) =>
  (
    await db
      .insert(phoneCodes)
      .values({
        userId: values.userId,
        msisdn: values.msisdn,
        purpose: values.purpose,
        codeHash: values.codeHash,
        expiresAt: sql`now() + make_interval(secs => ${values.ttlSeconds})`,
      })
      .returning({ id: phoneCodes.id })
  )[0]!.id;

/** The user's one open, unexpired code of this purpose, locked until the transaction ends. */
export const findOpenCodeForUpdate = async (db: Executor, userId: number, purpose: CodePurpose) =>
  (
    await db
      .select()
      .from(phoneCodes)
      .where(
        and(
          eq(phoneCodes.userId, userId),
          eq(phoneCodes.purpose, purpose),
          isNull(phoneCodes.endedAt),
          gt(phoneCodes.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(phoneCodes.id))
      .limit(1)
      .for('update')
  )[0];

/** One more wrong try; the last allowed one ends the code. */
export const recordWrongTry = (db: Executor, codeId: number, maxWrongTries: number) =>
  db
    .update(phoneCodes)
    .set({
      wrongTries: sql`${phoneCodes.wrongTries} + 1`,
      endedAt: sql`case when ${phoneCodes.wrongTries} + 1 >= ${maxWrongTries} then now() end`,
    })
    .where(eq(phoneCodes.id, codeId));

export const endCode = (db: Executor, codeId: number) =>
  db
    .update(phoneCodes)
    .set({ endedAt: sql`now()` })
    .where(eq(phoneCodes.id, codeId));
