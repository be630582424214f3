import { and, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import {
  phoneCodes,
  sessionActivity,
  staffRecoveryCodes,
  staffSecondSteps,
} from '../../db/schema/index';

export type SecondStepRow = typeof staffSecondSteps.$inferSelect;
export type SecondStepMethod = SecondStepRow['method'];

export const findSecondStep = async (db: Executor, userId: number) =>
  (await db.select().from(staffSecondSteps).where(eq(staffSecondSteps.userId, userId)).limit(1))[0];

/** The account's row, locked until the transaction ends (a code is checked against it). */
export const findSecondStepForUpdate = async (db: Executor, userId: number) =>
  (
    await db
      .select()
      .from(staffSecondSteps)
      .where(eq(staffSecondSteps.userId, userId))
      .limit(1)
      .for('update')
  )[0];

/** A key shown in a QR code, waiting for its first code; replaces any earlier one. */
export const setPendingSecret = (db: Executor, userId: number, secret: string) =>
  db
    .insert(staffSecondSteps)
    .values({ userId, pendingTotpSecret: secret })
    .onConflictDoUpdate({
      target: staffSecondSteps.userId,
      set: { pendingTotpSecret: secret, updatedAt: sql`now()` },
    });

/** The pending key becomes the account's authenticator, and the method. */
export const confirmPendingSecret = (db: Executor, userId: number, step: number) =>
  db
    .update(staffSecondSteps)
    .set({
      method: 'totp',
      totpSecret: sql`${staffSecondSteps.pendingTotpSecret}`,
      pendingTotpSecret: null,
      totpLastStep: step,
      updatedAt: sql`now()`,
    })
    .where(eq(staffSecondSteps.userId, userId));

export const setLastStep = (db: Executor, userId: number, step: number) =>
  db
    .update(staffSecondSteps)
    .set({ totpLastStep: step })
    .where(eq(staffSecondSteps.userId, userId));

export const setMethod = (db: Executor, userId: number, method: SecondStepMethod) =>
  db
    .insert(staffSecondSteps)
    .values({ userId, method })
    .onConflictDoUpdate({
      target: staffSecondSteps.userId,
      set: { method, updatedAt: sql`now()` },
    });

/** The next setup's codes replace every earlier one, used or not. */
export async function replaceRecoveryCodes(db: Executor, userId: number, codeHashes: string[]) {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await db.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses the code if it is one of the account's unused ones; true when it was. */
export const useRecoveryCode = async (db: Executor, userId: number, codeHash: string) =>
  (
    await db
      .update(staffRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(staffRecoveryCodes.userId, userId),
          eq(staffRecoveryCodes.codeHash, codeHash),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id })
  ).length > 0;

export const countUnusedRecoveryCodes = async (db: Executor, userId: number) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)))
  )[0]!.n;

/** Sign-in codes sent to the number in the last `windowSeconds` (ACCT-23's own limit). */
export async function recentSignInCodes(db: Executor, msisdn: string, windowSeconds: number) {
  const result = await db.execute(sql`
    select count(*)::int as count,
      extract(epoch from now() - min(${phoneCodes.createdAt}))::float8 as since_oldest
    from ${phoneCodes}
    where ${phoneCodes.msisdn} = ${msisdn} and ${phoneCodes.purpose} = 'login'
      and ${phoneCodes.createdAt} > now() - make_interval(secs => ${windowSeconds})`);
  const row = rowsOf<{ count: number; since_oldest: number | null }>(result)[0]!;
  return {
    count: Number(row.count),
    secondsSinceOldest: row.since_oldest === null ? null : Number(row.since_oldest),
  };
}

export const insertSessionActivity = (db: Executor, sessionId: number, at: Date) =>
  db.insert(sessionActivity).values({ sessionId, lastSeenAt: at }).onConflictDoNothing();

/**
 * Marks the session seen at `now` unless it was last seen before `idleSince`, in one
 * statement, so two processes agree: true while the session is live. A session without a
 * row yet (made before this table, or by hand) starts being counted now.
 */
export async function touchSession(db: Executor, sessionId: number, now: Date, idleSince: Date) {
  const result = await db.execute(sql`
    insert into ${sessionActivity} (session_id, last_seen_at) values (${sessionId}, ${now.toISOString()}::timestamptz)
    on conflict (session_id) do update
      set last_seen_at = greatest(${sessionActivity.lastSeenAt}, excluded.last_seen_at)
      where ${sessionActivity.lastSeenAt} > ${idleSince.toISOString()}::timestamptz
    returning session_id`);
  return rowsOf(result).length > 0;
}
