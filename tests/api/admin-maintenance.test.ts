import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { adminMessages } from '../../src/shared/staff-messages';
import { bookingEvents, bookings } from '../../src/server/db/schema/index';
import { insertBooking, insertCar } from '../../src/server/db/factories';
import { api, bookingBody, day, type Client } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);
const staff = await client.staff();

const block = (carId: number, start: string, end: string, note?: string) =>
  staff.post(`/api/admin/cars/${carId}/maintenance`, {
    start_date: start,
    end_date: end,
    ...(note ? { note } : {}),
  });

// A same-day rental returns after its pickup (BOOK-16).
const book = (renter: Client, carId: number, start: string, end: string) =>
  renter.post(
    '/api/bookings/create',
    bookingBody(carId, start, end, { pickup_time: '09:00', return_time: '17:00' }),
  );

describe('maintenance blocks', () => {
  it('stops a renter from booking the blocked days (409), but not the days around them', async () => {
    const car = await insertCar(ctx.db);
    const res = await block(car.id, day(10), day(12), 'Brake pads and service');
    expect(res.statusCode).toBe(201);
    expect(res.json().block).toMatchObject({
      car_id: car.id,
      start_date: day(10),
      end_date: day(12),
      note: 'Brake pads and service',
      created_by: { id: staff.user.id, name: 'Abena Staff' },
    });

    const renter = await client.renter();
    for (const [start, end] of [
      [day(8), day(10)],
      [day(12), day(14)],
      [day(11), day(11)],
      [day(5), day(20)],
    ] as const) {
      const refused = await book(renter, car.id, start, end);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(messages.booking.unavailable);
    }
    expect((await book(renter, car.id, day(13), day(15))).statusCode).toBe(201);
    expect((await book(renter, car.id, day(7), day(9))).statusCode).toBe(201);
  });

  it('is refused (409) over a live booking or another block, by the same database constraint', async () => {
    const car = await insertCar(ctx.db);
    const renter = await client.renter();
    expect((await book(renter, car.id, day(3), day(4))).statusCode).toBe(201);
    const overBooking = await block(car.id, day(4), day(6));
    expect(overBooking.statusCode).toBe(409);
    expect(overBooking.json().message).toBe(adminMessages.datesTaken);

    expect((await block(car.id, day(5), day(6))).statusCode).toBe(201);
    expect((await block(car.id, day(6), day(9))).statusCode).toBe(409);

    // Past the service's own check, straight into the table: the constraint still refuses.
    await expect(
      ctx.db.insert(bookings).values({
        kind: 'maintenance',
        bookingCode: 'CL-TESTXX',
        userId: null,
        carId: car.id,
        branchId: car.branchId,
        startDate: day(6),
        endDate: day(7),
        days: 1,
        pricePerDayPesewas: 0,
        lineCostPesewas: 0,
        depositPesewas: 0,
        totalPesewas: 0,
        destination: '',
        destinationType: 1,
        paymentMethod: 'none',
        status: 'confirmed',
        paymentStatus: 'unpaid',
      }),
    ).rejects.toMatchObject({ cause: { code: '23P01' } });
  });

  it('lets exactly one win when a renter books and staff block the same days at once', async () => {
    const car = await insertCar(ctx.db);
    const renter = await client.renter();
    const [booking, blocked] = await Promise.all([
      book(renter, car.id, day(15), day(16)),
      block(car.id, day(16), day(17)),
    ]);
    expect([booking.statusCode, blocked.statusCode].sort()).toEqual([201, 409]);
  });

  it('cannot carry money or a renter (check constraint)', async () => {
    const car = await insertCar(ctx.db);
    const renter = await client.renter();
    await expect(
      insertBooking(ctx.db, {
        kind: 'maintenance',
        userId: renter.user.id,
        carId: car.id,
        pricePerDayPesewas: 100_00,
        startDate: day(30),
        endDate: day(31),
        paymentMethod: 'none',
        status: 'confirmed',
      }),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
  });

  it("never appears in renters' history, yet the calendar, the date filter and quotes treat it as taken", async () => {
    const car = await insertCar(ctx.db, { model: `Blocked${Date.now()}` });
    expect((await block(car.id, day(20), day(22))).statusCode).toBe(201);

    // The staff user is a user too: their own history stays empty.
    const history = await staff.get('/api/bookings/history');
    expect(history.json().bookings).toEqual([]);

    const calendar = await client.get(
      `/api/cars/${car.id}/availability?from=${day(0)}&to=${day(40)}`,
    );
    expect(calendar.json().booked).toEqual([{ start_date: day(20), end_date: day(22) }]);

    const search = (start: string, end: string) =>
      client.get(`/api/get/cars?q=${car.model}&start_date=${start}&end_date=${end}`);
    expect((await search(day(21), day(25))).json().all_cars).toEqual([]);
    expect(
      (await search(day(23), day(25))).json().all_cars.map((c: { id: number }) => c.id),
    ).toEqual([car.id]);

    const quote = await client.get(
      `/api/bookings/quote?car_id=${car.id}&start_date=${day(22)}&end_date=${day(23)}`,
    );
    expect(quote.json().available).toBe(false);

    const adminList = await staff.get(`/api/admin/bookings?car_id=${car.id}`);
    expect(adminList.json().bookings).toEqual([]);
  });

  it('lists current blocks and removes one, freeing its dates (once)', async () => {
    const car = await insertCar(ctx.db);
    const first = (await block(car.id, day(2), day(3))).json().block;
    const second = (await block(car.id, day(6), day(6))).json().block;
    const list = await staff.get(`/api/admin/cars/${car.id}/maintenance`);
    expect(list.json().blocks.map((b: { id: number }) => b.id)).toEqual([first.id, second.id]);

    const remove = () => staff.delete(`/api/admin/cars/${car.id}/maintenance/${first.id}`);
    expect((await remove()).statusCode).toBe(200);
    expect((await remove()).statusCode).toBe(409);
    const after = await staff.get(`/api/admin/cars/${car.id}/maintenance`);
    expect(after.json().blocks.map((b: { id: number }) => b.id)).toEqual([second.id]);

    const renter = await client.renter();
    expect((await book(renter, car.id, day(2), day(3))).statusCode).toBe(201);
    const events = await ctx.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, first.id));
    expect(events.map((e) => [e.type, e.actorUserId])).toEqual([
      ['maintenance_blocked', staff.user.id],
      ['maintenance_removed', staff.user.id],
    ]);
  });

  it('validates dates and finds nothing for unknown cars or blocks', async () => {
    const car = await insertCar(ctx.db);
    const backwards = await block(car.id, day(5), day(4));
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.end_date).toEqual(['End date cannot be before start date']);
    expect((await block(car.id, day(-5), day(-1))).statusCode).toBe(422);
    expect((await block(car.id, day(1), day(200))).statusCode).toBe(422);
    expect((await block(car.id, '2026-02-30', day(1))).statusCode).toBe(422);
    expect((await block(999999, day(1), day(2))).statusCode).toBe(404);
    expect((await staff.get('/api/admin/cars/999999/maintenance')).statusCode).toBe(404);
    const renter = await client.renter();
    const rental = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 1,
      startDate: day(50),
      endDate: day(51),
    });
    // A renter's booking is not a block, even on the right car.
    expect(
      (await staff.delete(`/api/admin/cars/${car.id}/maintenance/${rental.id}`)).statusCode,
    ).toBe(404);
  });

  it('accepts a block that began before today and is still running (the car is in the workshop)', async () => {
    const car = await insertCar(ctx.db);
    expect((await block(car.id, day(-2), day(1))).statusCode).toBe(201);
  });
});
