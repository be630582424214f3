// Grows a database to a rental company's size after about three years, in SQL with
// generate_series (scripts/bench/scale.ts; docs/performance.md). At full size: 2,000 cars,
// 200,000 renters, 600,000 bookings (about 80,000 of them live), ~520,000 payments and
// 2.4 million booking events. Smaller sizes keep the same shape with fewer rows.
//
// Bookings are made 1 to 20 days before they start, never later than now. Every car's
// bookings sit in consecutive slots of a few days that never overlap, so the
// exclusion constraint holds; slots before today are completed or cancelled, the slot that
// covers today is active, later ones confirmed (paid) or pending (pay on pickup). Triggers and
// foreign-key checks are off while loading (session_replication_role = replica): the rows are
// consistent by construction and the catalogue's triggers would only slow the load down; the
// figures triggers keep (the dashboard's) are counted afterwards.
import type pg from 'pg';

export interface GrowthTarget {
  cars: number;
  renters: number;
  bookings: number;
}

export const FULL_SIZE: GrowthTarget = { cars: 2_000, renters: 200_000, bookings: 600_000 };

/** The renter with a long history (266 bookings) whose booking history the bench reads. */
export const HEAVY_RENTER_MSISDN = '233209999999';
export const HEAVY_RENTER_BOOKINGS = 266;

const FIRST = [
  'Kwame',
  'Ama',
  'Kofi',
  'Akosua',
  'Yaw',
  'Abena',
  'Kwabena',
  'Adwoa',
  'Kwaku',
  'Afua',
  'Kojo',
  'Esi',
  'Kwesi',
  'Efua',
  'Fiifi',
  'Aba',
  'Nana',
  'Yaa',
  'Ekow',
  'Araba',
  'Emmanuel',
  'Grace',
  'Samuel',
  'Mercy',
  'Daniel',
  'Comfort',
  'Joseph',
  'Gifty',
  'Isaac',
  'Priscilla',
];
const LAST = [
  'Mensah',
  'Owusu',
  'Boateng',
  'Asante',
  'Osei',
  'Agyeman',
  'Appiah',
  'Addo',
  'Ansah',
  'Darko',
  'Amoah',
  'Quaye',
  'Tetteh',
  'Nkrumah',
  'Frimpong',
  'Sarpong',
  'Bonsu',
  'Opoku',
  'Acheampong',
  'Gyamfi',
  'Danso',
  'Yeboah',
  'Ofori',
  'Adjei',
  'Kyei',
  'Badu',
  'Antwi',
  'Amankwah',
  'Fosu',
  'Awuah',
];
const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s}'`).join(',')}]`;
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/**
 * Adds rows until the database holds about `target` (the demo seed's rows count too).
 * `passwordHash` is every generated renter's password hash (one argon2 hash, computed once).
 */
