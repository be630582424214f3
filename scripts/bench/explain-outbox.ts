// `tsx scripts/bench/explain-outbox.ts <database url>`: grows a scratch database to a few
// years' SMS outbox (decision 015: 200,000 renters' codes, 100,000 bookings with their
// texts and reminders) and prints the plan of every query that reads sms_outbox, so an index
// is removed only when no query needs it (docs/performance.md, "SMS outbox plans"). Run it on
// an empty database of your own.
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { insertCar, insertUser } from '../../src/server/db/factories';

const url = process.argv[2];
if (!url) throw new Error('usage: explain-outbox.ts <database url>');

async function main() {
  const handle = await openDatabase({ kind: 'postgres', url: url!, statementTimeoutMs: 600_000 });
  await handle.migrate();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string) => client.query(text);
  const { rows: have } = await q('select count(*)::int as n from sms_outbox');
  if (have[0].n === 0) {
    const renter = await insertUser(handle.db, {});
    await insertUser(handle.db, { role: 'staff' });
    const car = await insertCar(handle.db, {});
    // 400 cars, so that 100,000 bookings four days apart never overlap.
    const { rows: cols } = await q(
      `select string_agg(quote_ident(column_name), ', ') as list from information_schema.columns
       where table_name = 'cars' and column_name <> 'id'`,
    );
    await q(`insert into cars (${cols[0].list}) select ${cols[0].list}
      from cars, generate_series(1, 399) where id = ${car.id}`);
    // 20,000 renters (the codes' owners) and 100,000 bookings spread over three years.
    await q(`insert into users (name, msisdn, password_hash, role)
      select 'Renter ' || i, '23320' || lpad(i::text, 7, '0'), 'x', 'renter'
      from generate_series(1, 20000) i`);
    await q(`insert into bookings (booking_code, kind, user_id, car_id, start_date, end_date, days,
        price_per_day_pesewas, line_cost_pesewas, deposit_pesewas, total_pesewas, destination,
        destination_type, branch_id, payment_method, status, payment_status, created_at, updated_at)
      select 'CL-' || lpad(to_hex(i), 6, '0'), 'rental', (select min(id) from users) + (i % 20000),
        ${car.id} + (i % 400), d, d + 2, 2, 100, 200, 20000, 20200, 'Accra', 1,
        (select branch_id from cars where id = ${car.id}), 'payOnPickup',
        case when d < current_date then 'completed' else 'confirmed' end, 'unpaid',
        d - 10, d - 10
      from generate_series(0, 99999) i,
        lateral (select current_date - 900 + (i / 400) * 4 as d) x`);
    // Each booking's texts: received, a staff alert per booking, two reminders (sent or queued).
    await q(`insert into sms_outbox (kind, booking_id, user_id, recipient, body, status, due_at, provider_id, created_at)
      select k.kind, b.id, case when k.kind = 'staff_new_booking' then ${renter.id} else b.user_id end,
        '233200000000', 'text',
        case when b.start_date < current_date then 'delivered' else (case when k.kind like '%reminder' then 'queued' else 'delivered' end) end,
        case k.kind when 'pickup_reminder' then (b.start_date - 1) + time '18:00'
          when 'return_reminder' then b.end_date + time '07:00' else b.created_at end,
        case when b.start_date < current_date or k.kind not like '%reminder' then md5(b.id::text || k.kind) end,
        b.created_at
      from bookings b, (values ('booking_received'), ('staff_new_booking'), ('pickup_reminder'), ('return_reminder')) k(kind)
      where b.start_date < current_date + 2 or k.kind not like '%reminder'`);
    // Codes: 200,000, a few failed.
    await q(`insert into sms_outbox (kind, user_id, recipient, body, status, provider_id)
      select 'code', (select min(id) from users) + (i % 20000), '233200000000', '',
        case when i % 500 = 0 then 'failed' else 'delivered' end,
        case when i % 500 = 0 then null else md5('c' || i) end
      from generate_series(1, 200000) i`);
    await q('vacuum analyze');
  }
  const { rows: one } = await q(
    `select b.id, b.user_id from bookings b where b.status = 'confirmed' order by id desc limit 1`,
  );
  const { id: bookingId, user_id: userId } = one[0];
  const plans: [string, string][] = [
    [
      "customer log: their bookings' texts",
      `select o.id from bookings b join sms_outbox o on o.booking_id = b.id
       where b.user_id = ${userId} and o.user_id = ${userId} order by o.id desc limit 100`,
    ],
    [
      'customer log: the rest (codes)',
      `select o.id from sms_outbox o left join bookings b on b.id = o.booking_id
       where o.user_id = ${userId} and o.booking_id is null order by o.id desc limit 100`,
    ],
    [
      'booking log',
      `select o.id from sms_outbox o where o.booking_id = ${bookingId} order by o.id desc limit 100`,
    ],
    ["cancel a booking's reminders", `explain-update`],
    [
      'claim',
      `select id from sms_outbox
       where (status = 'queued' and due_at <= now()) or (status = 'sending' and lease_until < now())
       order by due_at limit 20 for update skip locked`,
    ],
    ['failed list', `select id from sms_outbox where status = 'failed' order by id desc limit 50`],
    [
      'delivery report',
      `select id from sms_outbox where provider_id = md5('c77') and status in ('sending', 'sent')`,
    ],
    [
      'reminder job (pickups of tomorrow)',
      `select b.id from bookings b join users u on u.id = b.user_id
       where b.kind = 'rental' and u.sms_reminders
         and ((b.status in ('pending', 'confirmed') and b.start_date in (current_date + 1))
           or (b.status = 'active' and b.end_date in (current_date + 1))
           or (b.status in ('pending', 'confirmed') and b.start_date between current_date - 89 and current_date + 1
               and b.end_date in (current_date + 1)))
       for share of b`,
    ],
  ];
  for (const [name, sql] of plans) {
    const text =
      sql === 'explain-update'
        ? `update sms_outbox set status = 'cancelled' where booking_id = ${bookingId} and status = 'queued' and kind in ('pickup_reminder', 'return_reminder')`
        : sql;
    await q('begin');
    const { rows } = await q(`explain (analyze, buffers, costs off) ${text}`);
    await q('rollback');
    console.log(`\n### ${name}\n`);
    for (const r of rows) console.log(`    ${r['QUERY PLAN']}`);
  }
  const { rows: sizes } = await q(
    `select indexrelname as index, pg_size_pretty(pg_relation_size(indexrelid)) as size
     from pg_stat_user_indexes where relname = 'sms_outbox' order by indexrelname`,
  );
  console.log('\n### sms_outbox indexes\n');
  for (const r of sizes) console.log(`    ${r.index}: ${r.size}`);
  await client.end();
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
