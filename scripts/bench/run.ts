// `npm run bench`: API benchmarks for CarLink Ghana. Prints figures; it is not a test, and a
// missed goal is reported, not turned into a failing exit code. See scripts/bench/README.md.
//
// Layout: the app runs in a child process (scripts/bench/server.ts) and autocannon runs here,
// so the load generator does not take the server's CPU inside one event loop.
import autocannon, { type Result } from 'autocannon';
import { and, count, eq, sql } from 'drizzle-orm';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { randomBytes, randomInt } from 'node:crypto';
import { build } from 'esbuild';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, rowsOf, type DatabaseHandle } from '../../src/server/db/client';
import { insertUser } from '../../src/server/db/factories';
import { bookings } from '../../src/server/db/schema/index';
import { hasOverlappingBooking } from '../../src/server/modules/cars/cars.repository';
import { addDays, todayInAccra } from '../../src/shared/dates';
import { CAR_PAGE_SIZE_MAX } from '../../src/shared/constants';
import { uploadBenchmark } from './upload';
import {
  BARE_ROUTE,
  BENCH_PASSWORD,
  MEMORY_ROUTE,
  OVERLAPS_ROUTE,
  OVERLAPS_SQL,
  SERVER_NODE_FLAGS,
  STATEMENTS_ROUTE,
  type ServerReady,
} from './common';

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
  realisticDuration: intFromEnv('BENCH_REALISTIC_DURATION', 20),
  realisticRenters: intFromEnv('BENCH_REALISTIC_RENTERS', 200),
  realisticCars: intFromEnv('BENCH_REALISTIC_CARS', 50),
  /** Starts are 1 to this many days ahead (within the 180 days a booking may start in). */
  realisticWindow: intFromEnv('BENCH_REALISTIC_WINDOW', 100),
  /** Decisions a second offered in all (renters pace themselves); unset: as fast as answered. */
  realisticRate: process.env.BENCH_REALISTIC_RATE ? intFromEnv('BENCH_REALISTIC_RATE', 1) : 0,
  databaseUrl: process.env.BENCH_DATABASE_URL || null,
  pgServer: process.env.BENCH_PG_SERVER || 'postgres://postgres@127.0.0.1:5432/postgres',
  /**
   * Which parts to run: pglite (reads), postgres (reads), contended, realistic (on both
   * databases), upload (a cheap GET while 40-MP images are processed, PGlite); and, only when named, creation (bookings that all succeed, with and without
   * the SMS outbox write) and processes (reads from 1 and 2 processes).
   */
  parts: new Set(
    (process.env.BENCH_PARTS || 'pglite,postgres,contended,realistic,upload')
      .split(',')
      .map((p) => p.trim()),
  ),
  /** The upload part (PERF-13): 40-MP documents uploaded one after the other per image. */
  uploads: intFromEnv('BENCH_UPLOADS', 4),
  /** Busy-looping processes beside the server during the upload part (0: none). */
  uploadBusy: process.env.BENCH_UPLOAD_BUSY ? intFromEnv('BENCH_UPLOAD_BUSY', 1) : 0,
  /** Extra node flags for the server process, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'. */
  serverNodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
};

const GOALS = {
  listRatio: 0.25,
  detailRatio: 0.3,
  contendedPerSecond: 3_000,
  contendedP99Ms: 50,
  contended5xx: 0,
  realisticPerSecond: 1_500,
  realisticP99Ms: 100,
  // PERF-12: resident memory of the server process after the read benchmark.
  pgliteMemoryMiB: 256,
  postgresMemoryMiB: 160,
};
/** How long a fresh server is left alone before its idle memory is read. */
const IDLE_SETTLE_MS = 5_000;

/** The bench server's preparation for the realistic part: renters signed in, cars on offer. */
const realisticArgs = [
  `--renters=${settings.realisticRenters}`,
  `--cars=${settings.realisticCars}`,
];

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const serverScript = fileURLToPath(new URL('./server.ts', import.meta.url));

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

/** CPU time of the serving processes (with several: their sum), in ms. */
function serversCpuMs(pids: number | number[]): number | null {
  let sum = 0;
  for (const pid of Array.isArray(pids) ? pids : [pids]) {
    const ms = processCpuMs(pid);
    if (ms === null) return null;
    sum += ms;
  }
  return sum;
}

