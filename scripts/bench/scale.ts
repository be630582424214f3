// `npm run bench:scale`: the API on a database grown to a rental company's size (PERF-7).
// For each size it creates a scratch database on BENCH_PG_SERVER, migrates and seeds it with the
// demo data, grows it in SQL (scale-data.ts), starts the bench server on it, measures every
// route beside the bare route, and drops the database. It prints figures and is not a test:
// a missed goal is printed as MISS, the exit code stays 0.
//
//   npm run bench:scale                       1×, 10×, 100× and full size
//   npm run bench:scale -- --sizes=1x,full    some of them (BENCH_SCALE_SIZES works too)
//   npm run bench:scale -- --sizes=full --keep=NAME
//                                             one size in database NAME, kept afterwards; a
//                                             later run with the same NAME reuses it (no growth,
//                                             the server migrates it), so a change is measured
//                                             before and after on the same data and
//                                             `npm run bench:explain` can read it
//   npm run bench:scale -- --only=dashboard   only the routes whose name has this text (and
//                                             the bare route, for the ratio)
//
// Settings: BENCH_DURATION (s a route, 5), BENCH_WARMUP (1), BENCH_CONNECTIONS (50),
// BENCH_PG_SERVER (postgres://postgres@127.0.0.1:5432/postgres).
import autocannon, { type Result } from 'autocannon';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { DEMO_STAFF, seedDemoData } from '../../src/server/demo/seed';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { addDays, todayInAccra } from '../../src/shared/dates';
import { BARE_ROUTE, type ServerReady } from './common';
import { FULL_SIZE, growDatabase, HEAVY_RENTER_MSISDN, type GrowthTarget } from './scale-data';

const intFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
};
const argOf = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const sizeArg = argOf('sizes');
const keepArg = argOf('keep');
const onlyArg = argOf('only');
const settings = {
  duration: intFromEnv('BENCH_DURATION', 5),
  warmup: intFromEnv('BENCH_WARMUP', 1),
  connections: intFromEnv('BENCH_CONNECTIONS', 50),
  pgServer: process.env.BENCH_PG_SERVER || 'postgres://postgres@127.0.0.1:5432/postgres',
  sizes: (sizeArg ?? process.env.BENCH_SCALE_SIZES ?? '1x,10x,100x,full')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  keep: keepArg,
  only: onlyArg,
};
if (settings.keep !== undefined) {
  if (!/^[a-z_][a-z0-9_]*$/.test(settings.keep)) throw new Error('--keep needs a database name');
  if (settings.sizes.length !== 1) throw new Error('--keep takes one size');
}

/** Goals at full size, 50 connections, no answer other than 2xx (PERF-7). */
const GOALS = {
  renter: { ratio: 0.25, p99: 100 },
  staff: { ratio: 0.1, p99: 250 },
};
const RENTER_PASSWORD = 'Scale@12345';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const serverScript = fileURLToPath(new URL('./server.ts', import.meta.url));
const log = (line = '') => process.stdout.write(`${line}\n`);
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

type Audience = 'bare' | 'public' | 'renter' | 'staff';
interface RouteSpec {
  name: string;
  audience: Audience;
  path: string;
  token?: 'renter' | 'staff';
}
interface Figure {
  rps: number;
  p99: number;
  non2xx: number;
}

/**
 * The sizes: 1× is the demo seed (a company on its first day); 10× and 100× are a hundredth and
 * a tenth of full size (FULL_SIZE, about three years of a 2,000-car company).
 */
function targetOf(size: string): GrowthTarget | null {
  const share = { '1x': 0, '10x': 0.01, '100x': 0.1, full: 1 }[size];
  if (share === undefined) throw new Error(`unknown size ${size} (1x, 10x, 100x, full)`);
  if (share === 0) return null;
  return {
    cars: Math.round(FULL_SIZE.cars * share),
    renters: Math.round(FULL_SIZE.renters * share),
    bookings: Math.round(FULL_SIZE.bookings * share),
  };
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function startServer(url: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript, 'postgres', url], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<ServerReady>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bench server did not start')), 120_000);
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as ServerReady);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${ready.port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function signIn(base: string, msisdn: string, password: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ msisdn, password }),
  });
  const body = (await response.json()) as { token?: string; access_token?: string };
  const token = body.token ?? body.access_token;
  if (!token) throw new Error(`sign-in as ${msisdn} failed: ${response.status}`);
  return token;
}

