// `npm run bench:explain -- <database url>`: the EXPLAIN (ANALYZE, BUFFERS) of every query the
// scale bench's request paths run (PERF-7), on a database grown by scale-data.ts, as Markdown
// for docs/performance.md. Each request path's functions are called as the routes call them;
// every statement they send is recorded and explained with the same parameters. A sequential
// scan of bookings, users, payments or booking_events is flagged.
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { listAdminBookings } from '../../src/server/modules/bookings/bookings.staff.service';
import { listAdminCustomers } from '../../src/server/modules/admin/admin-customers.repository';
import { buildDashboard } from '../../src/server/modules/admin/admin-dashboard.service';
import { listUserBookings } from '../../src/server/modules/bookings/bookings.service';
import {
  findBookedRanges,
  findBusyCars,
  readCarBookingsVersion,
} from '../../src/server/modules/cars/cars.repository';
import { addDays, todayInAccra } from '../../src/shared/dates';
import { HEAVY_RENTER_MSISDN } from './scale-data';

const url = process.argv[2];
if (!url) throw new Error('usage: explain.ts <database url>');

const recorded: { text: string; values: unknown[] }[] = [];
const realQuery = pg.Client.prototype.query;
let recording = false;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args as [unknown, unknown];
  if (recording) {
    const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
    const values =
      (typeof first === 'object' && first && (first as { values?: unknown[] }).values) ||
      (Array.isArray(second) ? second : []);
    if (text && !/^(begin|commit|rollback|set |select pg_|explain)/i.test(text))
      recorded.push({ text, values });
  }
  return (realQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof realQuery;

const BIG_TABLES = /Seq Scan on (bookings|users|payments|booking_events)\b/;

async function main() {
  const handle = await openDatabase({ kind: 'postgres', url: url! });
  const explainer = new pg.Client({ connectionString: url });
  await explainer.connect();
  const { rows: heavy } = await explainer.query<{ id: number }>(
    'select id from users where msisdn = $1',
    [HEAVY_RENTER_MSISDN],
  );
  const { rows: someCode } = await explainer.query<{ booking_code: string; car_id: number }>(
    `select booking_code, car_id from bookings where kind = 'rental' order by id desc limit 1`,
  );
  const start = addDays(todayInAccra(), 30);
  const end = addDays(start, 3);
  const listQuery = { page: 1, limit: 20, q: undefined, from: undefined, to: undefined };
  const paths: [string, () => Promise<unknown>][] = [
    // A cached answer is reused while the version is unchanged; the busy cars run after a booking.
    ['car list with dates (bookings version)', () => readCarBookingsVersion(handle.db)],
    ['car list with dates (busy cars)', () => findBusyCars(handle.db, start, end)],
    [
      "availability (a car's booked ranges)",
      () =>
        findBookedRanges(
          handle.db,
          someCode[0]!.car_id,
          todayInAccra(),
          addDays(todayInAccra(), 180),
        ),
    ],
    ['renter history (266 bookings)', () => listUserBookings(handle.db, heavy[0]!.id, 1, 8)],
    ['staff bookings page 1', () => listAdminBookings(handle.db, { ...listQuery }, null)],
    [
      'staff bookings page 400',
      () => listAdminBookings(handle.db, { ...listQuery, page: 400 }, null),
    ],
    [
      'staff bookings q=code',
      () =>
        listAdminBookings(handle.db, { ...listQuery, q: someCode[0]!.booking_code.slice(3) }, null),
    ],
    [
      'staff bookings q=name',
      () => listAdminBookings(handle.db, { ...listQuery, q: 'Kwame Mensah' }, null),
    ],
    [
      'staff bookings q=phone',
      () => listAdminBookings(handle.db, { ...listQuery, q: '0200012345' }, null),
    ],
    [
      'staff bookings from/to',
      () => listAdminBookings(handle.db, { ...listQuery, from: start, to: end }, null),
    ],
    ['staff customers page 1', () => listAdminCustomers(handle.db, { ...listQuery })],
    ['staff customers page 400', () => listAdminCustomers(handle.db, { ...listQuery, page: 400 })],
    [
      'staff customers q=name',
      () => listAdminCustomers(handle.db, { ...listQuery, q: 'Ama Osei' }),
    ],
    ['staff dashboard', () => buildDashboard(handle.db)],
  ];
  const flagged: string[] = [];
  for (const [name, run] of paths) {
    recorded.length = 0;
    recording = true;
    await run();
    recording = false;
    process.stdout.write(`\n### ${name}\n`);
    for (const { text, values } of [...recorded]) {
      const { rows } = await explainer.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers, costs off) ${text}`,
        values,
      );
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      if (BIG_TABLES.test(plan)) flagged.push(name);
      process.stdout.write(`\n\`\`\`sql\n${text}\n\`\`\`\n\n\`\`\`\n${plan}\n\`\`\`\n`);
    }
  }
  process.stdout.write(
    `\n${flagged.length ? `SEQUENTIAL SCANS of a large table in: ${[...new Set(flagged)].join(', ')}` : 'No sequential scan of bookings, users, payments or booking_events.'}\n`,
  );
  await explainer.end();
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
