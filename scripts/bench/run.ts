// `npm run bench`: API benchmarks for CarLink Ghana. Prints figures; it is not a test, and a
// missed goal is reported, not turned into a failing exit code. See scripts/bench/README.md.
//
// Layout: the app runs in a child process (scripts/bench/server.ts) and autocannon runs here,
// so the load generator does not take the server's CPU inside one event loop.
import autocannon, { type Result } from 'autocannon';
import { and, count, eq } from 'drizzle-orm';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { insertUser } from '../../src/server/db/factories';
import { bookings } from '../../src/server/db/schema/index';
import { hasOverlappingBooking } from '../../src/server/modules/cars/cars.repository';
import { addDays, todayInAccra } from '../../src/shared/dates';
import { BARE_ROUTE, type ServerReady } from './common';

// ---------------------------------------------------------------------------------------------
// Settings (environment variables override the defaults; the report prints what was used)

const intFromEnv = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, not ${raw}`);
  return value;
};

const settings = {
  readDuration: intFromEnv('BENCH_DURATION', 8),
  readConnections: intFromEnv('BENCH_CONNECTIONS', 50),
  rounds: intFromEnv('BENCH_ROUNDS', 3),
  warmup: intFromEnv('BENCH_WARMUP', 2),
  contendedDuration: intFromEnv('BENCH_CONTENDED_DURATION', 10),
  contendedConnections: intFromEnv('BENCH_CONTENDED_CONNECTIONS', 100),
  creationDuration: intFromEnv('BENCH_CREATION_DURATION', 8),
  creationConnections: intFromEnv('BENCH_CREATION_CONNECTIONS', 50),
  creationRounds: intFromEnv('BENCH_CREATION_ROUNDS', 2),
  databaseUrl: process.env.BENCH_DATABASE_URL || null,
  pgServer: process.env.BENCH_PG_SERVER || 'postgres://postgres@127.0.0.1:5432/postgres',
  /**
   * Which parts to run: pglite (reads), postgres (reads), contended; and, only when named,
   * creation (bookings that all succeed, with and without the SMS outbox write).
   */
  parts: new Set(
    (process.env.BENCH_PARTS || 'pglite,postgres,contended').split(',').map((p) => p.trim()),
  ),
  /** Extra node flags for the server process, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'. */
  serverNodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
};

const GOALS = {
  listRatio: 0.25,
  detailRatio: 0.3,
  contendedPerSecond: 3_000,
  contendedP99Ms: 50,
  contended5xx: 0,
};

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const serverScript = fileURLToPath(new URL('./server.ts', import.meta.url));
const BENCH_PASSWORD = 'Bench@12345';

// ---------------------------------------------------------------------------------------------
// Small helpers

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const pct = (ratio: number) => `${fmt(ratio * 100, 0)}%`;
const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const log = (line = '') => process.stdout.write(`${line}\n`);
const heading = (title: string) =>
  log(`\n== ${title} ${'='.repeat(Math.max(0, 86 - title.length))}`);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs cleanups once, in reverse order, whether the run ends, throws or is interrupted. */
const cleanups: (() => Promise<void>)[] = [];
async function runCleanups() {
  while (cleanups.length) {
    const cleanup = cleanups.pop()!;
    await cleanup().catch((error: unknown) => log(`  cleanup failed: ${errorText(error)}`));
  }
}

// ---------------------------------------------------------------------------------------------
// CPU accounting: which process was busy during a run (Linux /proc; silently absent elsewhere)

const CLOCK_TICKS = 100;

function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start at ')' + 2.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

function machineTimes() {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, total };
}

/** CPU time of every PostgreSQL process on this machine (server and backends), in ms. */
function postgresCpuMs(): number | null {
  try {
    let sum = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
        sum += processCpuMs(Number(entry)) ?? 0;
      } catch {
        // the process ended while we looked
      }
    }
    return sum;
  } catch {
    return null;
  }
}

/** Percent of one core, except `machine`: percent of all cores busy. */
interface CpuUse {
  server: number | null;
  loadGenerator: number;
  postgres: number | null;
  /** Everything else on the machine (other people's work included). */
  other: number | null;
  machine: number;
  wallMs: number;
}

/** Microseconds of a process's CPU per response: its own cost, whatever share of the CPU it got. */
const cpuPerResponseUs = (percentOfCore: number | null, cpu: CpuUse, responses: number) =>
  percentOfCore === null || responses === 0
    ? null
    : ((percentOfCore / 100) * cpu.wallMs * 1000) / responses;

function startCpuMeter(serverPid: number) {
  const wallStart = performance.now();
  const serverStart = processCpuMs(serverPid);
  const postgresStart = postgresCpuMs();
  const selfStart = process.cpuUsage();
  const machineStart = machineTimes();
  return (): CpuUse => {
    const wall = performance.now() - wallStart;
    const serverEnd = processCpuMs(serverPid);
    const postgresEnd = postgresCpuMs();
    const self = process.cpuUsage(selfStart);
    const machineEnd = machineTimes();
    const total = machineEnd.total - machineStart.total;
    const machine =
      total > 0 ? (1 - (machineEnd.idle - machineStart.idle) / total) * 100 : Number.NaN;
    const server =
      serverStart === null || serverEnd === null ? null : ((serverEnd - serverStart) / wall) * 100;
    const postgres =
      postgresStart === null || postgresEnd === null
        ? null
        : ((postgresEnd - postgresStart) / wall) * 100;
    const loadGenerator = ((self.user + self.system) / 1000 / wall) * 100;
    const other =
      server === null || postgres === null
        ? null
        : Math.max(0, (machine / 100) * os.cpus().length * 100 - server - postgres - loadGenerator);
    return { server, loadGenerator, postgres, other, machine, wallMs: wall };
  };
}

/** Runs during which other work on the machine took a noticeable share of the CPU. */
const NOISE_THRESHOLD = 30;
const noise = { runs: 0, noisy: 0, worst: 0 };
function noteNoise(cpu: CpuUse) {
  noise.runs++;
  if (cpu.other !== null && cpu.other >= NOISE_THRESHOLD) {
    noise.noisy++;
    noise.worst = Math.max(noise.worst, cpu.other);
  }
}

const cpuText = (cpu: CpuUse) => {
  const n = (v: number | null) => (v === null ? '?' : fmt(v));
  return `server ${n(cpu.server)}, autocannon ${n(cpu.loadGenerator)}, postgres ${n(cpu.postgres)}, other ${n(cpu.other)}; machine ${pct(cpu.machine / 100)} busy`;
};

// ---------------------------------------------------------------------------------------------
// The server under test, in its own process

interface BenchServer {
  ready: ServerReady;
  base: string;
  stop(): Promise<void>;
}

async function startServer(args: string[]): Promise<BenchServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...settings.serverNodeArgs, '--import', 'tsx', serverScript, ...args],
    {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => ((exited = true), resolve())),
  );

  const ready = await new Promise<ServerReady>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the bench server did not start within 90 s')),
      90_000,
    );
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line) as ServerReady);
      } catch {
        reject(new Error(`unexpected first line from the bench server: ${line}`));
      }
    });
    // Later lines (there should be none) are passed through.
    lines.on('line', (line) => {
      if (!line.startsWith('{"ready"')) log(`  [server] ${line}`);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the bench server exited with code ${code} before it was ready`));
    });
  });

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exitedPromise;
    clearTimeout(killer);
  };
  cleanups.push(stop);
  return { ready, base: `http://127.0.0.1:${ready.port}`, stop };
}

