import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { buildApp, type App } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { insertCar, insertUser } from '../../src/server/db/factories';
import { addDays, todayInAccra } from '../../src/shared/dates';
import { growDatabase } from '../../scripts/bench/scale-data';
import { api } from '../support/api';
import { isPostgres, setupTestApp, type TestContext } from '../support/test-app';

/**
 * One slow page cannot take the site down (LIMIT-11, LIMIT-12). Staff reports are made slow
 * for certain (a lock on payments, which the dashboard reads and a renter's sign-in and
 * pay-on-pickup booking do not) on a grown database, and hammered while renters sign in and
 * book. The app runs on small pools so the effect shows quickly: 4 connections for everything
 * else, 2 for reports, a report statement timeout of 3 s.
 *
 * Shown to catch (run once): reports on the shared pool (runReport given handle.db) — the
 * blocked dashboards held all 4 connections, renters waited past the pool's 5 s and got 503.
 */
const REPORT_TIMEOUT_MS = 3_000;
const LOCK_MS = 8_000;

const ctx: TestContext = await setupTestApp();
const client = api(ctx.app);

describe.skipIf(!isPostgres())('staff reports beside renters (PostgreSQL)', () => {
  let app: App;
  let base: string;
  let admin: pg.Client;
  let staffToken: string;
  const renters: { msisdn: string; password: string; carId: number }[] = [];

  beforeAll(async () => {
    const url = ctx.database.url!;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    staffToken = (await client.staff()).token;
    await insertCar(ctx.db); // the fleet is grown from copies of it
    await growDatabase(
      admin,
      { cars: 40, renters: 5_000, bookings: 12_000 },
      'not-a-usable-hash',
      () => undefined,
    );
    // The renters' own cars, added after the growth so their calendars are free.
    for (let i = 0; i < 4; i++) {
      const user = await insertUser(ctx.db);
      const car = await insertCar(ctx.db);
      renters.push({ msisdn: user.msisdn, password: user.password, carId: car.id });
    }
    const handle = await openDatabase({
      kind: 'postgres',
      url,
      poolSize: 4,
      reportPoolSize: 2,
      reportStatementTimeoutMs: REPORT_TIMEOUT_MS,
    });
    app = await buildApp({
      config: { env: 'test', publicUrl: 'http://localhost:3000', trustProxy: false },
      database: handle,
      closeDatabase: true,
      webRoot: null,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    base = `http://127.0.0.1:${address.port}`;
  }, 120_000);

  afterAll(async () => {
    app?.server.closeAllConnections();
    await app?.close();
    await admin?.end();
  });

  /** Holds an exclusive lock on payments until the returned function is called. */
  async function lockPayments() {
    const locker = new pg.Client({ connectionString: ctx.database.url! });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table payments in access exclusive mode');
    return async () => {
      await locker.query('rollback');
      await locker.end();
    };
  }

  const dashboard = (signal?: AbortSignal) =>
    fetch(`${base}/api/admin/dashboard`, {
      headers: { authorization: `Bearer ${staffToken}` },
      signal,
    });

  it(
    'renters sign in and book without a 503 while staff reports are stuck; stuck reports get 503 with Retry-After',
    { timeout: 60_000 },
    async () => {
      const unlock = await lockPayments();
      const stopAt = Date.now() + LOCK_MS;
      const staffAnswers: { status: number; retryAfter: string | null; body: unknown }[] = [];
      const staffLoops = Array.from({ length: 8 }, async () => {
        while (Date.now() < stopAt) {
          const res = await dashboard();
          staffAnswers.push({
            status: res.status,
            retryAfter: res.headers.get('retry-after'),
            body: await res.json(),
          });
        }
      });
      // The reports take their connections first, then renters arrive.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const renterStatuses: number[] = [];
      const renterLoops = renters.map(async (renter) => {
        // Signing in is rate-limited per address (LIMIT-3): once each, then book in a loop.
        const login = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ msisdn: renter.msisdn, password: renter.password }),
        });
        renterStatuses.push(login.status);
        if (login.status !== 200) return;
        const { access_token: token } = (await login.json()) as { access_token: string };
        for (let round = 0; Date.now() < stopAt; round++) {
          // Within the 180 days bookings open ahead (LIMIT-14), however many rounds.
          const start = addDays(todayInAccra(), 2 + (round % 50) * 3);
          // A renter holds at most 3 unpaid bookings (LIMIT-13): after three, the renter keeps
          // asking for quotes of the next trip, which the same pool answers. (A cancel would
          // read the payments this test keeps locked.)
          if (round >= 3) {
            const quote = await fetch(
              `${base}/api/bookings/quote?car_id=${renter.carId}&start_date=${start}&end_date=${addDays(start, 1)}`,
              { headers: { authorization: `Bearer ${token}` } },
            );
            renterStatuses.push(quote.status);
            await new Promise((resolve) => setTimeout(resolve, 100));
            continue;
          }
          const booking = await fetch(`${base}/api/bookings/create`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({
              car_id: renter.carId,
              start_date: start,
              end_date: addDays(start, 1),
              destination: 'Kumasi',
              destination_type: '2',
              payment_method: 'payOnPickup',
            }),
          });
          renterStatuses.push(booking.status);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      });
      await Promise.all(renterLoops);
      await unlock();
      await Promise.all(staffLoops);

      expect(renterStatuses.length).toBeGreaterThan(8);
      expect(renterStatuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
      // The stuck reports ran into their statement timeout: 503, Retry-After, the usual body.
      const refused = staffAnswers.filter((a) => a.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0]!.retryAfter).not.toBeNull();
      expect(refused[0]!.body).toEqual({ message: expect.any(String) });
      expect(staffAnswers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
    },
  );

  it('cancels a report in PostgreSQL when its client goes away', { timeout: 30_000 }, async () => {
    const unlock = await lockPayments();
    try {
      const gone = new AbortController();
      const pending = dashboard(gone.signal).catch(() => undefined);
      const waitingReports = async () =>
        Number(
          (
            await admin.query<{ n: string }>(
              `select count(*) as n from pg_stat_activity
               where application_name = 'carlink-reports' and state = 'active' and wait_event_type = 'Lock'`,
            )
          ).rows[0]!.n,
        );
      // The report is stuck on the lock…
      const stuckBy = Date.now() + 2_000;
      while ((await waitingReports()) === 0 && Date.now() < stuckBy)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await waitingReports()).toBeGreaterThan(0);
      // …and once its client hangs up it is cancelled well before its statement timeout.
      gone.abort();
      await pending;
      const cancelledBy = Date.now() + REPORT_TIMEOUT_MS / 2;
      while ((await waitingReports()) > 0 && Date.now() < cancelledBy)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await waitingReports()).toBe(0);
    } finally {
      await unlock();
    }
  });
});
