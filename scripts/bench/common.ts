/** Shared by the bench runner and the bench server (scripts/bench/). */

/** The route every ratio is taken against: the framework and the plugins' hooks, no database. */
export const BARE_ROUTE = '/bench/bare';

/**
 * How many SQL statements the server has sent since it started (every pooled connection's,
 * the outbox worker's included): GET answers `{ statements: n }`. The creation bench reports
 * statements per booking, a figure other work on the machine cannot change.
 */
export const STATEMENTS_ROUTE = '/bench/statements';

/**
 * The node flags the app is started with (package.json's `start`, docs/deployment.md): a
 * smaller young generation, so the heap holds less garbage between collections, and
 * WebAssembly (PGlite) compiled by the optimising tier only (PERF-12).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--no-liftoff'];

/** The bench server's `process.memoryUsage()` (bytes), for the memory figures (PERF-12). */
export const MEMORY_ROUTE = '/bench/memory';

/**
 * The bench server's event-loop delay since the last call (then reset): `{ p50, p99, max,
 * count }` in ms, the sampling resolution taken off as the load shedding's own figure does.
 */
export const EVENT_LOOP_ROUTE = '/bench/event-loop';

/** The first line the bench server prints on stdout once it listens. */
export interface ServerReady {
  ready: true;
  port: number;
  kind: 'pglite' | 'postgres';
  /** Whether this start filled an empty database with the demo data. */
  seeded: boolean;
  pid: number;
  /** The processes that serve (the workers with --processes, else pid). */
  pids: number[];
  /** Access tokens of the renters made with --renters. */
  tokens: string[];
  /** Cars on offer, with --cars. */
  carIds: number[];
}

/** The bench renters' password (the bench server signs them in). */
export const BENCH_PASSWORD = 'Bench@12345';

/** Answers how many pairs of live bookings of one car overlap (0, or the invariant broke). */
export const OVERLAPS_ROUTE = '/bench/overlaps';

/**
 * Every pair of live bookings (rentals and maintenance blocks) of the same car whose days
 * overlap, counted; beside it the number of live bookings, so that 0 pairs means something.
 * "Live" is the exclusion constraint's own predicate (migration 0001), the widest: a pending
 * booking whose mobile money hold ran out counts too.
 */
export const OVERLAPS_SQL = `
with live as (
  select id, car_id, daterange(start_date, end_date, '[]') as days
  from bookings
  where kind in ('rental', 'maintenance') and status in ('pending', 'confirmed', 'active')
)
select
  (select count(*) from live a join live b
     on a.car_id = b.car_id and a.id < b.id and a.days && b.days) as pairs,
  (select count(*) from live) as live`;
