import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/client';
import { Scheduler } from '../../src/server/modules/jobs/scheduler';
import { countHit } from '../../src/server/plugins/rate-limit-store';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);
const quiet = { info: () => undefined, warn: () => undefined };

describe('periodic jobs run once per slot, whichever process asks first (PERF-10)', () => {
  it('two schedulers on one database: one runs each slot, the other skips it', async () => {
    const runs: string[] = [];
    // A long period, so that both ticks below fall in one slot.
    const every = 3_600_000;
    const a = new Scheduler(ctx.db, quiet);
    const b = new Scheduler(ctx.db, quiet);
    a.registerJob('test-job', every, async () => void runs.push('a'));
    b.registerJob('test-job', every, async () => void runs.push('b'));
    const [first, second] = await Promise.all([a.tick('test-job'), b.tick('test-job')]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(runs).toHaveLength(1);
    expect(await a.tick('test-job')).toBe(false);

    // The next slot (the claimed one moved an hour back): runs again, once.
    await ctx.db.execute(
      sql`update scheduled_jobs set last_slot_at = last_slot_at - interval '1 hour' where name = 'test-job'`,
    );
    const again = await Promise.all([b.tick('test-job'), a.tick('test-job')]);
    expect(again.filter(Boolean)).toHaveLength(1);
    expect(runs).toHaveLength(2);
  });

  it('a failing job is logged and does not stop the next slot', async () => {
    const warnings: string[] = [];
    const s = new Scheduler(ctx.db, {
      info: () => undefined,
      warn: (_details: object, message: string) => void warnings.push(message),
    });
    s.registerJob('failing-job', 100, async () => {
      throw new Error('boom');
    });
    expect(await s.tick('failing-job')).toBe(true);
    expect(warnings).toEqual(['scheduled job failed']);
    expect(() => s.registerJob('failing-job', 100, async () => undefined)).toThrow(/twice/);
  });
});

describe('per-address counters in the database (LIMIT-3, PERF-9)', () => {
  it('counts hits in a window and starts again when it ends', async () => {
    expect(await countHit(ctx.db, 'test|10.0.0.1', 60_000)).toMatchObject({ current: 1 });
    const second = await countHit(ctx.db, 'test|10.0.0.1', 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(55_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    // Another address has its own count.
    expect((await countHit(ctx.db, 'test|10.0.0.2', 60_000)).current).toBe(1);
    // The window ended: counted from 1 again.
    await ctx.db.execute(
      sql`update rate_limit_counters set resets_at = now() - interval '1 second' where key = 'test|10.0.0.1'`,
    );
    expect((await countHit(ctx.db, 'test|10.0.0.1', 60_000)).current).toBe(1);
  });

  it('keeps each route apart, as the in-memory store did', async () => {
    for (let i = 0; i < 3; i++)
      await client.post('/api/newsletter', {}, { remoteAddress: '10.7.0.1' });
    await client.post('/api/contact', {}, { remoteAddress: '10.7.0.1' });
    const rows = rowsOf<{ key: string; hits: number }>(
      await ctx.db.execute(
        sql`select key, hits from rate_limit_counters where key like '%10.7.0.1' order by key`,
      ),
    );
    expect(rows.map((r) => [r.key, Number(r.hits)])).toEqual([
      ['POST/api/contact|10.7.0.1', 1],
      ['POST/api/newsletter|10.7.0.1', 3],
    ]);
  });
});