// ---------------------------------------------------------------------------------------------
// autocannon

type OnResponse = (
  client: unknown,
  statusCode: number,
  bytes: number,
  responseTimeMs: number,
) => void;

function cannon(
  options: Parameters<typeof autocannon>[0],
  onResponse?: OnResponse,
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options);
    if (onResponse) instance.on('response', onResponse);
    instance.then(resolve, reject);
  });
}

/** Percentile of an ascending array, nearest rank. */
function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  cpu: CpuUse;
  /** Server CPU per response, µs. */
  serverUs: number | null;
}

async function measure(url: string, duration: number, serverPid: number): Promise<Measurement> {
  const meter = startCpuMeter(serverPid);
  const result = await cannon({
    url,
    connections: settings.readConnections,
    duration,
    pipelining: 1,
  });
  const cpu = meter();
  return {
    // Completed requests over the run's real duration (autocannon's own figure is the mean
    // of per-second samples, which drops the last partial second).
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpu,
    serverUs: cpuPerResponseUs(cpu.server, cpu, result.requests.total),
  };
}

// ---------------------------------------------------------------------------------------------
// Part 1: reads against a bare route, in one process and one run

interface RouteFigures {
  rps: number;
  p50: number;
  p99: number;
  /** Server CPU per response, µs (null where /proc is unavailable). */
  serverUs: number | null;
}

interface ReadSummary {
  label: string;
  bare: RouteFigures;
  list: RouteFigures;
  detail: RouteFigures;
  quote: RouteFigures;
  availability: RouteFigures;
  listRatio: number;
  detailRatio: number;
  quoteRatio: number;
  availabilityRatio: number;
  problems: string[];
}

async function getJson<T>(url: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text for the error message
  }
  return { status: response.status, body: body as T };
}

interface CarListBody {
  all_cars: { id: number; title: string }[];
  total: number;
}