const cannon = (options: Parameters<typeof autocannon>[0]) =>
  new Promise<Result>((resolve, reject) => autocannon(options).then(resolve, reject));

async function measure(url: string, headers: Record<string, string>): Promise<Figure> {
  await cannon({ url, headers, connections: settings.connections, duration: settings.warmup });
  const r = await cannon({
    url,
    headers,
    connections: settings.connections,
    duration: settings.duration,
  });
  return {
    rps: r.requests.total / r.duration,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors + r.timeouts,
  };
}

async function routesFor(base: string, url: string): Promise<RouteSpec[]> {
  const facts = await withClient(url, async (c) => {
    const car = await c.query<{ id: number }>(
      `select id from cars where retired_at is null order by id limit 1`,
    );
    const code = await c.query<{ booking_code: string }>(
      `select booking_code from bookings where kind = 'rental' order by id desc limit 1`,
    );
    return { carId: car.rows[0]!.id, code: code.rows[0]?.booking_code ?? 'CL-XXXXXX' };
  });
  const start = addDays(todayInAccra(), 30);
  const end = addDays(start, 3);
  return [
    { name: 'bare route', audience: 'bare', path: BARE_ROUTE },
    { name: 'car list', audience: 'public', path: '/api/get/cars' },
    {
      name: 'car list with dates',
      audience: 'public',
      path: `/api/get/cars?start_date=${start}&end_date=${end}`,
    },
    { name: 'car details', audience: 'public', path: `/api/cars/${facts.carId}` },
    { name: 'availability', audience: 'public', path: `/api/cars/${facts.carId}/availability` },
    {
      name: 'quote',
      audience: 'public',
      path: `/api/bookings/quote?car_id=${facts.carId}&start_date=${start}&end_date=${end}`,
    },
    {
      name: 'renter history (266 bookings)',
      audience: 'renter',
      path: '/api/bookings/history',
      token: 'renter',
    },
    {
      name: 'staff bookings page 1',
      audience: 'staff',
      path: '/api/admin/bookings',
      token: 'staff',
    },
    {
      name: 'staff bookings deep page',
      audience: 'staff',
      path: '/api/admin/bookings?page=400',
      token: 'staff',
    },
    {
      name: 'staff bookings q=code',
      audience: 'staff',
      path: `/api/admin/bookings?q=${facts.code.slice(3)}`,
      token: 'staff',
    },
    {
      name: 'staff bookings q=name',
      audience: 'staff',
      path: '/api/admin/bookings?q=Kwame%20Mensah',
      token: 'staff',
    },
    {
      name: 'staff customers page 1',
      audience: 'staff',
      path: '/api/admin/customers',
      token: 'staff',
    },
    {
      name: 'staff customers deep page',
      audience: 'staff',
      path: '/api/admin/customers?page=400',
      token: 'staff',
    },
    {
      name: 'staff customers q=name',
      audience: 'staff',
      path: '/api/admin/customers?q=Ama%20Osei',
      token: 'staff',
    },
    { name: 'staff dashboard', audience: 'staff', path: '/api/admin/dashboard', token: 'staff' },
  ];
}

/** Grows a new database to `size`, seeded with the demo data. */
async function growInto(url: string, size: string, passwordHash: string) {
  const handle = await openDatabase({ kind: 'postgres', url });
  await handle.migrate();
  await seedDemoData(handle.db);
  await handle.close();
  const target = targetOf(size);
  const started = performance.now();
  log(
    `\n== ${size}: ${target ? `${fmt(target.cars)} cars, ${fmt(target.renters)} renters, ${fmt(target.bookings)} bookings` : 'the demo seed'}`,
  );
  await withClient(url, async (c) => {
    if (target) await growDatabase(c, target, passwordHash, (line) => log(line));
    else
      await c.query(
        `insert into users (name, msisdn, password_hash, role, phone_verified_at) values ('Heavy Renter', $1, $2, 'renter', now())`,
        [HEAVY_RENTER_MSISDN, passwordHash],
      );
  });
  log(`  data ready in ${fmt((performance.now() - started) / 1000, 1)} s`);
}