export async function growDatabase(
  client: pg.ClientBase,
  target: GrowthTarget,
  passwordHash: string,
  log: (line: string) => void,
) {
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const started = performance.now();
    const result = await client.query(text, values);
    log(
      `    ${label}: ${result.rowCount ?? 0} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  };
  await client.query(`set session_replication_role = replica`);
  await client.query(`set maintenance_work_mem = '256MB'`);
  await client.query(`set work_mem = '64MB'`);

  const { rows: counts } = await client.query<{ cars: number; renters: number }>(
    `select (select count(*) from cars)::int as cars, (select count(*) from users where role = 'renter')::int as renters`,
  );
  const extraCars = Math.max(0, target.cars - counts[0]!.cars);
  const extraRenters = Math.max(0, target.renters - counts[0]!.renters);

  // Cars: copies of the demo fleet, with their photos.
  await step(
    'cars',
    `insert into cars (make, model, year, description, body_type, transmission, fuel_type, colour,
       no_of_doors, seat_capacity, has_airconditioning, has_bluetooth, usb_charger,
       price_per_day_pesewas, old_price_pesewas, city, lat, long, branch_id, created_at, updated_at)
     select c.make, c.model, c.year, c.description, c.body_type, c.transmission, c.fuel_type, c.colour,
       c.no_of_doors, c.seat_capacity, c.has_airconditioning, c.has_bluetooth, c.usb_charger,
       c.price_per_day_pesewas + (g % 7) * 1000, c.old_price_pesewas, c.city, c.lat, c.long, c.branch_id,
       now() - interval '1200 days', now() - interval '1200 days'
     from generate_series(1, $1::int) g
     join lateral (select * from cars where retired_at is null order by id offset (g % (select count(*) from cars where retired_at is null)) limit 1) c on true`,
    [extraCars],
  );
  await step(
    'car photos',
    `insert into car_images (car_id, url, alt, position)
     select c.id, i.url, i.alt, i.position
     from cars c
     join lateral (select * from car_images where car_id = (select min(car_id) from car_images) order by position) i on true
     where not exists (select 1 from car_images x where x.car_id = c.id)`,
  );

  // Renters, joined over three years; names from common Ghanaian first and last names.
  await step(
    'renters',
    `insert into users (name, msisdn, password_hash, role, phone_verified_at, created_at, updated_at)
     select (${sqlArray(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}] || ' ' || g,
       '23320' || lpad(g::text, 7, '0'), $2, 'renter', now() - interval '1100 days' + g * interval '1 day' * (1100.0 / greatest($1::int, 1)),
       now() - interval '1100 days' + g * interval '1 day' * (1100.0 / greatest($1::int, 1)),
       now() - interval '1100 days' + g * interval '1 day' * (1100.0 / greatest($1::int, 1))
     from generate_series(1, $1::int) g`,
    [extraRenters, passwordHash],
  );
  await client.query(
    `insert into users (name, msisdn, password_hash, role, phone_verified_at, created_at)
     values ('Heavy Renter', $1, $2, 'renter', now(), now() - interval '1100 days')
     on conflict (msisdn) do nothing`,
    [HEAVY_RENTER_MSISDN, passwordHash],
  );

  // Bookings: each car gets `slots` consecutive slots of `slotDays` days, the last 40 of them
  // (or a seventh) after today; a booking takes 1 to slotDays - 1 days of its slot.
  const { rows: carRows } = await client.query<{ n: number }>(
    `select count(*)::int as n from cars where retired_at is null`,
  );
  const slots = Math.max(1, Math.round(target.bookings / carRows[0]!.n));
  const slotDays = Math.max(4, Math.ceil(1200 / slots));
  const futureSlots = Math.max(1, Math.min(40, Math.round(slots / 7)));
  await step(
    'bookings',
    `with r as (select min(id) as lo, count(*) as n from users where role = 'renter' and msisdn like '23320%'),
     heavy as (select id from users where msisdn = $4),
     fleet as (select id, price_per_day_pesewas, (row_number() over (order by id))::int as rn from cars where retired_at is null),
     s as (
       select f.id as car_id, f.price_per_day_pesewas as price, f.rn, k,
         (current_date + (k - $1::int + $3::int) * $2::int + (f.rn % 2))::date as start_date,
         (1 + ((f.rn * 7 + k * 13) % ($2::int - 2)))::int as len
       from fleet f, generate_series(0, $1::int - 1) k
     ),
     b as (
       select s.*, (s.start_date + s.len - 1) as end_date,
         case when s.start_date + s.len - 1 < current_date then (case when (s.rn + s.k) % 7 = 0 then 'cancelled' else 'completed' end)
              when s.start_date <= current_date then 'active'
              when (s.rn + s.k) % 5 < 2 then 'pending' else 'confirmed' end as status,
         (s.rn - 1) * $1::int + s.k as n
       from s
     )
     insert into bookings (booking_code, kind, user_id, car_id, start_date, end_date, days,
       price_per_day_pesewas, line_cost_pesewas, deposit_pesewas, total_pesewas, destination,
       destination_type, branch_id, payment_method, status, payment_status, cancelled_at, created_at, updated_at)
     select 'CL-' || (select string_agg(substr('${CODE_ALPHABET}', 1 + ((b.n + 400000000) / (31 ^ p)::bigint % 31)::int, 1), '' order by p desc) from generate_series(0, 5) p),
       'rental',
       case when b.n % (greatest(1, (select count(*) from fleet) * $1::int / ${HEAVY_RENTER_BOOKINGS})) = 0 then (select id from heavy)
            else r.lo + (b.n::bigint * 7919) % r.n end,
       b.car_id, b.start_date, b.end_date, greatest(1, b.end_date - b.start_date),
       b.price, b.price * greatest(1, b.end_date - b.start_date), 20000,
       b.price * greatest(1, b.end_date - b.start_date) + 20000, 'Accra', 1,
       (select c.branch_id from cars c where c.id = b.car_id),
       case when b.status = 'pending' then 'payOnPickup' else 'mobile_money' end,
       b.status,
       case b.status when 'pending' then 'unpaid' when 'cancelled' then 'refunded' else 'paid' end,
       case when b.status = 'cancelled' then b.start_date - 1 end,
       least(b.start_date - (1 + b.n % 20) * interval '1 day' + (b.n % 86400) * interval '1 second', now() - (b.n % 600) * interval '1 minute'),
       least(b.start_date - (1 + b.n % 20) * interval '1 day' + (b.n % 86400) * interval '1 second', now() - (b.n % 600) * interval '1 minute')
     from b, r`,
    [slots, slotDays, futureSlots, HEAVY_RENTER_MSISDN],
  );

  // One payment for every booking that was paid (a refunded one for the cancelled); about one
  // in 2,000 flagged for staff.
  await step(
    'payments',
    `insert into payments (booking_id, provider, reference, amount_pesewas, status, network,
       flagged_reason, flagged_at, paid_at, refunded_at, created_at, updated_at)
     select b.id, case when b.id % 4 = 0 then 'cash' else 'paystack' end, 'bench-' || b.id,
       b.total_pesewas, case b.payment_status when 'refunded' then 'refunded' else 'success' end,
       case when b.id % 4 = 0 then null else 'mtn' end,
       case when b.id % 2000 = 0 then 'Amount differs from the booking total' end,
       case when b.id % 2000 = 0 then b.created_at + interval '6 minutes' end,
       b.created_at + interval '5 minutes',
       case when b.payment_status = 'refunded' then b.cancelled_at end,
       b.created_at + interval '1 minute', b.created_at + interval '5 minutes'
     from bookings b
     where b.kind = 'rental' and b.payment_status in ('paid', 'refunded')
       and not exists (select 1 from payments p where p.booking_id = b.id)`,
  );

  // Four timeline events a booking: created, paid, picked up, returned (or cancelled).
  await step(
    'booking events',
    `insert into booking_events (booking_id, type, actor, actor_user_id, created_at)
     select b.id, e.type, e.actor, case when e.actor = 'renter' then b.user_id end, b.created_at + e.after
     from bookings b
     cross join lateral (values
       ('created', 'renter', interval '0'),
       ('paid', 'provider', interval '5 minutes'),
       (case when b.status = 'cancelled' then 'cancelled' else 'picked_up' end, 'staff', interval '2 days'),
       (case when b.status = 'cancelled' then 'refunded' else 'returned' end, 'staff', interval '4 days')
     ) as e(type, actor, after)
     where b.kind = 'rental' and not exists (select 1 from booking_events x where x.booking_id = b.id)`,
  );
  await client.query(`set session_replication_role = origin`);
  // The dashboard's figures are kept by triggers, which were off: count them from the rows.
  await step('dashboard figures', `select recount_dashboard_figures()`);
  // The catalogue cache keys on this version: tell running servers the fleet changed.
  await client.query(`update catalogue_state set version = version + 1`).catch(() => undefined);
  // A database that has run for years has been vacuumed: visibility map and hint bits set.
  await step('vacuum analyze', `vacuum analyze`);
}
