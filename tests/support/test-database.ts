import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';

export type TemplateInfo =
  | { kind: 'pglite'; tarball: string }
  | { kind: 'postgres'; serverUrl: string; templateName: string };

function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createTemplate(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    await handle.migrate();
    const dump = await handle.pglite!.dumpDataDir('none');
    await handle.close();
    const dir = mkdtempSync(join(tmpdir(), 'carlink-test-'));
    const tarball = join(dir, 'template.tar');
    writeFileSync(tarball, Buffer.from(await dump.arrayBuffer()));
    return {
      info: { kind, tarball } satisfies TemplateInfo,
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  const templateName = `carlink_tpl_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (c) => c.query(`create database ${templateName}`));
  const handle = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(serverUrl, templateName),
  });
  await handle.migrate();
  await handle.close();
  return {
    info: { kind, serverUrl, templateName } satisfies TemplateInfo,
    dispose: async () => {
      await withAdminClient(serverUrl, (c) =>
        c.query(`drop database if exists ${templateName} with (force)`),
      );
    },
  };
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** A URL for more connections to the same database (PostgreSQL only). */
  url: string | null;
  dispose(): Promise<void>;
}

/** A fresh copy of the migrated template for one test file. */
export async function openTestDatabase(template: TemplateInfo): Promise<TestDatabase> {
  if (template.kind === 'pglite') {
    const blob = new Blob([readFileSync(template.tarball)]);
    const handle = await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: blob });
    return { handle, url: null, dispose: () => handle.close() };
  }
  const name = `carlink_test_${randomBytes(6).toString('hex')}`;
  // Copies of one template cannot start while another copy is being made: retry briefly.
  for (let attempt = 1; ; attempt++) {
    try {
      await withAdminClient(template.serverUrl, (c) =>
        c.query(`create database ${name} template ${template.templateName}`),
      );
      break;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
  const url = databaseUrl(template.serverUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 20 });
  return {
    handle,
    url,
    dispose: async () => {
      await handle.close().catch(() => undefined);
      await withAdminClient(template.serverUrl, (c) =>
        c.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

// Re-exported so test files need only this module for PGlite specifics.
export { PGlite, btree_gist };
