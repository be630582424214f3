import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates';
import { cars } from '../../src/server/db/schema/index';
import { insertBooking, insertCar, insertUser } from '../../src/server/db/factories';
import { api, day, today } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

// A fleet of this file's own: 20 cars across three makes, one retired.
let fleet: Awaited<ReturnType<typeof insertCar>>[] = [];
beforeAll(async () => {
  const makes = ['Toyota', 'Honda', 'Audi'] as const;
  for (let i = 0; i < 20; i++) {
    fleet.push(
      await insertCar(
        ctx.db,
        {
          make: makes[i % 3],
          model: `Model ${i}`,
          bodyType: i % 4 === 0 ? 'suv' : 'sedan',
          transmission: i % 2 ? 'manual' : 'automatic',
          pricePerDayPesewas: (400 + i * 100) * 100,
          oldPricePesewas: i === 1 ? 600_00 : null,
          seatCapacity: i % 4 === 0 ? 7 : 5,
        },
        [
          { url: `/media/demo/sedan-aaaaaa-0.svg`, alt: `car ${i} side` },
          { url: `/media/demo/sedan-aaaaaa-2.svg`, alt: `car ${i} front` },
        ],
      ),
    );
  }
  await ctx.db.update(cars).set({ retiredAt: new Date() }).where(eq(cars.id, fleet[19]!.id));
  fleet = fleet.slice(0, 19);
});

