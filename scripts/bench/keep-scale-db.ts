// Grows one full-size database and keeps it, for profiling and before/after runs on the same
// data (PERF-7); `npm run bench:scale` grows and drops its own.
//   npx tsx scripts/bench/keep-scale-db.ts <database name> [share of full size, default 1]
// The database is created on BENCH_PG_SERVER (postgres://postgres@127.0.0.1:5432/postgres),
// migrated, seeded with the demo data, grown by scale-data.ts and vacuumed; drop it yourself.
// The heavy renter's password is Scale@12345, as in scale.ts.
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { seedDemoData } from '../../src/server/db/seed';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { FULL_SIZE, growDatabase } from './scale-data';

const [name, shareArg = '1'] = process.argv.slice(2);
if (!name || !/^[a-z_][a-z0-9_]*$/.test(name))
  throw new Error('usage: keep-scale-db.ts <name> [share]');
const share = Number(shareArg);
const server = process.env.BENCH_PG_SERVER || 'postgres://postgres@127.0.0.1:5432/postgres';
const url = new URL(server);
url.pathname = `/${name}`;

const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();

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
await growDatabase(client, target, await hashPassword('Scale@12345'), (line) => console.log(line));
await client.query('vacuum analyze');
await client.end();
console.log(url.toString());
