import { afterAll, describe, expect, it } from 'vitest';
import { addDays, todayInAccra } from '../../src/shared/dates';
import { startAppProcess, type AppProcess } from './support/app-process';
import { LIVE_STATUSES, OVERLAPS_SQL, prepareDatabase } from './support/fleet';
import { bearer, countBy, login, send, sleep, type Answer } from './support/http';
import { scratchPostgresUnavailable, type ScratchCluster } from './support/postgres-cluster';
import { sharedCluster } from './support/shared-cluster';

/**
 * Crash consistency (BOOK-3, LIMIT-7). Four app processes share one PostgreSQL while clients book
 * cars; one process is killed with SIGKILL, then PostgreSQL itself crashes (immediate stop:
 * no flush, no checkpoint) and comes back. What was promised must hold:
 * - every booking answered 201 exists afterwards, and no two live bookings overlap;
 * - the surviving processes live through the outage and answer 503 + Retry-After, never 500;
 * - each of them serves bookings again within 2 s of the database accepting connections.
 *
 * Shown to catch (each a deliberately broken variant, built and run once):
 * - the code as it was: pg's pool had an 'error' listener for idle clients only, and all three
 *   survivors died at the crash ("Unhandled 'error' event" from a client a transaction had
 *   checked out). Fixed in src/server/db/client.ts; removing both listeners does the same;
 * - isDatabaseUnavailable() answering false: the 252 answers during the outage were 500;
 * - the database on `synchronous_commit=off` with a 10 s WAL writer delay: 4 bookings answered
 *   201 were gone after the crash ("lost" listed them);
 * - the overlap checks in the service and the exclusion constraint removed: 13 overlapping pairs;
 * - a 3 s cool-down (good pings) before serving again: resume took 3.15 s.
 */
const unavailable = scratchPostgresUnavailable();
const PROCESSES = 4;
const CLIENTS = 12;

interface Outcome extends Answer {
  app: number;
}

