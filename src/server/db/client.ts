import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** Both drivers give the same query builder; code above this file never knows which. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories take either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Runs pending migrations (idempotent; safe for several processes at once on PostgreSQL). */
  migrate(): Promise<void>;
  /** Answers whether the database responds. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The PGlite instance when embedded (tests clone it), else null. */
  pglite: PGlite | null;
  /**
   * Runs a staff report (a list, a search, the dashboard) on connections of its own with a
   * longer statement timeout, so reports can never take the connections renters and sign-in
   * need (LIMIT-11). When `signal` aborts (the client went away) the running statement is
   * cancelled in PostgreSQL instead of finishing for nobody (LIMIT-12).
   */
  runReport<T>(signal: AbortSignal, work: (db: Database) => Promise<T>): Promise<T>;
}

/**
 * Statement timeouts (LIMIT-11): a renter's or sign-in's statement that runs longer than this is
 * failing anyway and is answered 503; staff reports get longer on their own pool.
 */
export const STATEMENT_TIMEOUT_MS = 5_000;
export const REPORT_STATEMENT_TIMEOUT_MS = 15_000;
/** Connections for staff reports: few, so that reports queue among themselves (LIMIT-11). */
export const REPORT_POOL_SIZE = 3;

/** Thrown when a report's client has already gone: nothing is run for it. */
export class ReportAbortedError extends Error {
  /** PostgreSQL's query_canceled: handled like a statement cancelled for the same reason. */
  readonly code = '57014';
  constructor() {
    super('The request was abandoned before its report ran.');
  }
}

/** Rows of a raw `db.execute()`: both drivers answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PERF-12: the embedded database's memory. PostgreSQL's shared buffers (128 MB by default) live
 * in PGlite's WebAssembly memory, which only grows: once touched they stay resident for the
 * life of the process. 16 MB holds the demo fleet's whole database many times over, and the
 * files under it stay in the operating system's cache; the process holds about 120 MiB less
 * (docs/performance.md, Memory). A company that outgrows this runs on PostgreSQL (RUN-2).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      onError?: (err: Error) => void;
      statementTimeoutMs?: number;
      reportStatementTimeoutMs?: number;
      reportPoolSize?: number;
    }
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      // A known trap: without an 'error' listener a PostgreSQL restart kills the process.
      application_name: 'carlink',
      statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
    });
    const reportPool = new pg.Pool({
      connectionString: options.url,
      max: options.reportPoolSize ?? REPORT_POOL_SIZE,
      connectionTimeoutMillis: 10_000,
      application_name: 'carlink-reports',
      statement_timeout: options.reportStatementTimeoutMs ?? REPORT_STATEMENT_TIMEOUT_MS,
    });
    for (const p of [pool, reportPool]) {
      p.on('error', (err) => options.onError?.(err));
      // The pool listens only to idle clients. A client checked out (a transaction) when the
      // server goes away emits 'error' too, which unheard kills the process; its queries fail
      // on their own (answered 503) and the pool drops it on release (LIMIT-7, tests/hardening/crash-consistency.test.ts).
      p.on('connect', (client) => client.on('error', (err) => options.onError?.(err)));
    }
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      pglite: null,
      migrate: async () => {
        // An advisory lock makes concurrent start-ups take turns instead of racing.
        const client = await pool.connect();
        try {
          // Building an index on a grown table takes longer than a request may.
          await client.query('set statement_timeout = 0');
          await client.query('select pg_advisory_lock(7243001)');
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock(7243001)').catch(() => undefined);
          // Dropped rather than returned: its session no longer has the pool's timeout.
          client.release(true);
        }
      },
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      runReport: async (signal, work) => {
        if (signal.aborted) throw new ReportAbortedError();
        const client = await reportPool.connect();
        let cancelled = false;
        // The running statement is cancelled over another connection (PostgreSQL's way).
        const cancel = () => {
          cancelled = true;
          const pid = (client as unknown as { processID: number }).processID;
          pool.query('select pg_cancel_backend($1)', [pid]).catch(() => undefined);
        };
        signal.addEventListener('abort', cancel, { once: true });
        // A report's statements are handed to the connection one at a time, each only if the
        // client is still there: so a cancel stops the whole report, not just one statement.
        let previous: Promise<unknown> = Promise.resolve();
        const oneAtATime = {
          query: (...args: unknown[]) => {
            const next = previous.then(() => {
              if (signal.aborted) throw new ReportAbortedError();
              return (client.query as (...a: unknown[]) => Promise<unknown>).apply(client, args);
            });
            previous = next.catch(() => undefined);
            return next;
          },
        };
        try {
          return await work(drizzlePg(oneAtATime as unknown as pg.PoolClient, { schema }));
        } finally {
          signal.removeEventListener('abort', cancel);
          // After a cancel the connection is dropped, not reused: a cancel that lands late
          // could otherwise hit the next report's statement.
          client.release(cancelled);
        }
      },
      close: async () => {
        await Promise.all([pool.end(), reportPool.end()]);
      },
    };
  }

  // A known trap: btree_gist must be passed on every open, not only the first; the same
  // holds for pg_trgm (name and phone search indexes).
  // PERF-12: the server is started with `--no-liftoff` (package.json `start`): V8 then compiles
  // PGlite's WebAssembly with its optimising tier only instead of keeping a baseline copy of
  // every function too. It cannot be set here at run time: Node 26's V8 aborts when it is.
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { btree_gist, pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    // One embedded connection: reports run on it like everything else.
    runReport: async (signal, work) => {
      if (signal.aborted) throw new ReportAbortedError();
      return work(db);
    },
    close: () => client.close(),
  };
}
