import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { openDatabase } from '../../src/server/db/client';
import { insertUser } from '../../src/server/db/factories';
import { rateLimitCounters } from '../../src/server/db/schema/index';
import { startAppProcess, type AppProcess } from './support/app-process';
import { prepareDatabase } from './support/fleet';
import { bearer, countBy, login, send, sleep } from './support/http';
import { scratchPostgresUnavailable, type ScratchCluster } from './support/postgres-cluster';
import { sharedCluster } from './support/shared-cluster';

/**
 * Several app processes on one PostgreSQL (PERF-8 to PERF-10): two built server processes, as
 * production runs them, each on its own port so the test can choose which one it asks.
 * - a per-address allowance is shared: 150 login requests to each, then the 301st is 429
 *   from either (with counters in each process's memory it was 422: 151 of 300 each);
 * - a staff price change made through one process is served by the other within a second;
 * - a periodic job runs once per slot in all: every slot of the 1-second payment reconciler
 *   appears in exactly one process's log;
 * - `WEB_CONCURRENCY=2`: one primary with two workers on one port, all gone after SIGTERM.
 *
 * Shown to catch (broken variants, built and run once): the claim's `where` removed (every
 * process ran every slot: each slot logged twice); the in-memory rate-limit store (the 301st
 * request answered 422).
 */
const unavailable = scratchPostgresUnavailable();

/** Log lines of a process from now on, parsed (pino JSON lines). */
function collectLog(app: AppProcess) {
  const lines: Record<string, unknown>[] = [];
  let rest = '';
  app.child.stdout!.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop()!;
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  return lines;
}

/** Child process ids, from /proc (Linux). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

describe.skipIf(unavailable)(
  `several app processes on one PostgreSQL${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let cluster: ScratchCluster;
    let url: string;
    let carId: number;
    let apps: AppProcess[];
    let logs: Record<string, unknown>[][];

    afterAll(async () => cluster?.release());

    it('start: two processes on one database, the reconciler every second', async () => {
      cluster = sharedCluster();
      const fleet = await prepareDatabase(cluster, 'procs', { cars: 2, renters: 0 });
      url = fleet.url;
      carId = fleet.cars[0]!.id;
      apps = await Promise.all(
        [0, 1].map(() =>
          startAppProcess({
            env: { DATABASE_URL: url, PAYMENT_RECONCILE_SECONDS: '1', LOG_LEVEL: 'info' },
          }),
        ),
      );
      logs = apps.map(collectLog);
    });

    it('shares each address’s allowance: 300 login requests over both, then 429 from either (LIMIT-3)', async () => {
      const junk = { msisdn: '1', password: '1' };
      const statuses: number[] = [];
      for (let i = 0; i < 300; i++)
        statuses.push(
          (await send(apps[i % 2]!.url, 'POST', '/api/auth/login', { body: junk })).status,
        );
      expect(countBy(statuses, (s) => s)).toEqual({ 422: 300 });
      for (const app of apps) {
        const blocked = await send(app.url, 'POST', '/api/auth/login', { body: junk });
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      }
    });

    it('serves a staff price change from the other process within a second', async () => {
      const handle = await openDatabase({ kind: 'postgres', url });
      const staff = await insertUser(handle.db, { role: 'staff' });
      // The test before used up this address's login allowance.
      await handle.db.delete(rateLimitCounters);
      await handle.close();
      const token = await login(apps[0]!.url, staff.msisdn, staff.password);
      const priceOn = async (app: AppProcess) =>
        (
          JSON.parse((await send(app.url, 'GET', `/api/cars/${carId}`)).body) as {
            car: { price: number };
          }
        ).car.price;
      // The other process has the car cached before the change.
      const before = await priceOn(apps[1]!);

      const { car } = JSON.parse(
        (await send(apps[0]!.url, 'GET', `/api/admin/cars/${carId}`, { headers: bearer(token) }))
          .body,
      ) as { car: Record<string, unknown> };
      const input = Object.fromEntries(
        Object.entries(car).filter(
          ([key]) =>
            ![
              'id',
              'title',
              'retired',
              'retired_at',
              'created_at',
              'updated_at',
              'photos',
            ].includes(key),
        ),
      );
      const newPrice = before + 55;
      const changed = await send(apps[0]!.url, 'PUT', `/api/admin/cars/${carId}`, {
        headers: bearer(token),
        body: { ...input, price_per_day: newPrice, old_price: null },
      });
      expect(changed.status).toBe(200);
      const changedAt = performance.now();

      let seen = before;
      while (seen !== newPrice && performance.now() - changedAt < 1_000)
        seen = await priceOn(apps[1]!);
      expect(seen).toBe(newPrice);
      expect(performance.now() - changedAt).toBeLessThan(1_000);
    });

    it('runs a periodic job once per slot across both processes (PERF-10)', async () => {
      const ran = () =>
        logs.map((lines) =>
          lines
            .filter((l) => l.msg === 'scheduled job ran' && l.job === 'payment-reconcile')
            .map((l) => String(l.slot)),
        );
      const from = ran().map((slots) => slots.length);
      await sleep(5_000);
      const slots = ran().map((s, i) => s.slice(from[i]));
      const all = slots.flat();
      // Five seconds of a one-second job: four to six slots, each run by one process only.
      expect(all.length).toBeGreaterThanOrEqual(4);
      expect(all.length).toBeLessThanOrEqual(6);
      expect(new Set(all).size).toBe(all.length);
    });

    it('WEB_CONCURRENCY=2: a primary and two workers on one port; SIGTERM stops them all (PERF-8)', async () => {
      const app = await startAppProcess({ env: { DATABASE_URL: url, WEB_CONCURRENCY: '2' } });
      const workers = childrenOf(app.pid);
      expect(workers).toHaveLength(2);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => send(app.url, 'GET', '/api/get/cars')),
      );
      expect(countBy(answers, (a) => a.status)).toEqual({ 200: 20 });
      app.kill('SIGTERM');
      expect(await app.exited).toEqual({ code: 0, signal: null });
      for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    });
  },
);
