// The dated car list and its facets reuse each process's answer to "which cars are busy on
// these dates" (docs/decisions/003-catalogue-cache.md, addendum 2026-11-27). These stories
// prove the answer is never older than the request: every write below is made straight in the
// database, as another process or a tool would, and the next read must already show it.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInAccra } from '../../src/shared/dates';
import { bookings } from '../../src/server/db/schema/index';
import { insertBooking, insertCar, insertUser } from '../../src/server/db/factories';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);
const start = addDays(todayInAccra(), 40);
const end = addDays(start, 2);
// A make of this file's own, so other files' cars never count.
const make = 'Datedcache';
const listed = async (extra = '', limit = 50) => {
  const url = `/api/get/cars?make=${make}&start_date=${start}&end_date=${end}&limit=${limit}${extra}`;
  const response = await client.get(url);
  expect(response.statusCode).toBe(200);
  return response.json() as { all_cars: { id: number }[]; total: number; last_page: number };
};
const ids = async (extra = '') => (await listed(extra)).all_cars.map((c) => c.id);
const facetTotal = async () =>
  (await client.get(`/api/cars/facets?make=${make}&start_date=${start}&end_date=${end}`)).json()
    .total as number;

let fleet: Awaited<ReturnType<typeof insertCar>>[] = [];
let userId = 0;
beforeAll(async () => {
  for (let i = 0; i < 5; i++) {
    fleet.push(
      await insertCar(ctx.db, {
        make,
        model: `M${i}`,
        transmission: i % 2 ? 'manual' : 'automatic',
        pricePerDayPesewas: (300 + i * 50) * 100,
      }),
    );
  }
  fleet = fleet.sort((a, b) => a.id - b.id);
  userId = (await insertUser(ctx.db)).id;
});

const book = (
  car: (typeof fleet)[number],
  more: Partial<
    Pick<
      typeof bookings.$inferInsert,
      'status' | 'paymentStatus' | 'paymentMethod' | 'holdExpiresAt'
    >
  > = {},
) =>
  insertBooking(ctx.db, {
    userId,
    carId: car.id,
    pricePerDayPesewas: car.pricePerDayPesewas,
    startDate: addDays(start, 1),
    endDate: addDays(start, 3),
    status: 'confirmed',
    paymentStatus: 'paid',
    ...more,
  });

describe('the dated car list is never older than the request', () => {
  it('a car booked for those dates disappears from the list and the facets at once, and comes back when cancelled (BOOK-3)', async () => {
    const car = fleet[0]!;
    expect(await ids()).toContain(car.id);
    const before = await facetTotal();
    const booking = await book(car);
    expect(await ids()).not.toContain(car.id);
    expect(await facetTotal()).toBe(before - 1);

    await ctx.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id));
    expect(await ids()).toContain(car.id);
    expect(await facetTotal()).toBe(before);
  });

  it('a booking moved to another car or to other dates moves with it at once', async () => {
    const [from, to] = [fleet[1]!, fleet[2]!];
    const booking = await book(from);
    expect(await ids()).not.toContain(from.id);
    await ctx.db.update(bookings).set({ carId: to.id }).where(eq(bookings.id, booking.id));
    let now = await ids();
    expect(now).toContain(from.id);
    expect(now).not.toContain(to.id);
    // Past the asked dates: free again.
    await ctx.db
      .update(bookings)
      .set({ startDate: addDays(end, 1), endDate: addDays(end, 2) })
      .where(eq(bookings.id, booking.id));
    now = await ids();
    expect(now).toContain(to.id);
    await ctx.db.delete(bookings).where(eq(bookings.id, booking.id));
  });

  it('an unpaid mobile money hold stops holding the car when it runs out, with no write (BOOK-7)', async () => {
    const car = fleet[3]!;
    await book(car, {
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentMethod: 'mobile_money',
      // Long enough that the list below still sees it held on a loaded machine.
      holdExpiresAt: sql`now() + interval '4 seconds'` as unknown as Date,
    });
    expect(await ids()).not.toContain(car.id);
    await new Promise((resolve) => setTimeout(resolve, 4_200));
    expect(await ids()).toContain(car.id);
  });

  it('paging and filters answer as before: pages of one car add up to the whole list', async () => {
    const busy = fleet[4]!;
    const booking = await book(busy);
    const all = await listed();
    expect(all.all_cars.map((c) => c.id)).not.toContain(busy.id);
    expect(all.total).toBe(fleet.length - 1);
    const pages: number[] = [];
    for (let page = 1; page <= all.total; page++) {
      const one = await listed(`&page=${page}`, 1);
      pages.push(...one.all_cars.map((c) => c.id));
    }
    expect(pages).toEqual(all.all_cars.map((c) => c.id));
    const manual = await ids('&transmission=manual');
    expect(manual).toEqual(
      fleet.filter((c, i) => i % 2 === 1 && c.id !== busy.id).map((c) => c.id),
    );
    await ctx.db.delete(bookings).where(eq(bookings.id, booking.id));
    expect(await ids()).toContain(busy.id);
  });
});