async function seededCars(base: string) {
  const { status, body } = await getJson<CarListBody>(`${base}/api/get/cars`);
  if (status !== 200 || !Array.isArray(body.all_cars) || body.all_cars.length < 2) {
    throw new Error(`GET /api/get/cars answered ${status}; expected the seeded fleet`);
  }
  return body;
}

async function readBenchmark(label: string, server: BenchServer): Promise<ReadSummary> {
  const { base } = server;
  const pid = server.ready.pid;
  const list = await seededCars(base);
  const car = list.all_cars[0]!;
  // A week with a chauffeur outside Accra: the weekly price, extras and the free-dates query
  // (PRICE-1); the availability window as the booking form asks it (BOOK-17).
  const from = addDays(todayInAccra(), 20);
  const to = addDays(from, 7);
  const targets = [
    { name: 'bare', path: BARE_ROUTE },
    { name: 'list', path: '/api/get/cars' },
    { name: 'detail', path: `/api/cars/${car.id}` },
    {
      name: 'quote',
      path: `/api/bookings/quote?car_id=${car.id}&start_date=${from}&end_date=${to}&destination_type=2&chauffeur=true&child_seat=true`,
    },
    { name: 'availability', path: `/api/cars/${car.id}/availability?from=${from}&to=${to}` },
  ] as const;
  log(
    `  fleet: ${list.total} cars; list = default page (${list.all_cars.length} cars); detail = car ${car.id} (${car.title})`,
  );

  for (const target of targets) {
    const { status } = await getJson(`${base}${target.path}`);
    if (status !== 200) throw new Error(`GET ${target.path} answered ${status} before the run`);
  }

  log(`  warm-up: ${settings.warmup} s per route, discarded`);
  for (const target of targets) await measure(`${base}${target.path}`, settings.warmup, pid);

  const runs: Record<(typeof targets)[number]['name'], Measurement[]> = {
    bare: [],
    list: [],
    detail: [],
    quote: [],
    availability: [],
  };
  const problems: string[] = [];
  log(
    `  ${pad('round', 6)} ${pad('route', 7)} ${lpad('req/s', 9)} ${lpad('p50', 6)} ${lpad('p99', 6)} ${lpad('µs/resp', 8)}   cpu during the run (% of one core)`,
  );
  for (let round = 1; round <= settings.rounds; round++) {
    for (const target of targets) {
      const m = await measure(`${base}${target.path}`, settings.readDuration, pid);
      runs[target.name].push(m);
      noteNoise(m.cpu);
      log(
        `  ${pad(String(round), 6)} ${pad(target.name, 7)} ${lpad(fmt(m.rps), 9)} ${lpad(`${m.p50} ms`, 6)} ${lpad(`${m.p99} ms`, 6)} ${lpad(m.serverUs === null ? '?' : fmt(m.serverUs), 8)}   ${cpuText(m.cpu)}`,
      );
      if (m.non2xx || m.errors) {
        problems.push(
          `${target.name} round ${round}: ${m.non2xx} non-2xx, ${m.errors} errors/timeouts`,
        );
      }
    }
  }

  const summarise = (ms: Measurement[]): RouteFigures => ({
    rps: median(ms.map((m) => m.rps)),
    p50: median(ms.map((m) => m.p50)),
    p99: median(ms.map((m) => m.p99)),
    serverUs: ms.some((m) => m.serverUs === null) ? null : median(ms.map((m) => m.serverUs!)),
  });
  const summary: ReadSummary = {
    label,
    bare: summarise(runs.bare),
    list: summarise(runs.list),
    detail: summarise(runs.detail),
    quote: summarise(runs.quote),
    availability: summarise(runs.availability),
    listRatio: 0,
    detailRatio: 0,
    quoteRatio: 0,
    availabilityRatio: 0,
    problems,
  };
  summary.listRatio = summary.list.rps / summary.bare.rps;
  summary.detailRatio = summary.detail.rps / summary.bare.rps;
  summary.quoteRatio = summary.quote.rps / summary.bare.rps;
  summary.availabilityRatio = summary.availability.rps / summary.bare.rps;

  log(
    `  medians of ${settings.rounds} rounds (µs/resp: the server process's CPU per response; cpu ratio: bare's µs/resp over the route's):`,
  );
  log(
    `    ${pad('route', 24)} ${lpad('req/s', 9)} ${lpad('p50', 6)} ${lpad('p99', 6)} ${lpad('vs bare', 8)} ${lpad('µs/resp', 8)} ${lpad('cpu ratio', 10)}`,
  );
  const row = (name: string, s: RouteFigures, ratio: string) => {
    const cpuRatio =
      s.serverUs && summary.bare.serverUs ? fmt(summary.bare.serverUs / s.serverUs, 2) : '?';
    log(
      `    ${pad(name, 24)} ${lpad(fmt(s.rps), 9)} ${lpad(`${s.p50} ms`, 6)} ${lpad(`${s.p99} ms`, 6)} ${lpad(ratio, 8)} ${lpad(s.serverUs === null ? '?' : fmt(s.serverUs), 8)} ${lpad(cpuRatio, 10)}`,
    );
  };
  row(`GET ${BARE_ROUTE}`, summary.bare, '1.00');
  row('GET /api/get/cars', summary.list, fmt(summary.listRatio, 2));
  row(`GET /api/cars/${car.id}`, summary.detail, fmt(summary.detailRatio, 2));
  row('GET /api/bookings/quote', summary.quote, fmt(summary.quoteRatio, 2));
  row(`GET …/${car.id}/availability`, summary.availability, fmt(summary.availabilityRatio, 2));
  for (const problem of problems) log(`  ! ${problem}`);
  return summary;
}