describe('GET /api/get/cars', () => {
  it('pages 16 by default with CAT-2 fields and paging totals', async () => {
    const res = await client.get('/api/get/cars');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, total: 19, page: 1, limit: 16, last_page: 2 });
    expect(body.all_cars).toHaveLength(16);
    const car = body.all_cars[1];
    expect(car).toMatchObject({
      id: fleet[1]!.id,
      title: `2021 Honda Model 1`,
      make: 'Honda',
      price: 500,
      oldPrice: 600,
      transmission: 'manual',
      no_of_doors: 4,
      seat_capacity: 5,
      has_airconditioning: true,
      has_bluetooth: true,
      usb_charger: true,
      body_type: 'sedan',
      fuel_type: 'petrol',
    });
    expect(car.images).toEqual([
      { image_url: '/media/demo/sedan-aaaaaa-0.svg', alt: 'car 1 side' },
      { image_url: '/media/demo/sedan-aaaaaa-2.svg', alt: 'car 1 front' },
    ]);
    const second = (await client.get('/api/get/cars?page=2')).json();
    expect(second.all_cars.map((c: { id: number }) => c.id)).toEqual(
      fleet.slice(16).map((c) => c.id),
    );
  });

  it('never lists a retired car', async () => {
    const all = (await client.get('/api/get/cars?limit=50')).json();
    expect(all.all_cars.map((c: { id: number }) => c.id)).not.toContain(fleet.at(-1)!.id + 1);
    expect(all.total).toBe(19);
  });

  it('lists the fleet makes with their counts', async () => {
    const body = (await client.get('/api/get/cars')).json();
    expect(body.brands).toEqual([
      { name: 'Toyota', count: 7 },
      { name: 'Audi', count: 6 },
      { name: 'Honda', count: 6 },
    ]);
  });

  it('filters by make on the server, case-insensitively, with true totals', async () => {
    const body = (await client.get('/api/get/cars?make=honda&limit=4')).json();
    expect(body.total).toBe(6);
    expect(body.last_page).toBe(2);
    expect(body.all_cars.every((c: { make: string }) => c.make === 'Honda')).toBe(true);
  });

  it('filters by body type, transmission, price and seats', async () => {
    const suv = (await client.get('/api/get/cars?body_type=suv&limit=50')).json();
    expect(suv.all_cars.every((c: { body_type: string }) => c.body_type === 'suv')).toBe(true);
    expect(suv.total).toBe(5);
    const cheapManual = (
      await client.get('/api/get/cars?transmission=manual&max_price=1000&limit=50')
    ).json();
    expect(cheapManual.all_cars.map((c: { price: number }) => c.price)).toEqual([500, 700, 900]);
    const big = (await client.get('/api/get/cars?seats=7&min_price=1000&limit=50')).json();
    expect(big.all_cars.map((c: { price: number }) => c.price)).toEqual([1200, 1600, 2000]);
  });

  it('searches the title for the header search', async () => {
    const body = (await client.get('/api/get/cars?q=honda%20model%201')).json();
    expect(body.all_cars.map((c: { title: string }) => c.title)).toEqual([
      '2021 Honda Model 1',
      '2021 Honda Model 10',
      '2021 Honda Model 13',
      '2021 Honda Model 16',
    ]);
  });

  it('with dates, lists only cars free for the whole range', async () => {
    const user = await insertUser(ctx.db);
    const [a, b, c] = [fleet[0]!, fleet[3]!, fleet[6]!];
    const start = day(10);
    await insertBooking(ctx.db, {
      userId: user.id,
      carId: a.id,
      pricePerDayPesewas: a.pricePerDayPesewas,
      startDate: addDays(start, 2),
      endDate: addDays(start, 3),
    });
    await insertBooking(ctx.db, {
      userId: user.id,
      carId: b.id,
      pricePerDayPesewas: b.pricePerDayPesewas,
      startDate: addDays(start, -3),
      endDate: start,
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    // Cancelled and completed bookings do not hold the car.
    await insertBooking(ctx.db, {
      userId: user.id,
      carId: c.id,
      pricePerDayPesewas: c.pricePerDayPesewas,
      startDate: start,
      endDate: addDays(start, 5),
      status: 'cancelled',
    });
    const body = (
      await client.get(
        `/api/get/cars?make=toyota&start_date=${start}&end_date=${addDays(start, 4)}&limit=50`,
      )
    ).json();
    const ids = body.all_cars.map((x: { id: number }) => x.id);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(b.id);
    expect(ids).toContain(c.id);
    expect(body.total).toBe(5);
    // The day after the return is free again.
    const after = (
      await client.get(
        `/api/get/cars?make=toyota&start_date=${addDays(start, 4)}&end_date=${addDays(start, 5)}&limit=50`,
      )
    ).json();
    expect(after.all_cars.map((x: { id: number }) => x.id)).toContain(a.id);
  });

  it('rejects bad paging and filters with 422 and field errors', async () => {
    for (const query of [
      'limit=51',
      'limit=0',
      'page=0',
      'page=abc',
      'body_type=tank',
      'start_date=2026-02-30&end_date=2026-03-01',
      `start_date=${today}`,
      `start_date=${day(2)}&end_date=${today}`,
    ]) {
      const res = await client.get(`/api/get/cars?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors).length, query).toBeGreaterThan(0);
    }
  });

  it('sees a price change at once (the cache follows the database)', async () => {
    const car = fleet[5]!;
    await ctx.db.update(cars).set({ pricePerDayPesewas: 4321_00 }).where(eq(cars.id, car.id));
    const res = (await client.get(`/api/cars/${car.id}`)).json();
    expect(res.car.price).toBe(4321);
    await ctx.db
      .update(cars)
      .set({ pricePerDayPesewas: car.pricePerDayPesewas })
      .where(eq(cars.id, car.id));
  });
});

describe('GET /api/cars/:id', () => {
  it('answers one car', async () => {
    const res = await client.get(`/api/cars/${fleet[2]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, car: { id: fleet[2]!.id, make: 'Audi' } });
  });
  it('404 for unknown, retired and malformed ids', async () => {
    for (const id of ['999999', String(fleet.at(-1)!.id + 1), 'abc', '-1', '1.5', '99999999999']) {
      const res = await client.get(`/api/cars/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('GET /api/cars/:id/availability', () => {
  it('lists the booked ranges and nothing about the renters', async () => {
    const user = await insertUser(ctx.db, { name: 'Secret Renter' });
    const car = fleet[9]!;
    const start = day(20);
    await insertBooking(ctx.db, {
      userId: user.id,
      carId: car.id,
      pricePerDayPesewas: car.pricePerDayPesewas,
      startDate: start,
      endDate: addDays(start, 2),
      destination: 'Secret place',
    });
    const res = await client.get(`/api/cars/${car.id}/availability`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.booked).toEqual([{ start_date: start, end_date: addDays(start, 2) }]);
    expect(res.body).not.toContain('Secret');
    expect(body.from).toBe(today);
  });
  it('validates the window', async () => {
    expect(
      (await client.get(`/api/cars/${fleet[0]!.id}/availability?from=${today}&to=${day(500)}`))
        .statusCode,
    ).toBe(422);
    expect(
      (await client.get(`/api/cars/${fleet[0]!.id}/availability?from=2026-13-01`)).statusCode,
    ).toBe(422);
  });
});
