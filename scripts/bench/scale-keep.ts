// Grows one full-size database and keeps it, for profiling and `npm run bench:explain` against
// the same data again and again (bench:scale drops its databases when done).
//
//   npx tsx scripts/bench/scale-keep.ts <database name> [10x|100x|full]
//
// Creates the database on BENCH_PG_SERVER (postgres://postgres@127.0.0.1:5432/postgres),
// migrates, seeds the demo data and grows it as bench:scale does; the heavy renter
// (HEAVY_RENTER_MSISDN) signs in with the password bench:scale uses. Drop it yourself.
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { seedDemoData } from '../../src/server/db/seed';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { FULL_SIZE, growDatabase } from './scale-data';

/** bench:scale's RENTER_PASSWORD (scale.ts runs when imported, so it is not imported). */
const RENTER_PASSWORD = 'Scale@12345';

const [name, size = 'full'] = process.argv.slice(2);
if (!name || !/^[a-z_][a-z0-9_]*$/.test(name))
  throw new Error('usage: scale-keep.ts <database name> [10x|100x|full]');
const share = { '10x': 0.01, '100x': 0.1, full: 1 }[size];
if (share === undefined) throw new Error(`unknown size ${size}`);

const server = process.env.BENCH_PG_SERVER || 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();

const url = new URL(server);
url.pathname = `/${name}`;
const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
await handle.migrate();
await seedDemoData(handle.db);
await handle.close();

const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const target = {
  cars: Math.round(FULL_SIZE.cars * share),
  renters: Math.round(FULL_SIZE.renters * share),
  bookings: Math.round(FULL_SIZE.bookings * share),
};
await growDatabase(client, target, await hashPassword(RENTER_PASSWORD), (line) =>
  process.stdout.write(`${line}\n`),
);
await client.end();
process.stdout.write(`kept ${url.toString()}\n`);