// ---------------------------------------------------------------------------------------------
// Part 2: contended creation on PostgreSQL

interface ContendedSummary {
  decisionsPerSecond: number;
  p50: number;
  p99: number;
  created: number;
  conflicts: number;
  fiveXx: number;
  other: Record<string, number>;
  errors: number;
  rowsInDatabase: number;
}

function randomGhanaNumber(taken: Set<string>): string {
  for (;;) {
    // 020 + seven digits: a valid national format; random so reruns on one database do not clash.
    const msisdn = `020${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    if (!taken.has(msisdn)) {
      taken.add(msisdn);
      return msisdn;
    }
  }
}

async function inBatches<T, R>(
  items: T[],
  size: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  }
  return results;
}

async function signedInUsers(handle: DatabaseHandle, base: string, n: number): Promise<string[]> {
  const taken = new Set<string>();
  const started = performance.now();
  const users = await inBatches(
    Array.from({ length: n }, (_, i) => i),
    4,
    async () => {
      for (let attempt = 1; ; attempt++) {
        const msisdn = randomGhanaNumber(taken);
        try {
          await insertUser(handle.db, { name: 'Bench Renter', msisdn, password: BENCH_PASSWORD });
          return msisdn;
        } catch (error) {
          if (attempt >= 3) throw error; // a number already in a reused database: draw another
        }
      }
    },
  );
  const inserted = performance.now();
  const tokens = await inBatches(users, 10, async (msisdn) => {
    const { status, body } = await getJson<{ access_token?: string; message?: string }>(
      `${base}/api/auth/login`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ msisdn, password: BENCH_PASSWORD }),
      },
    );
    if (status !== 200 || !body.access_token)
      throw new Error(`login of ${msisdn} answered ${status}: ${body.message ?? ''}`);
    return body.access_token;
  });
  log(
    `  ${n} users inserted with insertUser in ${fmt((inserted - started) / 1000, 1)} s, signed in over HTTP in ${fmt((performance.now() - inserted) / 1000, 1)} s`,
  );
  return tokens;
}

/** The first window of 3 days from today + 30, in steps of a week, that the car is free for. */
async function freeDates(handle: DatabaseHandle, carId: number) {
  const today = todayInAccra();
  for (let offset = 30; offset < 30 + 7 * 100; offset += 7) {
    const start = addDays(today, offset);
    const end = addDays(start, 2);
    if (!(await hasOverlappingBooking(handle.db, carId, start, end))) return { start, end };
  }
  throw new Error(`car ${carId} has no free 3-day window in the next two years`);
}

async function contendedBenchmark(server: BenchServer, url: string): Promise<ContendedSummary> {
  const { base } = server;
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  try {
    const tokens = await signedInUsers(handle, base, settings.contendedConnections);
    const cars = (await seededCars(base)).all_cars;
    const car = cars[cars.length - 1]!;
    const warmCar = cars[cars.length - 2]!;
    const dates = await freeDates(handle, car.id);
    const warmDates = await freeDates(handle, warmCar.id);

    let nextToken = 0;
    const run = (
      carId: number,
      d: { start: string; end: string },
      duration: number,
      onResponse?: OnResponse,
    ) => {
      const body = JSON.stringify({
        car_id: carId,
        start_date: d.start,
        end_date: d.end,
        destination: 'Accra',
        destination_type: 1,
        payment_method: 'payOnPickup',
      });
      return cannon(
        {
          url: `${base}/api/bookings/create`,
          method: 'POST',
          connections: settings.contendedConnections,
          duration,
          pipelining: 1,
          body,
          headers: { 'content-type': 'application/json' },
          // One renter per connection: each connection sends its own user's token.
          setupClient: (client) =>
            client.setHeaders({
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[nextToken++ % tokens.length]}`,
            }),
        },
        onResponse,
      );
    };

    log(
      `  car ${car.id} (${car.title}), ${dates.start} to ${dates.end}; every request asks for exactly that`,
    );
    log(`  warm-up: ${settings.warmup} s on car ${warmCar.id} (other dates), discarded`);
    await run(warmCar.id, warmDates, settings.warmup);

    // Every response time in arrival order, to tell the opening burst from the steady state.
    const times: number[] = [];
    const finishedAt: number[] = [];
    let createdAt = Number.POSITIVE_INFINITY;
    const meter = startCpuMeter(server.ready.pid);
    const t0 = performance.now();
    const result = await run(car.id, dates, settings.contendedDuration, (_c, status, _b, ms) => {
      const at = performance.now() - t0;
      times.push(ms);
      finishedAt.push(at);
      if (status === 201) createdAt = at;
    });
    const cpu = meter();
    noteNoise(cpu);

    const byStatus = Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count: n }]) => [code, n]),
    );
    const created = byStatus['201'] ?? 0;
    const conflicts = byStatus['409'] ?? 0;
    const fiveXx = Object.entries(byStatus)
      .filter(([code]) => Number(code) >= 500)
      .reduce((sum, [, n]) => sum + n, 0);
    const other = Object.fromEntries(
      Object.entries(byStatus).filter(
        ([code]) => code !== '201' && code !== '409' && Number(code) < 500,
      ),
    );
    const [row] = await handle.db
      .select({ n: count() })
      .from(bookings)
      .where(
        and(
          eq(bookings.carId, car.id),
          eq(bookings.startDate, dates.start),
          eq(bookings.endDate, dates.end),
        ),
      );
    const summary: ContendedSummary = {
      decisionsPerSecond: (created + conflicts) / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      created,
      conflicts,
      fiveXx,
      other,
      errors: result.errors + result.timeouts,
      rowsInDatabase: Number(row?.n ?? 0),
    };

    log(
      `  ${fmt(result.duration, 2)} s, ${settings.contendedConnections} connections, ${fmt(result.requests.total)} responses`,
    );
    log(
      `  decisions/s ${fmt(summary.decisionsPerSecond)}   p50 ${summary.p50} ms   p99 ${summary.p99} ms`,
    );
    const perDecision = (v: number | null) => {
      const us = cpuPerResponseUs(v, cpu, result.requests.total);
      return us === null ? '?' : fmt(us);
    };
    log(`  cpu (% of one core): ${cpuText(cpu)}`);
    log(
      `  cpu per decision: server ${perDecision(cpu.server)} µs, postgres ${perDecision(cpu.postgres)} µs`,
    );
    const otherText =
      Object.entries(other)
        .map(([code, n]) => `${code}: ${n}`)
        .join(', ') || 'none';
    log(
      `  201: ${created}   409: ${conflicts}   5xx: ${fiveXx}   other statuses: ${otherText}   socket errors/timeouts: ${summary.errors}`,
    );
    log(
      `  bookings of that car for those dates in the database: ${summary.rowsInDatabase} (must be 1)`,
    );
    // Requests sent before the 201 arrived may have passed the unlocked check before the
    // booking existed and queued for the car-row lock; the rest can only take the fast 409.
    const before: number[] = [];
    const after: number[] = [];
    times.forEach((ms, i) => (finishedAt[i]! - ms < createdAt ? before : after).push(ms));
    before.sort((a, b) => a - b);
    after.sort((a, b) => a - b);
    if (before.length && after.length) {
      log(
        `  ${fmt(before.length)} requests sent before the 201 arrived (${fmt(createdAt, 0)} ms in; some queue for the car-row lock):` +
          ` p50 ${fmt(percentile(before, 50), 1)} ms, max ${fmt(percentile(before, 100), 1)} ms`,
      );
      log(
        `  ${fmt(after.length)} requests sent after it (the committed booking answers them without a lock):` +
          ` p50 ${fmt(percentile(after, 50), 1)} ms, p99 ${fmt(percentile(after, 99), 1)} ms, max ${fmt(percentile(after, 100), 1)} ms`,
      );
    }
    // Second by second: a stall (GC, another process, a lock) shows as a dip with a high p99.
    const perSecond = Array.from({ length: Math.ceil(result.duration) }, () => [] as number[]);
    finishedAt.forEach((at, i) => perSecond[Math.floor(at / 1000)]?.push(times[i]!));
    const seconds = perSecond.map((xs) => xs.sort((a, b) => a - b));
    log(`  per second, responses: ${seconds.map((xs) => fmt(xs.length)).join(' ')}`);
    log(
      `  per second, p99 ms:    ${seconds.map((xs) => (xs.length ? fmt(percentile(xs, 99)) : '-')).join(' ')}`,
    );
    return summary;
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Part 3: creation throughput with and without the SMS outbox (BENCH_PARTS=creation)