function startCpuMeter(serverPid: number | number[]) {
  const wallStart = performance.now();
  const serverStart = serversCpuMs(serverPid);
  const postgresStart = postgresCpuMs();
  const selfStart = process.cpuUsage();
  const machineStart = machineTimes();
  return (): CpuUse => {
    const wall = performance.now() - wallStart;
    const serverEnd = serversCpuMs(serverPid);
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

/**
 * CPU time of the PostgreSQL backends connected to `handle`'s database (the bench server's
 * pool), by pid, in ms: unlike postgresCpuMs, other people's databases on a shared server are
 * not in it. WAL writing and checkpoints (shared processes) are not either.
 */
async function databaseBackendsCpuMs(handle: DatabaseHandle): Promise<Map<number, number>> {
  const rows = rowsOf<{ pid: number }>(
    await handle.db.execute(
      sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    ),
  );
  const byPid = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = processCpuMs(pid);
    if (ms !== null) byPid.set(pid, ms);
  }
  return byPid;
}

/** CPU the database's backends used since `start` (a backend that ended meanwhile is lost). */
const backendsCpuSince = (start: Map<number, number>, end: Map<number, number>) =>
  [...end].reduce((sum, [pid, ms]) => sum + ms - (start.get(pid) ?? 0), 0);

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

let serverBundle: Promise<string> | undefined;

/**
 * The bench server bundled as the build bundles the app (scripts/build-server.mjs: packages
 * external, migrations beside it), so it runs on plain node like `npm start`: its memory
 * figures are the app's, with no TypeScript loader in the process.
 */
function bundledServer(): Promise<string> {
  serverBundle ??= (async () => {
    // Inside the project, so that its packages (fastify, pg…) resolve from node_modules.
    mkdirSync(join(projectRoot, 'dist'), { recursive: true });
    const dir = mkdtempSync(join(projectRoot, 'dist', '.bench-server-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    await build({
      entryPoints: [serverScript],
      outfile: join(dir, 'server.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node26',
      packages: 'external',
      sourcemap: true,
      logLevel: 'warning',
      absWorkingDir: projectRoot,
    });
    cpSync(join(projectRoot, 'src/server/db/migrations'), join(dir, 'migrations'), {
      recursive: true,
    });
    return join(dir, 'server.js');
  })();
  return serverBundle;
}

async function startServer(args: string[]): Promise<BenchServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...settings.serverNodeArgs, await bundledServer(), ...args],
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
    const timer = setTimeout(() => {
      // Not left behind: it would hold this process open (its pipes) and the machine's CPU.
      child.kill('SIGKILL');
      reject(new Error('the bench server did not start within 90 s'));
    }, 90_000);
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
// The upload part (PERF-13): scripts/bench/upload.ts

async function uploadPart() {
  const server = await startServer(['pglite', '--renters=1', '--shedding']);
  const pollEveryMs = 50;
  log(
    `  one renter uploads each image ${settings.uploads} times, one after the other (POST /api/documents);`,
  );
  log(
    `  meanwhile GET ${BARE_ROUTE} every ${pollEveryMs} ms after the previous answer; the server's event-loop delay`,
  );
  log(
    `  (monitorEventLoopDelay, 10 ms resolution taken off)${settings.uploadBusy ? `; ${settings.uploadBusy} busy-looping processes beside it (BENCH_UPLOAD_BUSY)` : ''}`,
  );
  const meter = startCpuMeter(server.ready.pid);
  const phases = await uploadBenchmark(server.base, server.ready.tokens[0]!, {
    uploads: settings.uploads,
    busy: settings.uploadBusy,
    pollEveryMs,
  });
  const cpu = meter();
  await server.stop();
  const ms = (n: number) => (Number.isFinite(n) ? fmt(n, n < 10 ? 1 : 0) : '–');
  log(
    `\n  ${pad('phase', 30)} ${lpad('loop delay p50/p99/max', 24)}  ${lpad('GET p50/p99/max', 20)}  ${lpad('GETs', 5)} ${lpad('503', 4)}  upload p50/max, statuses`,
  );
  for (const p of phases) {
    log(
      `  ${pad(p.label, 30)} ${lpad(`${ms(p.loop.p50)} / ${ms(p.loop.p99)} / ${ms(p.loop.max)} ms`, 24)}  ${lpad(`${ms(p.get.p50)} / ${ms(p.get.p99)} / ${ms(p.get.max)} ms`, 20)}  ${lpad(String(p.get.count), 5)} ${lpad(String(p.get.refused), 4)}  ${
        p.upload
          ? `${ms(p.upload.p50)} / ${ms(p.upload.max)} ms, ${Object.entries(p.upload.statuses)
              .map(([status, n]) => `${n}× ${status}`)
              .join(', ')}`
          : ''
      }${p.get.failed ? `  (${p.get.failed} GETs failed otherwise)` : ''}`,
    );
  }
  log(`  CPU during the part, % of a core: ${cpuText(cpu)}`);
  noteNoise(cpu);
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

async function measure(
  url: string,
  duration: number,
  serverPid: number | number[],
): Promise<Measurement> {
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

/**
 * Every car, page by page: the creation bench spreads its bookings over the whole fleet. With
 * only the first page's cars, a fast run reached the 180-day horizon (LIMIT-14) and every later
 * request was a quick 422, which capped the fastest variant's bookings/s.
 */
async function wholeFleet(base: string) {
  const cars: CarListBody['all_cars'] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await getJson<CarListBody & { last_page: number }>(
      `${base}/api/get/cars?limit=${CAR_PAGE_SIZE_MAX}&page=${page}`,
    );
    if (status !== 200) throw new Error(`GET /api/get/cars answered ${status}`);
    cars.push(...body.all_cars);
    if (page >= body.last_page) return cars;
  }
}

async function readBenchmark(label: string, server: BenchServer): Promise<ReadSummary> {
  const { base } = server;
  const pid = server.ready.pids;
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
// Memory (PERF-12): the server process's resident size, from /proc, and V8's view of it

interface MemoryFigures {
  rssMiB: number;
  heapUsedMiB: number;
  heapTotalMiB: number;
  /** Memory V8 does not manage: PGlite's WebAssembly memory, Buffers. */
  externalMiB: number;
}

const mib = (bytes: number) => bytes / 2 ** 20;

async function memoryOf(server: BenchServer): Promise<MemoryFigures> {
  const { body } = await getJson<NodeJS.MemoryUsage>(`${server.base}${MEMORY_ROUTE}`);
  let rss = body.rss;
  try {
    const status = readFileSync(`/proc/${server.ready.pid}/status`, 'utf8');
    rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
  } catch {
    /* not Linux: the process's own figure */
  }
  return {
    rssMiB: mib(rss),
    heapUsedMiB: mib(body.heapUsed),
    heapTotalMiB: mib(body.heapTotal),
    externalMiB: mib(body.external),
  };
}

const memoryText = (m: MemoryFigures) =>
  `${fmt(m.rssMiB)} MiB resident (V8 heap ${fmt(m.heapUsedMiB)} used of ${fmt(m.heapTotalMiB)}, external ${fmt(m.externalMiB)})`;

/** The idle figure: a fresh server, left alone for a moment after it is ready. */
async function idleMemory(server: BenchServer): Promise<MemoryFigures> {
  await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
  const memory = await memoryOf(server);
  log(`  memory idle: ${memoryText(memory)}`);
  return memory;
}

async function memoryAfterLoad(server: BenchServer): Promise<MemoryFigures> {
  const memory = await memoryOf(server);
  log(`  memory after the reads: ${memoryText(memory)}`);
  return memory;
}

function memoryGoal(
  label: string,
  idle: MemoryFigures,
  after: MemoryFigures,
  goalMiB: number,
): Goal {
  return {
    name: `${label}: memory after the reads`,
    goal: `<= ${goalMiB} MiB`,
    actual: `${fmt(after.rssMiB)} MiB (idle ${fmt(idle.rssMiB)} MiB)`,
    pass: after.rssMiB <= goalMiB,
  };
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
  // Per-address allowances live in the database (PERF-9): the bench signs everyone in from
  // 127.0.0.1, and runs on one database would otherwise use up that address's 300 logins.
  await handle.db.execute(sql`delete from rate_limit_counters where key like '%|127.0.0.1'`);
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
  /** SQL statements the server sent per booking made, its outbox worker's included. */
  statementsPerBooking: number;
  /**
   * CPU per booking made, in µs: the server process's and its database backends' (null off
   * Linux).
   */
  serverUs: number | null;
  postgresUs: number | null;
}

/**
 * Every request books a different car or day, so each one is a 201 that writes a booking,
 * its event and (with the outbox) its messages: the renter's text and one staff alert row
 * (fanned out to each staff account when sent; reminders are queued later by the reminder
 * job, decision 015). Servers with and without the outbox take turns on one database, so both meet the
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
    // Each connection's renter makes hundreds of unpaid bookings: LIMIT-13 is off in every
    // variant alike (its lock and count are two statements a booking, outside the comparison).
    const flags: Record<CreationVariant, string[]> = {
      outbox: ['--no-unpaid-limit'],
      'write only': ['--no-outbox-worker', '--no-unpaid-limit'],
      none: ['--no-outbox', '--no-unpaid-limit'],
    };
    for (const variant of variants) {
      // Each variant sends only the texts it made: what an earlier run left due (the write
      // alone sends nothing) would otherwise be sent during the next run and charged to it.
      await handle.db.execute(
        sql`update sms_outbox set status = 'cancelled' where status in ('queued', 'sending') and due_at <= now()`,
      );
      // Every variant books into an empty calendar from 30 days ahead, so none runs past the
      // 180 days bookings open ahead (LIMIT-14) or into the dates of the run before.
      await handle.db.execute(sql`truncate bookings cascade`);
      next = 0;
      // Per-address allowances are counted in the database (PERF-9): every run comes from
      // 127.0.0.1 and would otherwise find the address's allowance spent by the run before.
      await handle.db.execute(sql`delete from rate_limit_counters where key like '%|127.0.0.1'`);
      const server = await startServer(['postgres', url, ...flags[variant]]);
      if (!tokens.length) {
        tokens = await signedInUsers(handle, server.base, settings.creationConnections);
        cars = await wholeFleet(server.base);
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
      let firstRefusal = '';
      const options = (duration: number) => ({
        url: `${server.base}/api/bookings/create`,
        method: 'POST' as const,
        connections: settings.creationConnections,
        duration,
        pipelining: 1,
        requests: [
          {
            setupRequest: (req: Record<string, unknown>) => ({ ...req, body: body() }),
            // The first refusal's message says which rule the run ran into.
            onResponse: (status: number, responseBody: string) => {
              if (status !== 201 && !firstRefusal) firstRefusal = `${status} ${responseBody}`;
            },
          },
        ],
        setupClient: (client: { setHeaders(h: Record<string, string>): void }) =>
          client.setHeaders({
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[nextToken++ % tokens.length]}`,
          }),
      });
      await cannon(options(settings.warmup) as Parameters<typeof autocannon>[0]);
      const statementsSent = async () =>
        (await getJson<{ statements: number }>(`${server.base}${STATEMENTS_ROUTE}`)).body
          .statements;
      const statementsBefore = await statementsSent();
      const backendsBefore = await databaseBackendsCpuMs(handle);
      const meter = startCpuMeter(server.ready.pid);
      const result = await cannon(
        options(settings.creationDuration) as Parameters<typeof autocannon>[0],
      );
      const cpu = meter();
      const backendsMs = backendsCpuSince(backendsBefore, await databaseBackendsCpuMs(handle));
      // The worker sends the last moment's texts after the run, but the warm-up's inside it.
      const statements = (await statementsSent()) - statementsBefore;
      noteNoise(cpu);
      await server.stop();
      const created = result.statusCodeStats['201']?.count ?? 0;
      const run: CreationRun = {
        variant,
        createdPerSecond: created / result.duration,
        p50: result.latency.p50,
        p99: result.latency.p99,
        other: result.requests.total - created,
        statementsPerBooking: created ? statements / created : 0,
        serverUs: cpuPerResponseUs(cpu.server, cpu, created),
        postgresUs: created ? (backendsMs * 1000) / created : null,
      };
      runs.push(run);
      const us = (v: number | null) => (v === null ? '?' : fmt(v));
      log(
        `  ${variant.padEnd(10)}: ${fmt(run.createdPerSecond)} bookings/s   p50 ${run.p50} ms   p99 ${run.p99} ms   not 201: ${run.other}${
          run.other
            ? ` (${Object.entries(result.statusCodeStats)
                .filter(([code]) => code !== '201')
                .map(([code, s]) => `${code} × ${(s as { count: number }).count}`)
                .join(', ')})`
            : ''
        }   per booking: ${fmt(run.statementsPerBooking, 2)} statements, cpu: server ${us(run.serverUs)} µs, its postgres backends ${us(run.postgresUs)} µs`,
      );
      log(`              cpu (% of one core): ${cpuText(cpu)}`);
      if (firstRefusal) log(`              first refusal: ${firstRefusal.slice(0, 200)}`);
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
    // Statements and CPU per booking are steadier than bookings/s on a shared machine: they
    // count only the server's and its database's own work, whatever share of the cores they got.
    const cpuOf = (v: CreationVariant) => {
      const each = runs
        .filter((r) => r.variant === v)
        .map((r) =>
          r.serverUs === null || r.postgresUs === null ? null : r.serverUs + r.postgresUs,
        );
      return each.includes(null) ? null : median(each as number[]);
    };
    const cpuNone = cpuOf('none');
    const statementsOf = (v: CreationVariant) =>
      median(runs.filter((r) => r.variant === v).map((r) => r.statementsPerBooking));
    for (const v of ['write only', 'outbox'] as const) {
      const cpu = cpuOf(v);
      log(
        `  ${v === 'outbox' ? 'outbox write and sending' : 'outbox write alone'}: costs ${fmt((1 - of(v) / none) * 100, 1)} % of creation throughput (${fmt(of(v))} vs ${fmt(none)} bookings/s, medians)`,
      );
      log(
        `    per booking: ${fmt(statementsOf(v), 2)} vs ${fmt(statementsOf('none'), 2)} statements` +
          (cpu === null || cpuNone === null
            ? ''
            : `; server + its postgres backends ${fmt(cpu)} vs ${fmt(cpuNone)} µs of cpu (${cpu >= cpuNone ? '+' : ''}${fmt((cpu / cpuNone - 1) * 100, 1)} %)`),
      );
    }
    return runs;
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Part 4: realistic contention (BENCH_PARTS=realistic, on PGlite and PostgreSQL)

interface RealisticSummary {
  label: string;
  decisionsPerSecond: number;
  p50: number;
  p99: number;
  created: number;
  conflicts: number;
  /** Every status of the booking requests, 201 and 409 included. */
  statuses: Record<string, number>;
  fiveXx: number;
  errors: number;
  conflictShare: number;
  cancels: number;
  cancelStatuses: Record<string, number>;
  cancelP99: number;
  overlaps: { pairs: number; live: number };
  /** 0 = as fast as the renters get answers; else the offered decisions/s. */
  offeredRate: number;
}

/** One request over a keep-alive agent; never throws (status 0 = no answer). */
function request(
  agent: http.Agent,
  base: string,
  method: string,
  path: string,
  token: string,
  body?: string,
): Promise<{ status: number; body: string }> {
  const url = new URL(path, base);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', () => resolve({ status: 0, body: '' }));
      },
    );
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.on('timeout', () => req.destroy());
    req.end(body);
  });
}

