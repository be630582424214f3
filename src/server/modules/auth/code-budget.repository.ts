import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { phoneCodes, users } from '../../db/schema/index';

/**
 * Serialises the company-wide budget check across processes until the transaction ends
 * (LIMIT-18). Taken after the number's own lock (LIMIT-9), always in that order.
 */
export const lockCodeBudget = (db: Executor) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext('phone-code:budget'))`);

/** Codes of every number in the last `windowSeconds`: how many, and the oldest one's age. */
export async function companyCodeStats(db: Executor, windowSeconds: number) {
  const result = await db.execute(sql`
    select count(*)::int as count,
      extract(epoch from now() - min(${phoneCodes.createdAt}))::float8 as since_oldest
    from ${phoneCodes}
    where ${phoneCodes.createdAt} > now() - make_interval(secs => ${windowSeconds})`);
  const row = rowsOf<{ count: number; since_oldest: number | null }>(result)[0]!;
  return {
    count: Number(row.count),
    secondsSinceOldest: row.since_oldest === null ? null : Number(row.since_oldest),
  };
}

/** Who is told that the budget is spent: every active owner (ROLE-1), earliest first. */
export const findActiveOwners = async (db: Executor) =>
  rowsOf<{ id: number; msisdn: string }>(
    await db.execute(sql`
      select ${users.id} as id, ${users.msisdn} as msisdn from ${users}
      where ${users.role} = 'staff' and ${users.staffRole} = 'owner'
        and ${users.deactivatedAt} is null
      order by ${users.createdAt}, ${users.id}`),
  );