type CreationVariant = 'outbox' | 'write only' | 'none';

interface CreationRun {
  variant: CreationVariant;
  createdPerSecond: number;
  p50: number;
  p99: number;
  other: number;
}

/**
 * Every request books a different car or day, so each one is a 201 that writes a booking,
 * its event and (with the outbox) its messages: the renter's text, two reminders and a staff
 * alert. Servers with and without the outbox take turns on one database, so both meet the
 * same table sizes; the worker runs as in production (it sends through the sandbox).
 */
async function creationBenchmark(url: string): Promise<CreationRun[]> {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  const runs: CreationRun[] = [];
  let next = 0;
  try {
    let tokens: string[] = [];
    let cars: { id: number }[] = [];
    const variants = Array.from({ length: settings.creationRounds }, (): CreationVariant[] => [
      'outbox',
      'write only',
      'none',
    ]).flat();
    const flags: Record<CreationVariant, string[]> = {
      outbox: [],
      'write only': ['--no-outbox-worker'],
      none: ['--no-outbox'],
    };
    for (const variant of variants) {
      const server = await startServer(['postgres', url, ...flags[variant]]);
      if (!tokens.length) {
        tokens = await signedInUsers(handle, server.base, settings.creationConnections);
        cars = (await seededCars(server.base)).all_cars;
      }
      const today = todayInAccra();
      const body = () => {
        const i = next++;
        const start = addDays(today, 30 + Math.floor(i / cars.length));
        return JSON.stringify({
          car_id: cars[i % cars.length]!.id,
          start_date: start,
          end_date: start,
          destination: 'Accra',
          destination_type: 1,
          payment_method: 'payOnPickup',
        });
      };
      let nextToken = 0;
      const options = (duration: number) => ({
        url: `${server.base}/api/bookings/create`,
        method: 'POST' as const,
        connections: settings.creationConnections,
        duration,
        pipelining: 1,
        requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: body() }) }],
        setupClient: (client: { setHeaders(h: Record<string, string>): void }) =>
          client.setHeaders({
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[nextToken++ % tokens.length]}`,
          }),
      });
      await cannon(options(settings.warmup) as Parameters<typeof autocannon>[0]);
      const meter = startCpuMeter(server.ready.pid);
      const result = await cannon(
        options(settings.creationDuration) as Parameters<typeof autocannon>[0],
      );
      noteNoise(meter());
      await server.stop();
      const created = result.statusCodeStats['201']?.count ?? 0;
      const run: CreationRun = {
        variant,
        createdPerSecond: created / result.duration,
        p50: result.latency.p50,
        p99: result.latency.p99,
        other: result.requests.total - created,
      };
      runs.push(run);
      log(
        `  ${variant.padEnd(10)}: ${fmt(run.createdPerSecond)} bookings/s   p50 ${run.p50} ms   p99 ${run.p99} ms   not 201: ${run.other}`,
      );
    }
    const median = (xs: number[]) => {
      const sorted = xs.sort((a, b) => a - b);
      const mid = sorted.length / 2;
      return Number.isInteger(mid)
        ? (sorted[mid - 1]! + sorted[mid]!) / 2
        : sorted[Math.floor(mid)]!;
    };
    const of = (v: CreationVariant) =>
      median(runs.filter((r) => r.variant === v).map((r) => r.createdPerSecond));
    const none = of('none');
    for (const v of ['write only', 'outbox'] as const)
      log(
        `  ${v === 'outbox' ? 'outbox write and sending' : 'outbox write alone'}: costs ${fmt((1 - of(v) / none) * 100, 1)} % of creation throughput (${fmt(of(v))} vs ${fmt(none)} bookings/s, medians)`,
      );
    return runs;
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: the given database, or a scratch database created and dropped here

async function postgresDatabase(): Promise<{ url: string; note: string } | { skipped: string }> {
  if (settings.databaseUrl) {
    return {
      url: settings.databaseUrl,
      note: 'BENCH_DATABASE_URL (used as it is: seeded only if empty, not dropped; the run adds 100 users and 2 bookings)',
    };
  }
  const admin = new pg.Client({
    connectionString: settings.pgServer,
    connectionTimeoutMillis: 3_000,
  });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => undefined);
    return {
      skipped: `no BENCH_DATABASE_URL, and ${settings.pgServer} is unreachable (${errorText(error)})`,
    };
  }
  const name = `carlink_bench_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
  } catch (error) {
    await admin.end().catch(() => undefined);
    return {
      skipped: `could not create a scratch database on ${settings.pgServer} (${errorText(error)})`,
    };
  }
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({
      connectionString: settings.pgServer,
      connectionTimeoutMillis: 3_000,
    });
    await dropper.connect();
    try {
      await dropper.query(`drop database if exists ${name} with (force)`);
      log(`  dropped the scratch database ${name}`);
    } finally {
      await dropper.end();
    }
  });
  const url = new URL(settings.pgServer);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    note: `scratch database ${name} on ${settings.pgServer} (dropped at the end)`,
  };
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]?.server_version ?? '?';
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The report

