/** Shared by the bench runner and the bench server (scripts/bench/). */

/** The route every ratio is taken against: the framework and the plugins' hooks, no database. */
export const BARE_ROUTE = '/bench/bare';

/**
 * The node flags the app is started with (package.json's `start`, docs/deployment.md): a
 * smaller young generation, so the heap holds less garbage between collections (PERF-12).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

/** The bench server's `process.memoryUsage()` (bytes), for the memory figures (PERF-12). */
export const MEMORY_ROUTE = '/bench/memory';

/** The first line the bench server prints on stdout once it listens. */
export interface ServerReady {
  ready: true;
  port: number;
  kind: 'pglite' | 'postgres';
  /** Whether this start filled an empty database with the demo data. */
  seeded: boolean;
  pid: number;
}