/**
 * 200 renters (each its own connection and sign-in, phone verified) book 50 popular cars:
 * each request a random car, a start 1 to BENCH_REALISTIC_WINDOW days ahead and 1 to 4 days,
 * so ranges overlap and about a third conflict. Renters keep at most 3 upcoming bookings, as a
 * renter may (BOOK rules on unpaid bookings): after a 201 that makes 3, the renter cancels its
 * oldest, which also frees the car as real cancellations do. A decision is an answer 201 or 409
 * (any 409: a taken car, or a per-renter limit); cancellations are counted apart. Afterwards one
 * SQL query over every live booking proves that no two of one car overlap.
 */
async function realisticBenchmark(label: string, server: BenchServer): Promise<RealisticSummary> {
  const { tokens, carIds } = server.ready;
  const renters = tokens.length;
  const agent = new http.Agent({ keepAlive: true, maxSockets: renters + 10 });
  const today = todayInAccra();
  const window = settings.realisticWindow;
  const rate = settings.realisticRate;
  log(
    `  ${renters} renters, ${carIds.length} cars, starts 1 to ${window} days ahead, 1 to 4 days; ` +
      (rate
        ? `offered ${fmt(rate)} decisions/s in all`
        : 'each renter books again as soon as answered'),
  );

  const state: { phase: 'warm-up' | 'measure' | 'stop' } = { phase: 'warm-up' };
  // Read through a function: the loops look again after each await.
  const phaseNow = () => state.phase;
  const latencies: number[] = [];
  const cancelLatencies: number[] = [];
  const statuses: Record<string, number> = {};
  const cancelStatuses: Record<string, number> = {};
  let errors = 0;
  const interval = rate ? (renters / rate) * 1000 : 0;

  async function renter(token: string) {
    const held: string[] = [];
    let next = performance.now() + Math.random() * interval;
    while (phaseNow() !== 'stop') {
      if (interval) {
        const wait = next - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        next += interval;
      }
      if (phaseNow() === 'stop') break;
      const measured = phaseNow() === 'measure';
      const start = addDays(today, 1 + randomInt(0, window));
      const body = JSON.stringify({
        car_id: carIds[randomInt(0, carIds.length)],
        start_date: start,
        end_date: addDays(start, randomInt(0, 4)),
        destination: 'Accra',
        destination_type: 1,
        payment_method: 'payOnPickup',
      });
      const t0 = performance.now();
      const answer = await request(agent, server.base, 'POST', '/api/bookings/create', token, body);
      if (measured) {
        latencies.push(performance.now() - t0);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status === 0) errors++;
      }
      if (answer.status !== 201) continue;
      held.push(
        (JSON.parse(answer.body) as { booking: { booking_code: string } }).booking.booking_code,
      );
      if (held.length < 3) continue;
      const c0 = performance.now();
      const cancelled = await request(
        agent,
        server.base,
        'POST',
        `/api/bookings/${held.shift()}/cancel`,
        token,
      );
      if (measured) {
        cancelLatencies.push(performance.now() - c0);
        cancelStatuses[cancelled.status] = (cancelStatuses[cancelled.status] ?? 0) + 1;
      }
    }
  }

  const loops = tokens.map((t) => renter(t));
  await new Promise((r) => setTimeout(r, settings.warmup * 1000));
  log(`  warm-up: ${settings.warmup} s, discarded`);
  state.phase = 'measure';
  const meter = startCpuMeter(server.ready.pids);
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, settings.realisticDuration * 1000));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = meter();
  state.phase = 'stop';
  await Promise.all(loops);
  agent.destroy();
  noteNoise(cpu);

  const { body: overlaps } = await getJson<{ pairs: number; live: number }>(
    `${server.base}${OVERLAPS_ROUTE}`,
  );
  latencies.sort((a, b) => a - b);
  cancelLatencies.sort((a, b) => a - b);
  const created = statuses['201'] ?? 0;
  const conflicts = statuses['409'] ?? 0;
  const fiveXx = Object.entries(statuses)
    .filter(([code]) => Number(code) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  const summary: RealisticSummary = {
    label,
    decisionsPerSecond: (created + conflicts) / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    created,
    conflicts,
    statuses,
    fiveXx,
    errors,
    conflictShare: conflicts / Math.max(1, created + conflicts),
    cancels: cancelLatencies.length,
    cancelStatuses,
    cancelP99: percentile(cancelLatencies, 99),
    overlaps,
    offeredRate: rate,
  };
  const statusText = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([code, n]) => `${code === '0' ? 'no answer' : code}: ${fmt(n)}`)
      .join(', ');
  log(
    `  ${fmt(seconds, 1)} s measured: decisions/s ${fmt(summary.decisionsPerSecond)}   p50 ${fmt(summary.p50, 1)} ms   p99 ${fmt(summary.p99, 1)} ms`,
  );
  log(`  booking answers: ${statusText(statuses)}; conflict share ${pct(summary.conflictShare)}`);
  log(
    `  cancellations: ${fmt(summary.cancels)} (${statusText(cancelStatuses) || 'none'}), p99 ${fmt(summary.cancelP99, 1)} ms`,
  );
  log(`  cpu (% of one core): ${cpuText(cpu)}`);
  log(`  overlap check over every live booking (${fmt(overlaps.live)} live):`);
  for (const line of OVERLAPS_SQL.trim().split('\n')) log(`    ${line}`);
  log(`  -> ${overlaps.pairs} overlapping pairs (must be 0)`);
  return summary;
}