interface Goal {
  name: string;
  goal: string;
  actual: string;
  pass: boolean | null;
}

function readGoals(s: ReadSummary | string, label: string): Goal[] {
  if (typeof s === 'string') {
    return [
      {
        name: `${label}: list / bare`,
        goal: `>= ${fmt(GOALS.listRatio, 2)}`,
        actual: `skipped (${s})`,
        pass: null,
      },
      {
        name: `${label}: detail / bare`,
        goal: `>= ${fmt(GOALS.detailRatio, 2)}`,
        actual: 'skipped',
        pass: null,
      },
    ];
  }
  // The quote and availability have no goal yet: their ratios are reported (PRICE-1, BOOK-17).
  const reported = (name: string, ratio: number, r: RouteFigures): Goal => ({
    name: `${label}: ${name} / bare`,
    goal: 'reported',
    actual: `${fmt(ratio, 2)} (${fmt(r.rps)} / ${fmt(s.bare.rps)} req/s)`,
    pass: s.problems.length === 0,
  });
  return [
    {
      name: `${label}: list / bare`,
      goal: `>= ${fmt(GOALS.listRatio, 2)}`,
      actual: `${fmt(s.listRatio, 2)} (${fmt(s.list.rps)} / ${fmt(s.bare.rps)} req/s)`,
      pass: s.listRatio >= GOALS.listRatio && s.problems.length === 0,
    },
    {
      name: `${label}: detail / bare`,
      goal: `>= ${fmt(GOALS.detailRatio, 2)}`,
      actual: `${fmt(s.detailRatio, 2)} (${fmt(s.detail.rps)} / ${fmt(s.bare.rps)} req/s)`,
      pass: s.detailRatio >= GOALS.detailRatio && s.problems.length === 0,
    },
    reported('quote', s.quoteRatio, s.quote),
    reported('availability', s.availabilityRatio, s.availability),
  ];
}

