// The server under test for `npm run bench`, run as its own process so that the load generator
// (autocannon, in scripts/bench/run.ts) does not steal its CPU. run.ts bundles it as the build
// bundles the server (plain node, no tsx in the process whose memory is measured) and starts
//   node <bundle> pglite [data dir]      (in memory without a data dir)
//   node <bundle> postgres <url>
// It migrates, seeds an empty database with the demo fleet, adds a bare route and a memory
// route, listens on 127.0.0.1 with a free port and prints one JSON line on stdout:
// {"ready":true,"port":…}.
// SIGTERM (or stdin closing: the parent died) closes the app and exits.
// Options: --renters=N signs in N new renters with verified phones and --cars=N makes sure N
// cars are on offer (the realistic contention part); --processes=N serves from N node:cluster
// workers on one port, as WEB_CONCURRENCY does (PostgreSQL only); --shedding turns on the load
// shedding with its defaults (MAX_IN_FLIGHT, MAX_EVENT_LOOP_DELAY_MS), as a site runs (the
// upload part: is a cheap request refused while an image is processed?).
import { inArray, sql } from 'drizzle-orm';
import cluster from 'node:cluster';
import { randomInt } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../src/server/app';
import { superviseWorkers } from '../../src/server/cluster';
import { loadConfig } from '../../src/server/config';
import { openDatabase, rowsOf, type Database } from '../../src/server/db/client';
import { insertCar } from '../../src/server/db/factories';
import { cars, users } from '../../src/server/db/schema/index';
import { seedDemoData } from '../../src/server/demo/seed';
import { loginUser } from '../../src/server/modules/auth/auth.service';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { unpaidLimitSwitch } from '../../src/server/modules/bookings/booking-limits';
import { bookingMessagesSwitch } from '../../src/server/modules/messages/booking-messages';
import { defaultSmsConfig } from '../../src/server/modules/sms/sms.plugin';
import {
  BARE_ROUTE,
  BENCH_PASSWORD,
  EVENT_LOOP_ROUTE,
  OVERLAPS_ROUTE,
  OVERLAPS_SQL,
  MEMORY_ROUTE,
  STATEMENTS_ROUTE,
  type ServerReady,
} from './common';
import pg from 'pg';

// Counts every statement a pooled connection sends (STATEMENTS_ROUTE).
let statements = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as { query: unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return query.apply(this, args);
};

const args = process.argv.slice(2);
const option = (name: string) => {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.slice(name.length + 3)) : 0;
};

