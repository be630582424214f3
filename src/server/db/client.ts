import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
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
}

/** Rows of a raw `db.execute()`: both drivers answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; onError?: (err: Error) => void }
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      // A known trap: without an 'error' listener a PostgreSQL restart kills the process.
      application_name: 'carlink',
    });
    pool.on('error', (err) => options.onError?.(err));
    // The pool listens only to idle clients. A client checked out (a transaction) when the
    // server goes away emits 'error' too, which unheard kills the process; its queries fail
    // on their own (answered 503) and the pool drops it on release (LIMIT-7, tests/hardening/crash-consistency.test.ts).
    pool.on('connect', (client) => client.on('error', (err) => options.onError?.(err)));
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      pglite: null,
      migrate: async () => {
        // An advisory lock makes concurrent start-ups take turns instead of racing.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(7243001)');
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock(7243001)').catch(() => undefined);
          client.release();
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
      close: () => pool.end(),
    };
  }

  // A known trap: btree_gist must be passed on every open, not only the first.
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { btree_gist },
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
    close: () => client.close(),
  };
}
