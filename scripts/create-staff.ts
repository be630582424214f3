// Creates the company's owner account (STAFF-44), or makes an existing user an owner, from the
// command line; the owner then adds managers and agents in the console (/admin/staff):
//   npm run staff:create -- --name "Kwame Asante" --msisdn 0244000000 --password 'Staff@1234'
//   npm run staff:create -- --msisdn 0244000001        (makes an existing user owner; keeps their password)
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createOrPromoteStaff } from '../src/server/modules/auth/staff-accounts';

const { values } = parseArgs({
  options: { name: { type: 'string' }, msisdn: { type: 'string' }, password: { type: 'string' } },
});

async function main() {
  // Before opening the database: a typo should not wait for the migrations.
  if (!values.msisdn)
    throw new Error(
      'Creates the owner account. Give --msisdn (and --name and --password for a new account).',
    );
  const config = loadConfig();
  if (config.database.kind === 'pglite' && config.database.dataDir) {
    mkdirSync(config.database.dataDir, { recursive: true });
  }
  const database = await openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url }
      : { kind: 'pglite', dataDir: config.database.dataDir },
  );
  try {
    await database.migrate();
    const result = await createOrPromoteStaff(database.db, values);
    const who = `${result.name} (+${result.msisdn})`;
    if (result.outcome === 'created') console.log(`Created the owner account ${who}.`);
    else if (result.outcome === 'promoted')
      console.log(`${who} is now an owner; their password is unchanged.`);
    else console.log(`${who} is already staff.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