/** N renters with verified phones, signed in through the real sign-in (one hash for all). */
async function signedInRenters(db: Database, n: number): Promise<string[]> {
  if (n === 0) return [];
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const taken = new Set<string>();
  const numbers: string[] = [];
  while (numbers.length < n) {
    // 020 + seven digits: a valid national format; random so reruns on one database do not clash.
    const msisdn = `23320${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    if (taken.has(msisdn)) continue;
    taken.add(msisdn);
    numbers.push(msisdn);
  }
  const existing = await db
    .select({ msisdn: users.msisdn })
    .from(users)
    .where(inArray(users.msisdn, numbers));
  const fresh = numbers.filter((m) => !existing.some((e) => e.msisdn === m));
  await db.insert(users).values(
    fresh.map((msisdn) => ({
      name: 'Bench Renter',
      msisdn,
      passwordHash,
      phoneVerifiedAt: new Date(),
    })),
  );
  const tokens: string[] = [];
  for (let i = 0; i < fresh.length; i += 10) {
    const batch = fresh.slice(i, i + 10);
    const answers = await Promise.all(
      batch.map((msisdn) =>
        loginUser(
          db,
          { msisdn: `0${msisdn.slice(3)}`, password: BENCH_PASSWORD },
          '127.0.0.1',
          // Fresh numbers are far from their limit (LIMIT-8): no second step, no SMS.
          () => Promise.reject(new Error('the bench sends no SMS')),
        ),
      ),
    );
    for (const answer of answers) {
      if (!('access_token' in answer)) throw new Error('bench sign-in asked for a code');
      tokens.push(answer.access_token);
    }
  }
  return tokens;
}

/** At least n cars on offer; their ids. */
async function carsOnOffer(db: Database, n: number): Promise<number[]> {
  if (n === 0) return [];
  const active = async () =>
    (
      await db
        .select({ id: cars.id })
        .from(cars)
        .where(sql`${cars.retiredAt} is null`)
    ).map((c) => c.id);
  const have = await active();
  for (let i = have.length; i < n; i++)
    await insertCar(db, { pricePerDayPesewas: 300_00 + i * 500 });
  return (await active()).slice(0, n);
}

type Kind = 'pglite' | 'postgres';

async function serve(kind: Kind, url: string | undefined, poolSize: number) {
  // --no-outbox: bookings queue no SMS (the creation bench's baseline, run.ts).
  if (args.includes('--no-outbox')) bookingMessagesSwitch.enabled = false;
  // --no-unpaid-limit: a renter may hold any number of unpaid bookings (the creation bench).
  if (args.includes('--no-unpaid-limit')) unpaidLimitSwitch.enabled = false;
  // --no-outbox-worker: bookings queue their SMS but this process sends none (the write alone).
  const outboxWorker = !args.includes('--no-outbox-worker');
  const database =
    kind === 'postgres'
      ? await openDatabase({
          kind: 'postgres',
          url: url!,
          poolSize,
          onError: (err) => console.error('bench server: database connection error:', err.message),
        })
      : await openDatabase({ kind: 'pglite', dataDir: url ?? null });
  let seeded = false;
  let tokens: string[] = [];
  let carIds: number[] = [];
  if (!cluster.isWorker) {
    await database.migrate();
    seeded = await seedDemoData(database.db);
    tokens = await signedInRenters(database.db, option('renters'));
    carIds = await carsOnOffer(database.db, option('cars'));
  }

  const app = await buildApp({
    config: {
      env: 'production',
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      sms: { ...defaultSmsConfig, outboxWorker },
      // The defaults of an environment that sets nothing.
      ...(args.includes('--shedding') && { loadShedding: loadConfig({}).loadShedding }),
    },
    database,
    closeDatabase: true,
    webRoot: null,
    logger: false,
  });
  // Registered before listen (which readies the app): same plugins, hooks and error handler.
  app.get(BARE_ROUTE, { schema: { hide: true } }, async () => ({ ok: true }));
  // The invariant checked after the realistic part, in SQL, on whichever database this is.
  app.get(OVERLAPS_ROUTE, { schema: { hide: true } }, async () => {
    const [row] = rowsOf<{ pairs: number; live: number }>(
      await app.db.execute(sql.raw(OVERLAPS_SQL)),
    );
    return { pairs: Number(row!.pairs), live: Number(row!.live) };
  });
  app.get(STATEMENTS_ROUTE, { schema: { hide: true } }, async () => ({ statements }));
  // PERF-12: where the process's memory is (run.ts reads the resident size from /proc too).
  app.get(MEMORY_ROUTE, { schema: { hide: true } }, async () => process.memoryUsage());
  // The upload part: how late the loop's timers ran, at the load shedding's own resolution.
  const resolution = 10;
  const delay = monitorEventLoopDelay({ resolution });
  delay.enable();
  app.get(EVENT_LOOP_ROUTE, { schema: { hide: true } }, async () => {
    const ms = (ns: number) => Math.max(0, ns / 1e6 - resolution);
    const figures = {
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
      count: delay.count,
    };
    delay.reset();
    return figures;
  });

  // BENCH_PORT: a fixed port where several people bench on one machine; else a free one.
  await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT) || 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('bench server: no TCP address');

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  if (cluster.isWorker) return;
  // The parent holds our stdin open; if it dies without signalling us, do not linger.
  process.stdin.on('end', () => void shutdown());
  process.stdin.resume();

  const ready: ServerReady = {
    ready: true,
    port: address.port,
    kind,
    seeded,
    pid: process.pid,
    pids: [process.pid],
    tokens,
    carIds,
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

async function main() {
  const [kind, url] = args.filter((a) => !a.startsWith('--'));
  if (kind !== 'pglite' && kind !== 'postgres')
    throw new Error('usage: server.ts pglite | postgres <url>');
  if (kind === 'postgres' && !url) throw new Error('server.ts postgres needs a database URL');
  const processes = Math.max(1, option('processes'));
  if (processes > 1 && kind !== 'postgres')
    throw new Error('server.ts --processes needs PostgreSQL');
  if (processes === 1 || cluster.isWorker) return serve(kind, url, 20);

  // The primary: migrate and seed once, then N workers on one port (src/server/cluster.ts).
  const database = await openDatabase({ kind: 'postgres', url: url!, poolSize: 2 });
  await database.migrate();
  const seeded = await seedDemoData(database.db);
  await database.close();
  process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
  process.stdin.resume();
  const ports = new Set<number>();
  cluster.on('listening', (_worker, address) => ports.add(address.port));
  await superviseWorkers({
    processes,
    log: (line) => console.error(`bench server: ${line}`),
    onListening: (workers) => {
      const ready: ServerReady = {
        ready: true,
        port: [...ports][0]!,
        kind,
        seeded,
        pid: process.pid,
        pids: workers.map((w) => w.process.pid!),
        tokens: [],
        carIds: [],
      };
      process.stdout.write(`${JSON.stringify(ready)}\n`);
    },
  });
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(
    'bench server failed:',
    error instanceof Error ? (error.stack ?? error.message) : error,
  );
  process.exit(1);
});
