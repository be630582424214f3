import { afterAll, describe, expect, it } from 'vitest';
import { insertBooking } from '../../src/server/db/factories';
import { openDatabase } from '../../src/server/db/client';
import { addDays, todayInAccra } from '../../src/shared/dates';
import { startAppProcess } from './support/app-process';
import { prepareDatabase } from './support/fleet';
import {
  bearer,
  countBy,
  keepAliveAgent,
  login,
  percentile,
  send,
  sleep,
  type Answer,
} from './support/http';
import { scratchPostgresUnavailable, type ScratchCluster } from './support/postgres-cluster';
import { sharedCluster } from './support/shared-cluster';

/**
 * Overload (LIMIT-7). One app process (default settings, on PostgreSQL) is first measured at
 * a modest load to learn its capacity here, then offered twice that for two rounds of five
 * seconds, open-loop (requests keep coming whether or not answers do, as visitors do). Past
 * capacity it must refuse with 503 + Retry-After rather than queue: what it admits keeps a
 * bounded p99, nothing else fails, and its memory comes back to the same level after the
 * second round as after the first.
 *
 * The bound: at most MAX_IN_FLIGHT requests wait inside the process, so by Little's law an
 * admitted request waits about MAX_IN_FLIGHT / capacity; p99 must stay within four times
 * that (at least 1.5 s). Without shedding the wait grows with every second of overload.
 *
 * Shown to catch (deliberately broken variants, run once):
 * - shedding off (MAX_IN_FLIGHT=0, MAX_EVENT_LOOP_DELAY_MS=0): not one 503, admitted p99
 *   6.6 s against the 1.5 s bound (at three times capacity on a quiet machine);
 * - the catalogue's response cache without its size limit: the second round added 84 MB and
 *   114 MB of RSS (two tries; 5 to 20 MB without the fault, limit 40).
 * The in-flight count's release when a client hangs up is pinned in
 * src/server/plugins/load-shedding.test.ts.
 */
const unavailable = scratchPostgresUnavailable();
const MAX_IN_FLIGHT = 128; // the default in src/server/config.ts
const OVERLOAD_FACTOR = 2;
const ROUND_SECONDS = 5;
const CONNECTIONS = 256;

