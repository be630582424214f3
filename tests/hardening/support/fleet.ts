import { openDatabase } from '../../../src/server/db/client';
import { insertCar, insertUser } from '../../../src/server/db/factories';
import type { ScratchCluster } from './postgres-cluster';

/**
 * A migrated database on a scratch cluster with the cars and renters a test needs, made
 * before any app process starts (so the processes only find their migrations already applied).
 */
export async function prepareDatabase(
  cluster: ScratchCluster,
  name: string,
  counts: { cars: number; renters: number },
) {
  const url = await cluster.createDatabase(name);
  const handle = await openDatabase({ kind: 'postgres', url });
  try {
    await handle.migrate();
    const cars = [];
    for (let i = 0; i < counts.cars; i++)
      cars.push(await insertCar(handle.db, { pricePerDayPesewas: 300_00 + i * 10_00 }));
    const renters = [];
    for (let i = 0; i < counts.renters; i++) renters.push(await insertUser(handle.db));
    return { url, cars, renters };
  } finally {
    await handle.close();
  }
}

/** The statuses the exclusion constraint covers (migration 0001): a booking that holds the car. */
export const LIVE_STATUSES = ['pending', 'confirmed', 'active'];

/** Pairs of live bookings of one car whose days overlap: the invariant says none. */
export const OVERLAPS_SQL = `
  select a.booking_code as a, b.booking_code as b
  from bookings a join bookings b
    on a.car_id = b.car_id and a.id < b.id
   and daterange(a.start_date, a.end_date, '[]') && daterange(b.start_date, b.end_date, '[]')
  where a.status = any($1) and b.status = any($1)`;