function contendedGoals(s: ContendedSummary | string): Goal[] {
  if (typeof s === 'string') {
    return [
      {
        name: 'contended: decisions/s',
        goal: `>= ${fmt(GOALS.contendedPerSecond)}`,
        actual: `skipped (${s})`,
        pass: null,
      },
      {
        name: 'contended: p99',
        goal: `<= ${GOALS.contendedP99Ms} ms`,
        actual: 'skipped',
        pass: null,
      },
      { name: 'contended: 5xx', goal: `= ${GOALS.contended5xx}`, actual: 'skipped', pass: null },
    ];
  }
  const exactlyOne = s.created === 1 && s.rowsInDatabase === 1;
  return [
    {
      name: 'contended: decisions/s',
      goal: `>= ${fmt(GOALS.contendedPerSecond)}`,
      actual: fmt(s.decisionsPerSecond),
      pass: s.decisionsPerSecond >= GOALS.contendedPerSecond,
    },
    {
      name: 'contended: p99',
      goal: `<= ${GOALS.contendedP99Ms} ms`,
      actual: `${s.p99} ms`,
      pass: s.p99 <= GOALS.contendedP99Ms,
    },
    {
      name: 'contended: 5xx',
      goal: `= ${GOALS.contended5xx}`,
      actual: String(s.fiveXx),
      pass: s.fiveXx <= GOALS.contended5xx,
    },
    {
      name: 'contended: one booking (check)',
      goal: '201 once, 1 row',
      actual: `201 x ${s.created}, ${s.rowsInDatabase} row(s)${s.errors ? `, ${s.errors} socket errors` : ''}`,
      pass: exactlyOne && s.errors === 0 && Object.keys(s.other).length === 0,
    },
  ];
}

function printSummary(goals: Goal[]) {
  heading('Summary');
  const w = [
    Math.max(...goals.map((g) => g.name.length)),
    Math.max(...goals.map((g) => g.goal.length)),
    0,
  ] as const;
  log(`  ${pad('measure', w[0])}  ${pad('goal', w[1])}  result  actual`);
  log(`  ${'-'.repeat(w[0])}  ${'-'.repeat(w[1])}  ------  ${'-'.repeat(30)}`);
  for (const g of goals) {
    const verdict = g.pass === null ? 'SKIP' : g.pass ? 'PASS' : 'MISS';
    log(`  ${pad(g.name, w[0])}  ${pad(g.goal, w[1])}  ${pad(verdict, 6)}  ${g.actual}`);
  }
}