describe.skipIf(unavailable)(
  `crash consistency${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let cluster: ScratchCluster;
    afterAll(async () => cluster?.release());

    it('keeps every acknowledged booking, never overlaps, answers 503 while PostgreSQL is down and resumes within 2 s', async () => {
      cluster = sharedCluster();
      const fleet = await prepareDatabase(cluster, 'crash', { cars: 6, renters: 8 });
      const apps: AppProcess[] = await Promise.all(
        Array.from({ length: PROCESSES }, () =>
          // The reconciler runs every second, so its queries meet the outage too.
          startAppProcess({ env: { DATABASE_URL: fleet.url, PAYMENT_RECONCILE_SECONDS: '1' } }),
        ),
      );
      const tokens = await Promise.all(
        fleet.renters.map((r, i) => login(apps[i % PROCESSES]!.url, r.msisdn, r.password)),
      );

      const today = todayInAccra();
      const victim = PROCESSES - 1;
      const alive = new Set(apps.map((_, i) => i));
      const outcomes: Outcome[] = [];
      const acknowledged: { code: string; carId: number; start: string; end: string }[] = [];
      let stop = false;

      async function client(n: number) {
        for (let i = n; !stop; i++) {
          const targets = [...alive];
          const app = targets[i % targets.length]!;
          const carId = fleet.cars[Math.floor(Math.random() * fleet.cars.length)]!.id;
          const start = addDays(today, 1 + Math.floor(Math.random() * 120));
          const end = addDays(start, Math.floor(Math.random() * 4));
          const answer = await send(apps[app]!.url, 'POST', '/api/bookings/create', {
            headers: bearer(tokens[n % tokens.length]!),
            body: {
              car_id: carId,
              start_date: start,
              end_date: end,
              destination: 'Kumasi',
              destination_type: 2,
              payment_method: 'payOnPickup',
            },
            timeoutMs: 15_000,
          });
          outcomes.push({ ...answer, app });
          if (answer.status === 201) {
            const booking = (JSON.parse(answer.body) as { booking: { booking_code: string } })
              .booking;
            acknowledged.push({ code: booking.booking_code, carId, start, end });
          }
          // A client told to wait does, briefly (a real one would honour Retry-After).
          if (answer.status !== 201 && answer.status !== 409) await sleep(25);
        }
      }

      const t0 = performance.now();
      const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
      await sleep(1500);

      apps[victim]!.kill('SIGKILL');
      alive.delete(victim);
      const killedAt = performance.now();
      await sleep(1000);

      const crashAt = performance.now();
      await cluster.crash();
      await sleep(1500);
      await cluster.start();
      const backAt = performance.now();

      // Service is back for a process when a booking request it received after the restart is decided.
      const decided = (o: Outcome) =>
        o.startedAt >= backAt && (o.status === 201 || o.status === 409);
      const resumeMs = new Map<number, number>();
      while (performance.now() - backAt < 10_000 && resumeMs.size < alive.size) {
        for (const app of alive) {
          const first = outcomes
            .filter((o) => o.app === app && decided(o))
            .sort((a, b) => a.endedAt - b.endedAt)[0];
          if (first && !resumeMs.has(app)) resumeMs.set(app, first.endedAt - backAt);
        }
        await sleep(50);
      }
      await sleep(1000);
      stop = true;
      await Promise.all(clients);

      const rows = await cluster.query<{
        booking_code: string;
        car_id: number;
        start_date: string;
        end_date: string;
      }>(
        'crash',
        `select booking_code, car_id, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date from bookings`,
      );
      const stored = new Map(rows.map((r) => [r.booking_code, r]));
      const lost = acknowledged.filter((a) => {
        const row = stored.get(a.code);
        return (
          !row || row.car_id !== a.carId || row.start_date !== a.start || row.end_date !== a.end
        );
      });
      const overlaps = await cluster.query('crash', OVERLAPS_SQL, [LIVE_STATUSES]);

      const survivors = apps.filter((_, i) => i !== victim);
      const health = await Promise.all(survivors.map((app) => send(app.url, 'GET', '/api/health')));
      const duringOutage = outcomes.filter((o) => o.startedAt >= crashAt && o.endedAt <= backAt);
      const serverErrors = outcomes.filter((o) => o.status >= 500 && o.status !== 503);
      const unavailableWithoutRetryAfter = outcomes.filter(
        (o) => o.status === 503 && !o.headers['retry-after'],
      );
      const noAnswerFromSurvivors = outcomes.filter((o) => o.status === 0 && o.app !== victim);
      const noAnswerFromVictim = outcomes.filter((o) => o.status === 0 && o.app === victim);

      console.info(
        'crash consistency:',
        JSON.stringify({
          requests: outcomes.length,
          statuses: countBy(outcomes, (o) => o.status),
          acknowledged: acknowledged.length,
          lost: lost.length,
          overlaps: overlaps.length,
          answersDuringOutage: countBy(duringOutage, (o) => o.status),
          noAnswerFromKilledProcess: noAnswerFromVictim.length,
          resumeMs: Object.fromEntries([...resumeMs].map(([app, ms]) => [app, Math.round(ms)])),
          timeline: {
            killMs: Math.round(killedAt - t0),
            crashMs: Math.round(crashAt - t0),
            backMs: Math.round(backAt - t0),
            totalMs: Math.round(performance.now() - t0),
          },
        }),
      );

      expect(acknowledged.length, 'bookings acknowledged before the faults').toBeGreaterThan(20);
      expect(lost, 'acknowledged (201) bookings missing or changed after the crash').toEqual([]);
      expect(overlaps, 'live bookings of one car on overlapping days').toEqual([]);

      for (const [i, app] of survivors.entries()) {
        expect(app.alive(), `process ${app.port} died:\n${app.output()}`).toBe(true);
        expect(health[i]!.status, `health of ${app.port}`).toBe(200);
      }
      expect(
        noAnswerFromSurvivors.map((o) => o.error),
        'surviving processes left requests unanswered',
      ).toEqual([]);

      expect(duringOutage.length, 'requests answered while PostgreSQL was down').toBeGreaterThan(
        10,
      );
      expect(
        countBy(duringOutage, (o) => o.status),
        'answers while PostgreSQL was down',
      ).toEqual({ 503: duringOutage.length });
      expect(
        serverErrors.map((o) => `${o.status} ${o.body}`),
        'server errors other than 503',
      ).toEqual([]);
      expect(unavailableWithoutRetryAfter.length, '503 answers without Retry-After').toBe(0);
      for (const o of outcomes.filter((x) => x.status === 503))
        expect(JSON.parse(o.body)).toEqual({ message: expect.any(String) });

      expect([...resumeMs.keys()].sort(), 'processes serving again after the restart').toEqual(
        [...alive].sort(),
      );
      for (const [app, ms] of resumeMs)
        expect(
          ms,
          `process ${apps[app]!.port}: ms from database back to a decided booking`,
        ).toBeLessThan(2000);
    });
  },
);