async function benchSize(size: string, passwordHash: string) {
  const name = settings.keep ?? `carlink_scale_${randomBytes(4).toString('hex')}`;
  const exists = await withClient(settings.pgServer, async (c) => {
    const found = await c.query(`select 1 from pg_database where datname = $1`, [name]);
    return found.rowCount === 1;
  });
  const url = new URL(settings.pgServer);
  url.pathname = `/${name}`;
  if (exists) log(`\n== ${size}: reusing the kept database ${name}`);
  else await withClient(settings.pgServer, (c) => c.query(`create database ${name}`));
  // A database is kept only once grown, so a failed growth is not reused.
  let grown = exists;
  try {
    if (!exists) await growInto(url.toString(), size, passwordHash);
    grown = true;
    const server = await startServer(url.toString());
    try {
      const tokens = {
        renter: await signIn(
          server.base,
          HEAVY_RENTER_MSISDN.replace(/^233/, '0'),
          RENTER_PASSWORD,
        ),
        staff: await signIn(server.base, DEMO_STAFF.msisdn, DEMO_STAFF.password),
      };
      const routes = (await routesFor(server.base, url.toString())).filter(
        (r) => !settings.only || r.audience === 'bare' || r.name.includes(settings.only),
      );
      const figures = new Map<string, Figure>();
      for (const route of routes) {
        const headers: Record<string, string> = route.token
          ? { authorization: `Bearer ${tokens[route.token]}` }
          : {};
        const figure = await measure(`${server.base}${route.path}`, headers);
        figures.set(route.name, figure);
        log(
          `  ${route.name.padEnd(32)} ${fmt(figure.rps).padStart(7)} req/s  p99 ${fmt(figure.p99).padStart(5)} ms  non-2xx ${figure.non2xx}`,
        );
      }
      return { routes, figures };
    } finally {
      await server.stop();
    }
  } finally {
    if (settings.keep && grown) log(`  kept ${url.toString()}`);
    else
      await withClient(settings.pgServer, (c) =>
        c.query(`drop database if exists ${name} with (force)`),
      );
  }
}

async function main() {
  log(
    `bench:scale ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}; ${settings.connections} connections, ${settings.duration} s a route`,
  );
  const passwordHash = await hashPassword(RENTER_PASSWORD);
  const results: { size: string; routes: RouteSpec[]; figures: Map<string, Figure> }[] = [];
  for (const size of settings.sizes)
    results.push({ size, ...(await benchSize(size, passwordHash)) });

  // One table: a row per route, per size its req/s, ratio to the bare route and p99.
  log('\n== Summary (req/s, ratio to the bare route, p99 ms, non-2xx)');
  const header = ['route'.padEnd(32), ...results.map((r) => r.size.padStart(30))].join(' ');
  log(header);
  for (const route of results[0]!.routes) {
    const cells = results.map(({ figures }) => {
      const f = figures.get(route.name)!;
      const bare = figures.get('bare route')!;
      return `${fmt(f.rps)} ${fmt(f.rps / bare.rps, 2)}× ${fmt(f.p99)}ms ${f.non2xx}`.padStart(30);
    });
    log([route.name.padEnd(32), ...cells].join(' '));
  }

  const last = results[results.length - 1]!;
  log(`\n== Goals at ${last.size}${last.size === 'full' ? '' : ' (goals are set for full size)'}`);
  const bare = last.figures.get('bare route')!;
  for (const route of last.routes) {
    if (route.audience === 'bare') continue;
    const goal = route.audience === 'staff' ? GOALS.staff : GOALS.renter;
    const f = last.figures.get(route.name)!;
    const ok = f.rps / bare.rps >= goal.ratio && f.p99 <= goal.p99 && f.non2xx === 0;
    log(
      `  ${ok ? 'ok  ' : 'MISS'} ${route.name.padEnd(32)} ${fmt(f.rps / bare.rps, 2)}× (≥ ${goal.ratio}), p99 ${fmt(f.p99)} ms (≤ ${goal.p99}), non-2xx ${f.non2xx} (0)`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