function autocannonVersion(): string {
  try {
    const file = fileURLToPath(
      new URL('../../node_modules/autocannon/package.json', import.meta.url),
    );
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

async function main() {
  const startedAt = performance.now();
  const cpus = os.cpus();
  heading('CarLink Ghana API benchmark');
  log(
    `  machine: ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? '?'}), ${fmt(os.totalmem() / 2 ** 30, 1)} GiB, ${os.platform()} ${os.release()}`,
  );
  log(
    `  node ${process.version}, autocannon ${autocannonVersion()}, load average at start ${os
      .loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}`,
  );
  log(
    '  layout: the app runs in a child process (node --import tsx scripts/bench/server.ts, NODE_ENV=production,',
  );
  log(
    '          logger off, 127.0.0.1); autocannon runs in this process. Both share this machine with PostgreSQL.',
  );
  log(
    `  reads: ${settings.readConnections} connections, ${settings.readDuration} s per run, ${settings.warmup} s warm-up per route,`,
  );
  log(
    `         ${settings.rounds} rounds of (bare, list, detail); figures are the medians of the rounds; ratios from one server`,
  );
  log(
    `  contended: ${settings.contendedConnections} connections (one renter each), ${settings.contendedDuration} s, one car, same dates; PostgreSQL pool 20`,
  );
  log('  latency: autocannon, 1 ms resolution, all statuses included');
  if (settings.parts.size < 3) log(`  parts: ${[...settings.parts].join(', ')} (BENCH_PARTS)`);
  if (settings.serverNodeArgs.length)
    log(`  server node flags: ${settings.serverNodeArgs.join(' ')} (figures are not comparable)`);

  const goals: Goal[] = [];
  let exitCode = 0;
  try {
    // 1a. Reads on the embedded database.
    if (settings.parts.has('pglite')) {
      heading('Reads on PGlite (embedded, in memory, demo seed)');
      const lite = await startServer(['pglite']);
      const liteSummary = await readBenchmark('PGlite', lite);
      await lite.stop();
      goals.push(...readGoals(liteSummary, 'PGlite'));
    }

    // 1b and 2. PostgreSQL.
    const wantReads = settings.parts.has('postgres');
    const wantContended = settings.parts.has('contended');
    const wantCreation = settings.parts.has('creation');
    const database = wantReads || wantContended || wantCreation ? await postgresDatabase() : null;
    if (database && 'skipped' in database) {
      heading('PostgreSQL');
      log(`  skipped: ${database.skipped}`);
      if (wantReads) goals.push(...readGoals(database.skipped, 'PostgreSQL'));
      if (wantContended) goals.push(...contendedGoals(database.skipped));
    } else if (database) {
      heading(`PostgreSQL ${await postgresVersion(database.url)}`);
      log(`  database: ${database.note}`);
      const server = await startServer(['postgres', database.url]);
      log(
        `  server ready (${server.ready.seeded ? 'seeded the demo data' : 'database was not empty: not seeded'}), pool of 20 connections`,
      );
      if (wantReads) {
        heading('Reads on PostgreSQL');
        const pgSummary = await readBenchmark('PostgreSQL', server);
        goals.push(...readGoals(pgSummary, 'PostgreSQL'));
      }
      if (wantContended) {
        heading('Contended creation on PostgreSQL (POST /api/bookings/create)');
        const contended = await contendedBenchmark(server, database.url);
        goals.push(...contendedGoals(contended));
      }
      await server.stop();
      if (wantCreation) {
        heading('Creation throughput with and without the SMS outbox (PostgreSQL)');
        log(
          `  ${settings.creationConnections} connections, ${settings.creationDuration} s per run, ${settings.creationRounds} rounds of (outbox with its worker, the write alone, none); every request a new booking`,
        );
        await creationBenchmark(database.url);
      }
    }
  } catch (error) {
    exitCode = 1;
    log(
      `\nThe benchmark stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  } finally {
    await runCleanups();
  }

  if (goals.length) printSummary(goals);
  if (noise.noisy) {
    log(
      `\n  ! other processes on this machine used ${NOISE_THRESHOLD}% of a core or more during ${noise.noisy} of ${noise.runs} measured runs` +
        ` (up to ${fmt(noise.worst)}%): req/s and latency are distorted; run it again on a quiet machine`,
    );
  }
  log(
    `  load average at the end ${os
      .loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}`,
  );
  log(
    `\n  total time ${fmt((performance.now() - startedAt) / 1000, 0)} s; MISS is reported, not a failure (exit code 0 unless the run broke)`,
  );
  process.exitCode = exitCode;
}

let interrupted = false;
process.on('SIGINT', () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  log('\ninterrupted: stopping the server and dropping the scratch database…');
  void runCleanups().finally(() => process.exit(130));
});

await main();
