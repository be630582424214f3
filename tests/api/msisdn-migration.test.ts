import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, openDatabase } from '../../src/server/db/client';

/**
 * Migration 0013 rewrites sign-in numbers stored in older forms to E.164 digits (ACCT-1) and
 * refuses to merge two accounts into one number. The database is migrated up to the step
 * before it, given the old rows, then migrated the rest of the way.
 */
const NORMALISE = '0013_normalise_msisdns';
const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The migrations folder as it was just before `tag`. */
function migrationsBefore(tag: string) {
  const dir = mkdtempSync(join(tmpdir(), 'carlink-migrations-'));
  folders.push(dir);
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const stop = journal.entries.findIndex((e) => e.tag === tag);
  expect(stop, `${tag} is in the journal`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, stop);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function databaseWithOldNumbers(numbers: string[]) {
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrate(drizzle(handle.pglite!), { migrationsFolder: migrationsBefore(NORMALISE) });
  for (const [i, msisdn] of numbers.entries()) {
    await handle.pglite!.query(
      `insert into users (name, msisdn, password_hash) values ($1, $2, 'x')`,
      [`User ${i}`, msisdn],
    );
  }
  return handle;
}

describe('migration 0013: stored numbers in E.164 digits', () => {
  it('rewrites 00233…, 2330…, national and punctuated forms and keeps the canonical ones', async () => {
    const handle = await databaseWithOldNumbers([
      '00233244123456',
      '2330541234567',
      '0201234567',
      '+233 27 123 4567',
      '233559876543',
      '447911123456',
    ]);
    await handle.migrate();
    const result = await handle.pglite!.query<{ msisdn: string }>(
      'select msisdn from users order by id',
    );
    expect(result.rows.map((r) => r.msisdn)).toEqual([
      '233244123456',
      '233541234567',
      '233201234567',
      '233271234567',
      '233559876543',
      '447911123456',
    ]);
    await handle.close();
  });

  it('stops and names the accounts when two would share one number', async () => {
    const handle = await databaseWithOldNumbers([
      '233244123456',
      '0201234567',
      '00233244123456',
      '2330201234567',
    ]);
    const failure = await handle.migrate().then(
      () => null,
      (error: unknown) => error as Error & { cause?: Error },
    );
    expect(failure).not.toBeNull();
    const text = `${failure!.message} ${failure!.cause?.message ?? ''}`;
    expect(text).toMatch(/two accounts would share one number/);
    expect(text).toContain('users 1, 3 would all be 23324****456');
    expect(text).toContain('users 2, 4 would all be 23320****567');
    // Nothing was rewritten: the old rows are as they were.
    const rows = await handle.pglite!.query<{ msisdn: string }>(
      'select msisdn from users order by id',
    );
    expect(rows.rows.map((r) => r.msisdn)).toEqual([
      '233244123456',
      '0201234567',
      '00233244123456',
      '2330201234567',
    ]);
    await handle.close();
  });
});
