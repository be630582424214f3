import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** One request counted against `key`: the count in its window and the window's ms left. */
export async function countHit(db: Executor, key: string, windowMs: number) {
  // One statement, so concurrent requests from any process are counted one after another on
  // the row's lock; a window that has ended starts again at 1.
  const [row] = rowsOf<{ hits: number; ttl_ms: number }>(
    await db.execute(sql`
      insert into rate_limit_counters as c (key, hits, resets_at)
      values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when c.resets_at <= now() then 1 else c.hits + 1 end,
        resets_at = case when c.resets_at <= now() then excluded.resets_at else c.resets_at end
      returning hits, greatest(0, ceil(extract(epoch from resets_at - now()) * 1000))::int as ttl_ms`),
  );
  return { current: Number(row!.hits), ttl: Number(row!.ttl_ms) };
}

/** Deletes counters whose window ended a while ago (the `rate-limit-sweep` job). */
export async function sweepRateLimits(db: Executor) {
  await db.execute(
    sql`delete from rate_limit_counters where resets_at < now() - interval '1 minute'`,
  );
}

/**
 * @fastify/rate-limit's store, kept in the database so that every app process counts the same
 * requests (LIMIT-3, PERF-9): with counters in each process's memory, N processes behind a
 * proxy would allow N times the limit. Each route gets its own keys, as the plugin's in-memory
 * store does.
 */
export function databaseRateLimitStore(db: Executor): FastifyRateLimitStoreCtor {
  class DatabaseStore {
    constructor(private readonly prefix = '') {}

    incr(key: string, callback: Callback, timeWindow: number) {
      countHit(db, `${this.prefix}|${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // The plugin passes the route's merged options, with the route itself as `routeInfo`.
    child(routeOptions: object): FastifyRateLimitStore {
      const route =
        (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo ?? {};
      return new DatabaseStore(`${String(route.method ?? '')}${route.url ?? ''}`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}