describe.skipIf(unavailable)(`overload${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let cluster: ScratchCluster;
  afterAll(async () => cluster?.release());

  // One more try if the first is disturbed: timings on two shared cores can be upset by another
  // program for a few seconds; a real regression (no shedding, a leak) fails both tries.
  it(
    'sheds load past capacity with 503 + Retry-After, keeps admitted p99 bounded and memory flat',
    { retry: 1 },
    async () => {
      // A retry starts afresh: createDatabase drops the first try's database.
      cluster ??= sharedCluster();
      const fleet = await prepareDatabase(cluster, 'overload', { cars: 30, renters: 1 });
      const handle = await openDatabase({ kind: 'postgres', url: fleet.url });
      const renter = fleet.renters[0]!;
      for (const [i, car] of fleet.cars.slice(0, 12).entries()) {
        const start = addDays(todayInAccra(), 3 + i * 5);
        await insertBooking(handle.db, {
          userId: renter.id,
          carId: car.id,
          pricePerDayPesewas: car.pricePerDayPesewas,
          startDate: start,
          endDate: addDays(start, 2),
        });
      }
      await handle.close();

      const app = await startAppProcess({ env: { DATABASE_URL: fleet.url } });
      const token = await login(app.url, renter.msisdn, renter.password);
      // A fixed set of connections, opened beforehand and reused, as the reverse proxy in front
      // holds them (requests beyond wait their turn in the client). New connections opened by the
      // hundred mid-storm would measure the kernel's accept queue instead of the app: SYNs dropped
      // and resent after 1 s, 3 s, 7 s (seen here as exactly those p99s).
      const agent = keepAliveAgent();
      agent.maxSockets = CONNECTIONS;
      agent.maxFreeSockets = CONNECTIONS;

      // Half the traffic reads the renter's bookings (session, bookings, images: the database);
      // half lists the fleet with a filter no one sent before (the catalogue's response cache).
      let n = 0;
      const next = () =>
        n++ % 2
          ? send(app.url, 'GET', '/api/bookings/history', {
              headers: bearer(token),
              agent,
              timeoutMs: 60_000,
            })
          : send(
              app.url,
              'GET',
              `/api/get/cars?limit=50&max_price=${100_000 + Math.floor(Math.random() * 9_000_000)}`,
              { agent, timeoutMs: 60_000 },
            );

      // Capacity here: a few clients back to back, twice (the first warms the process up).
      const measure = async (ms: number) => {
        const answers: Answer[] = [];
        const until = performance.now() + ms;
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            while (performance.now() < until) answers.push(await next());
          }),
        );
        return answers;
      };
      await measure(1500);
      const calm = await measure(2500);
      await Promise.all(
        Array.from({ length: CONNECTIONS }, () => send(app.url, 'GET', '/api/health', { agent })),
      );
      expect(
        countBy(calm, (a) => a.status),
        'answers at a modest load',
      ).toEqual({ 200: calm.length });
      const capacity = calm.length / 2.5;
      const calmP99 = percentile(
        calm.map((a) => a.endedAt - a.startedAt),
        0.99,
      );
      await sleep(500);
      const rssBefore = app.rssBytes();

      // Open loop: twice the capacity, whatever the answers do. Two rounds, a pause after
      // each: memory that is flat comes back to the same level after the second as after the first.
      const rate = OVERLOAD_FACTOR * capacity;
      const round = async () => {
        const pending: Promise<Answer>[] = [];
        const start = performance.now();
        for (let sent = 0; performance.now() - start < ROUND_SECONDS * 1000; await sleep(5)) {
          const due = Math.floor(((performance.now() - start) / 1000) * rate);
          for (; sent < due; sent++) pending.push(next());
        }
        const answers = await Promise.all(pending);
        const drainedMs = performance.now() - start - ROUND_SECONDS * 1000;
        await sleep(1500);
        return { answers, drainedMs, rss: app.rssBytes() };
      };
      const first = await round();
      const second = await round();
      const answers = [...first.answers, ...second.answers];

      const admitted = answers.filter((a) => a.status === 200);
      const shed = answers.filter((a) => a.status === 503);
      const latency = (list: Answer[], p: number) =>
        percentile(
          list.map((a) => a.endedAt - a.startedAt),
          p,
        );
      const admittedP99 = latency(admitted, 0.99);
      const bound = Math.max(1500, (4 * 1000 * MAX_IN_FLIGHT) / capacity);
      const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

      console.info(
        'overload:',
        JSON.stringify({
          capacityPerSecond: Math.round(capacity),
          calmP99Ms: Math.round(calmP99),
          offeredPerSecond: Math.round(rate),
          seconds: 2 * ROUND_SECONDS,
          requests: answers.length,
          statuses: countBy(answers, (a) => a.status || a.error || 'none'),
          admittedPerSecond: Math.round(admitted.length / (2 * ROUND_SECONDS)),
          admittedP50Ms: Math.round(latency(admitted, 0.5)),
          admittedP99Ms: Math.round(admittedP99),
          boundMs: Math.round(bound),
          shedP99Ms: Math.round(latency(shed, 0.99)),
          drainedMs: [Math.round(first.drainedMs), Math.round(second.drainedMs)],
          rssMb: { before: mb(rssBefore), afterFirst: mb(first.rss), afterSecond: mb(second.rss) },
        }),
      );

      expect(app.alive(), app.output()).toBe(true);
      expect(shed.length, 'requests refused with 503').toBeGreaterThan(0);
      expect(admitted.length, 'requests served while overloaded').toBeGreaterThan(
        capacity * 2 * ROUND_SECONDS * 0.3,
      );
      expect(
        countBy(
          answers.filter((a) => a.status !== 200 && a.status !== 503),
          (a) => `${a.status} ${a.error ?? a.body.slice(0, 80)}`,
        ),
        'other answers',
      ).toEqual({});
      for (const answer of shed.slice(0, 50)) {
        expect(Number(answer.headers['retry-after']), 'Retry-After').toBeGreaterThan(0);
        expect(JSON.parse(answer.body)).toEqual({ message: expect.any(String) });
      }
      expect(admittedP99, `admitted p99 (ms); bound ${Math.round(bound)} ms`).toBeLessThan(bound);
      expect(
        mb(second.rss - first.rss),
        'MB of RSS gained by the second round of overload',
      ).toBeLessThan(40);
      expect(mb(first.rss - rssBefore), 'MB of RSS gained by the first round').toBeLessThan(100);

      // And it is itself again: a request now is served promptly.
      const after = await send(app.url, 'GET', '/api/bookings/history', { headers: bearer(token) });
      expect(after.status).toBe(200);
      agent.destroy();
    },
  );
});
