import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rowsOf, type Executor } from '../../db/client';
import { authTickets, loginThrottles, phoneCodes } from '../../db/schema/index';
import { CODE_DAY_SECONDS } from './phone-codes';

/** How often the sweep runs: once an hour across every process (PERF-10). */
export const AUTH_SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * How long codes, tickets and sign-in counters are kept (ACCT-35). Longer than anything that
 * still reads them: LIMIT-9's 24 hours of codes per number, a ticket's 10 minutes, the longest
 * counter window (an hour); so deleting older rows changes no answer.
 */
export const AUTH_RECORDS_KEPT_SECONDS = 2 * CODE_DAY_SECONDS;

/** Rows deleted per statement, so a backlog never holds long locks. */
const BATCH = 5_000;

async function deleteOlder(
  db: Executor,
  table: typeof phoneCodes | typeof authTickets,
  keptSeconds: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = rowsOf(
      await db.execute(sql`
        delete from ${table} where ${table.id} in (
          select ${table.id} from ${table}
          where ${table.createdAt} < now() - make_interval(secs => ${keptSeconds})
          limit ${BATCH})
        returning ${table.id}`),
    ).length;
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/**
 * Deletes spent sign-in records (ACCT-35): SMS codes and two-step tickets past
 * AUTH_RECORDS_KEPT_SECONDS, and per-number or per-address counters whose window started as
 * long ago. Tickets go first: they point at codes.
 */
export async function sweepAuthRecords(db: Executor, keptSeconds = AUTH_RECORDS_KEPT_SECONDS) {
  const tickets = await deleteOlder(db, authTickets, keptSeconds);
  const codes = await deleteOlder(db, phoneCodes, keptSeconds);
  await db.execute(sql`
    delete from ${loginThrottles}
    where ${loginThrottles.windowStartedAt} < now() - make_interval(secs => ${keptSeconds})`);
  return { tickets, codes };
}

/** The sweep as a periodic job. */
export const authSweepPlugin = fp(
  async (app: FastifyInstance, opts: { everyMs?: number }) => {
    const everyMs = opts.everyMs ?? AUTH_SWEEP_EVERY_MS;
    if (everyMs <= 0) return;
    app.scheduler.registerJob('auth-records-sweep', everyMs, async () => {
      await sweepAuthRecords(app.db);
    });
  },
  { name: 'auth-sweep', dependencies: ['scheduler'] },
);
