/** Shared by the bench runner and the bench server (scripts/bench/). */

/** The route every ratio is taken against: the framework and the plugins' hooks, no database. */
export const BARE_ROUTE = '/bench/bare';

/**
 * How many SQL statements the server has sent since it started (every pooled connection's,
 * the outbox worker's included): GET answers `{ statements: n }`. The creation bench reports
 * statements per booking, a figure other work on the machine cannot change.
 */
export const STATEMENTS_ROUTE = '/bench/statements';

/** The first line the bench server prints on stdout once it listens. */
export interface ServerReady {
  ready: true;
  port: number;
  kind: 'pglite' | 'postgres';
  /** Whether this start filled an empty database with the demo data. */
  seeded: boolean;
  pid: number;
}