function realisticGoals(s: RealisticSummary | string, label: string): Goal[] {
  const names = ['decisions/s', 'p99', '5xx', 'overlapping pairs (check)'].map(
    (n) => `realistic ${label}: ${n}`,
  );
  const goals = [
    `>= ${fmt(GOALS.realisticPerSecond)}`,
    `<= ${GOALS.realisticP99Ms} ms`,
    '= 0',
    '= 0',
  ];
  if (typeof s === 'string')
    return names.map((name, i) => ({
      name,
      goal: goals[i]!,
      actual: i === 0 ? `skipped (${s})` : 'skipped',
      pass: null,
    }));
  return [
    {
      name: names[0]!,
      goal: goals[0]!,
      actual: `${fmt(s.decisionsPerSecond)} (${pct(s.conflictShare)} conflicts${s.offeredRate ? `, ${fmt(s.offeredRate)}/s offered` : ''})`,
      pass: s.decisionsPerSecond >= GOALS.realisticPerSecond,
    },
    {
      name: names[1]!,
      goal: goals[1]!,
      actual: `${fmt(s.p99, 1)} ms`,
      pass: s.p99 <= GOALS.realisticP99Ms,
    },
    {
      name: names[2]!,
      goal: goals[2]!,
      actual: `${s.fiveXx}${s.errors ? `, ${s.errors} without an answer` : ''}`,
      pass: s.fiveXx === 0 && s.errors === 0,
    },
    {
      name: names[3]!,
      goal: goals[3]!,
      actual: `${s.overlaps.pairs} among ${fmt(s.overlaps.live)} live bookings`,
      pass: s.overlaps.pairs === 0,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Part 5: read throughput of 1 and 2 app processes on one PostgreSQL (BENCH_PARTS=processes)

interface ProcessesRun {
  processes: number;
  route: string;
  m: Measurement;
}

/**
 * The same reads (car list, car details) from a server of 1 process and one of 2 node:cluster
 * workers on one port (WEB_CONCURRENCY's layout), taking turns on one database, in one run.
 */
async function processesBenchmark(url: string): Promise<ProcessesRun[]> {
  const runs: ProcessesRun[] = [];
  for (let round = 1; round <= settings.rounds; round++) {
    for (const processes of [1, 2]) {
      const server = await startServer(['postgres', url, `--processes=${processes}`]);
      const car = (await seededCars(server.base)).all_cars[0]!;
      for (const [route, path] of [
        ['list', '/api/get/cars'],
        ['detail', `/api/cars/${car.id}`],
      ] as const) {
        await measure(`${server.base}${path}`, settings.warmup, server.ready.pids);
        const m = await measure(`${server.base}${path}`, settings.readDuration, server.ready.pids);
        noteNoise(m.cpu);
        runs.push({ processes, route, m });
        log(
          `  ${pad(String(round), 6)} ${pad(`${processes} process${processes > 1 ? 'es' : ''}`, 12)} ${pad(route, 7)} ${lpad(fmt(m.rps), 9)} ${lpad(`${m.p50} ms`, 6)} ${lpad(`${m.p99} ms`, 6)}   non-2xx ${m.non2xx}   ${cpuText(m.cpu)}`,
        );
      }
      await server.stop();
    }
  }
  log('  medians:');
  for (const route of ['list', 'detail']) {
    const of = (n: number) =>
      median(runs.filter((r) => r.processes === n && r.route === route).map((r) => r.m.rps));
    log(
      `    ${pad(route, 7)} 1 process ${lpad(fmt(of(1)), 7)} req/s   2 processes ${lpad(fmt(of(2)), 7)} req/s   ratio ${fmt(of(2) / of(1), 2)}`,
    );
  }
  return runs;
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
    `  layout: the app runs in a child process (scripts/bench/server.ts bundled like the build, node ${SERVER_NODE_FLAGS.join(' ')}, NODE_ENV=production,`,
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
  if (settings.parts.size < 5) log(`  parts: ${[...settings.parts].join(', ')} (BENCH_PARTS)`);
  if (settings.serverNodeArgs.length)
    log(`  server node flags: ${settings.serverNodeArgs.join(' ')} (figures are not comparable)`);

  const goals: Goal[] = [];
  let exitCode = 0;
  try {
    // 1a. Reads on the embedded database.
    if (settings.parts.has('pglite')) {
      heading('Reads on PGlite (embedded, scratch data folder, demo seed)');
      // As a site runs: the data folder was created and seeded by an earlier start. The first
      // start (initdb, migrations, seeding) is measured too, but the goal is the restarted one.
      const dataDir = mkdtempSync(join(os.tmpdir(), 'carlink-bench-pglite-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const first = await startServer(['pglite', dataDir]);
      log('  first start (creates, migrates and seeds the data folder):');
      await idleMemory(first);
      await first.stop();
      log('  restarted on that folder:');
      const lite = await startServer(['pglite', dataDir]);
      const liteIdle = await idleMemory(lite);
      const liteSummary = await readBenchmark('PGlite', lite);
      const liteAfter = await memoryAfterLoad(lite);
      await lite.stop();
      goals.push(...readGoals(liteSummary, 'PGlite'));
      goals.push(memoryGoal('PGlite', liteIdle, liteAfter, GOALS.pgliteMemoryMiB));
    }
    if (settings.parts.has('realistic')) {
      heading('Realistic contention on PGlite (embedded, in memory)');
      const lite = await startServer(['pglite', ...realisticArgs]);
      goals.push(...realisticGoals(await realisticBenchmark('PGlite', lite), 'PGlite'));
      await lite.stop();
    }

    if (settings.parts.has('upload')) {
      heading('A cheap GET while one renter uploads 40-MP documents (PGlite, load shedding on)');
      await uploadPart();
    }

    // 1b and 2. PostgreSQL.
    const wantReads = settings.parts.has('postgres');
    const wantContended = settings.parts.has('contended');
    const wantCreation = settings.parts.has('creation');
    const wantRealistic = settings.parts.has('realistic');
    const wantProcesses = settings.parts.has('processes');
    const database =
      wantReads || wantContended || wantCreation || wantRealistic || wantProcesses
        ? await postgresDatabase()
        : null;
    if (database && 'skipped' in database) {
      heading('PostgreSQL');
      log(`  skipped: ${database.skipped}`);
      if (wantReads) goals.push(...readGoals(database.skipped, 'PostgreSQL'));
      if (wantContended) goals.push(...contendedGoals(database.skipped));
      if (wantRealistic) goals.push(...realisticGoals(database.skipped, 'PostgreSQL'));
    } else if (database) {
      heading(`PostgreSQL ${await postgresVersion(database.url)}`);
      log(`  database: ${database.note}`);
      let server = await startServer(['postgres', database.url]);
      log(
        `  server ready (${server.ready.seeded ? 'seeded the demo data' : 'database was not empty: not seeded'}), pool of 20 connections`,
      );
      if (wantReads) {
        heading('Reads on PostgreSQL');
        // Restarted after seeding, as for PGlite: the idle figure is a running site's.
        await server.stop();
        server = await startServer(['postgres', database.url]);
        const pgIdle = await idleMemory(server);
        const pgSummary = await readBenchmark('PostgreSQL', server);
        const pgAfter = await memoryAfterLoad(server);
        goals.push(...readGoals(pgSummary, 'PostgreSQL'));
        goals.push(memoryGoal('PostgreSQL', pgIdle, pgAfter, GOALS.postgresMemoryMiB));
      }
      if (wantContended) {
        heading('Contended creation on PostgreSQL (POST /api/bookings/create)');
        const contended = await contendedBenchmark(server, database.url);
        goals.push(...contendedGoals(contended));
      }
      await server.stop();
      if (wantRealistic) {
        heading('Realistic contention on PostgreSQL');
        const realistic = await startServer(['postgres', database.url, ...realisticArgs]);
        goals.push(
          ...realisticGoals(await realisticBenchmark('PostgreSQL', realistic), 'PostgreSQL'),
        );
        await realistic.stop();
      }
      if (wantProcesses) {
        heading('Reads from 1 and 2 app processes on one PostgreSQL');
        log(
          `  ${settings.readConnections} connections, ${settings.readDuration} s per run after ${settings.warmup} s warm-up, ${settings.rounds} rounds of (1 process, 2 processes); node:cluster workers on one port`,
        );
        await processesBenchmark(database.url);
      }
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
