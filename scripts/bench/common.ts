/** Shared by the bench runner and the bench server (scripts/bench/). */

/** The route every ratio is taken against: the framework and the plugins' hooks, no database. */
export const BARE_ROUTE = '/bench/bare';

/** The first line the bench server prints on stdout once it listens. */
export interface ServerReady {
  ready: true;
  port: number;
  kind: 'pglite' | 'postgres';
  /** Whether this start filled an empty database with the demo data. */
  seeded: boolean;
  pid: number;
}
