import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_CODE_PATTERN } from '../../src/shared/booking-code';
import { messages } from '../../src/shared/messages';
import {
  bookingEvents,
  bookings,
  cars,
  payments,
  smsOutbox,
} from '../../src/server/db/schema/index';
import { insertBooking, insertCar } from '../../src/server/db/factories';
import { api, bookingBody, type Client, day, today } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

/** Five days ahead to Kumasi, the destination type as the first version's string. */
const trip = (carId: number, overrides: Record<string, unknown> = {}) =>
  bookingBody(carId, day(5), day(8), {
    destination: 'Kumasi',
    destination_type: '2',
    ...overrides,
  });

const create = (renter: Client, payload: object, extra: Record<string, string> = {}) =>
  renter.post('/api/bookings/create', payload, { headers: extra });

describe('POST /api/bookings/create', () => {
  it('books with pay on pickup: pending / unpaid, priced by the server from the stored car', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db, {
      pricePerDayPesewas: 450_00,
      make: 'Kia',
      model: 'Picanto',
      year: 2020,
    });
    const res = await create(
      renter,
      // The first version's extra fields are ignored: user and money are the server's.
      trip(car.id, {
        no_of_days: 99,
        user_id: 1,
        user_email: 'x@y.z',
        payment_status: 'paid',
        payment_reference: 'abc',
        total_cost: 1,
      }),
    );
    expect(res.statusCode).toBe(201);
    const { booking, message } = res.json();
    expect(message).toMatch(/Booking successful/);
    expect(booking.booking_code).toMatch(BOOKING_CODE_PATTERN);
    expect(booking).toMatchObject({
      status: 'pending',
      payment_status: 'unpaid',
      start_date: day(5),
      end_date: day(8),
      days: 3,
      price_per_day: 450,
      line_cost: 1350,
      deposit: 200,
      total_cost: 1550,
      destination: 'Kumasi',
      destination_type: 2,
      payment_method: 'payOnPickup',
      hold_expires_at: null,
      can_cancel: true,
      car: { id: car.id, title: '2020 Kia Picanto', make: 'Kia', model: 'Picanto', year: 2020 },
    });
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({
      userId: renter.user.id,
      totalPesewas: 1550_00,
      paymentStatus: 'unpaid',
    });
  });

  it('charges a same-day rental as one day (MONEY-3)', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db, { pricePerDayPesewas: 800_00 });
    const res = await create(renter, trip(car.id, { start_date: today, end_date: today }));
    expect(res.statusCode).toBe(201);
    expect(res.json().booking).toMatchObject({ days: 1, line_cost: 800, total_cost: 1000 });
  });

  it('holds a mobile money booking for 15 minutes: pending / pending', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const res = await create(
      renter,
      trip(car.id, { payment_method: 'mobile_money', network: 'mtn' }),
    );
    expect(res.statusCode).toBe(201);
    const { booking } = res.json();
    expect(booking).toMatchObject({ status: 'pending', payment_status: 'pending' });
    const minutes = (new Date(booking.hold_expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('refuses overlapping dates with 409 and the product message, and allows the next day', async () => {
    const first = await client.renter();
    const second = await client.renter();
    const car = await insertCar(ctx.db);
    expect((await create(first, trip(car.id))).statusCode).toBe(201);
    // Overlaps: inside, across the start, across the end, the same return day.
    for (const [s, e] of [
      [6, 7],
      [3, 5],
      [8, 12],
      [8, 8],
    ] as const) {
      const res = await create(second, trip(car.id, { start_date: day(s), end_date: day(e) }));
      expect(res.statusCode, `${s}-${e}`).toBe(409);
      expect(res.json().message).toBe(messages.booking.unavailable);
    }
    const after = await create(second, trip(car.id, { start_date: day(9), end_date: day(10) }));
    expect(after.statusCode).toBe(201);
  });

  it('frees the dates of a mobile money hold whose 15 minutes ran out', async () => {
    const first = await client.renter();
    const second = await client.renter();
    const car = await insertCar(ctx.db);
    const held = await create(
      first,
      trip(car.id, { payment_method: 'mobile_money', network: 'mtn' }),
    );
    expect((await create(second, trip(car.id))).statusCode).toBe(409);
    await ctx.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, held.json().booking.id));
    const res = await create(second, trip(car.id));
    expect(res.statusCode).toBe(201);
    const [expired] = await ctx.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, held.json().booking.id));
    expect(expired).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
  });

  it('answers 422 with the spec messages', async () => {
    const renter = await client.renter();
    const res = await create(renter, {
      car_id: 1,
      start_date: '',
      end_date: '',
      destination: '',
      destination_type: '',
      payment_method: '',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      start_date: [messages.booking.startRequired],
      end_date: [messages.booking.endRequired],
      destination: [messages.booking.destinationRequired],
      destination_type: [messages.booking.destinationTypeRequired],
      payment_method: [messages.booking.paymentMethodRequired],
    });
  });

  it('checks the dates: not in the past, end not before start, at most 90 days', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const cases = [
      [{ start_date: day(-1), end_date: day(2) }, 'start_date', messages.booking.startInPast],
      [{ start_date: day(4), end_date: day(3) }, 'end_date', messages.booking.endBeforeStart],
      [{ start_date: day(1), end_date: day(92) }, 'end_date', messages.booking.tooLong],
    ] as const;
    for (const [dates, field, message] of cases) {
      const res = await create(renter, trip(car.id, dates));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
  });

  it('404 for an unknown or retired car', async () => {
    const renter = await client.renter();
    const retired = await insertCar(ctx.db, { retiredAt: new Date() });
    for (const id of [retired.id, 987654]) {
      const res = await create(renter, trip(id));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(messages.booking.carNotFound);
    }
  });

  it('needs a signed-in user', async () => {
    const car = await insertCar(ctx.db);
    const res = await create(client, trip(car.id));
    expect(res.statusCode).toBe(401);
  });

  it('keeps the price of existing bookings when the car price changes', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db, { pricePerDayPesewas: 500_00 });
    const res = await create(renter, trip(car.id));
    await ctx.db.update(cars).set({ pricePerDayPesewas: 900_00 }).where(eq(cars.id, car.id));
    const again = await renter.get(`/api/bookings/${res.json().booking.booking_code}`);
    expect(again.json().booking).toMatchObject({ price_per_day: 500, total_cost: 1700 });
  });
});

describe('Idempotency-Key (API-5)', () => {
  it('returns the same booking for the same key, even sent at once', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const key = { 'idempotency-key': 'retry-after-network-drop-1' };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => create(renter, trip(car.id), key)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const codes = new Set(results.map((r) => r.json().booking.booking_code));
    expect(codes.size).toBe(1);
    const rows = await ctx.db.select().from(bookings).where(eq(bookings.carId, car.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses the same key with another body (422)', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const key = { 'idempotency-key': 'key-reused-for-another-trip' };
    expect((await create(renter, trip(car.id), key)).statusCode).toBe(201);
    const res = await create(renter, trip(car.id, { destination: 'Tamale' }), key);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(messages.booking.idempotencyMismatch);
  });

  it('keys belong to one user: another user with the same key gets their own booking', async () => {
    const a = await client.renter();
    const b = await client.renter();
    const car = await insertCar(ctx.db);
    const key = { 'idempotency-key': 'shared-key' };
    expect((await create(a, trip(car.id), key)).statusCode).toBe(201);
    const other = await create(b, trip(car.id, { start_date: day(20), end_date: day(21) }), key);
    expect(other.statusCode).toBe(201);
  });
});

describe('history, one booking, cancel', () => {
  it('lists only my bookings, newest first, 8 a page, with the car', async () => {
    const me = await client.renter();
    const other = await client.renter();
    const car = await insertCar(ctx.db, { make: 'Hyundai', model: 'Tucson' });
    for (let i = 0; i < 10; i++) {
      await insertBooking(ctx.db, {
        userId: me.user.id,
        carId: car.id,
        pricePerDayPesewas: 300_00,
        startDate: day(-100 + i * 5),
        endDate: day(-99 + i * 5),
        status: 'completed',
        createdAt: new Date(Date.now() - (10 - i) * 86_400_000),
      });
    }
    await insertBooking(ctx.db, {
      userId: other.user.id,
      carId: car.id,
      pricePerDayPesewas: 300_00,
      startDate: day(50),
      endDate: day(51),
    });

    const res = await me.get('/api/bookings/history');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 10, page: 1, limit: 8, last_page: 2 });
    expect(body.bookings).toHaveLength(8);
    expect(body.bookings[0].start_date).toBe(day(-55));
    expect(body.bookings[0].car).toMatchObject({
      make: 'Hyundai',
      model: 'Tucson',
      images: [expect.objectContaining({ image_url: expect.any(String) })],
    });
    expect(body.bookings.every((b: { car: { id: number } }) => b.car.id === car.id)).toBe(true);
    const page2 = (await me.get('/api/bookings/history?page=2')).json();
    expect(page2.bookings).toHaveLength(2);
  });

  it("another user's booking is not found, not forbidden (nothing leaks)", async () => {
    const owner = await client.renter();
    const stranger = await client.renter();
    const car = await insertCar(ctx.db);
    const code = (await create(owner, trip(car.id))).json().booking.booking_code;
    const seen = await stranger.get(`/api/bookings/${code}`);
    expect(seen.statusCode).toBe(404);
    const cancel = await stranger.post(`/api/bookings/${code}/cancel`);
    expect(cancel.statusCode).toBe(404);
    const mine = await owner.get(`/api/bookings/${code.toLowerCase()}`);
    expect(mine.statusCode).toBe(200);
  });

  it('cancels my future booking, frees the dates, and refuses a second cancel', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const code = (await create(renter, trip(car.id))).json().booking.booking_code;
    const res = await renter.post(`/api/bookings/${code}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({ status: 'cancelled', can_cancel: false });
    const again = await renter.post(`/api/bookings/${code}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.booking.cannotCancel);
    expect((await create(renter, trip(car.id))).statusCode).toBe(201);
  });

  it('cannot cancel a booking paid in cash at the counter: it is cancelled at the branch, where the cash is handed back (BOOK-8, PAY-9)', async () => {
    const renter = await client.renter();
    const staff = await client.staff();
    const car = await insertCar(ctx.db);
    const code = (await create(renter, trip(car.id))).json().booking.booking_code as string;
    const cash = await staff.post(`/api/admin/bookings/${code}/record-cash`);
    expect(cash.statusCode).toBe(200);
    const view = async () => (await renter.get(`/api/bookings/${code}`)).json().booking;
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.bookingCode, code));
    // Everything the cancel could touch, to see that it touched none of it.
    const traces = async () => ({
      booking: (await ctx.db.select().from(bookings).where(eq(bookings.id, row!.id)))[0],
      payments: await ctx.db
        .select({ reference: payments.reference, status: payments.status })
        .from(payments)
        .where(eq(payments.bookingId, row!.id))
        .orderBy(asc(payments.id)),
      events: await ctx.db
        .select({ type: bookingEvents.type })
        .from(bookingEvents)
        .where(eq(bookingEvents.bookingId, row!.id))
        .orderBy(asc(bookingEvents.id)),
      // Which texts, not their status: the worker may be sending the earlier ones meanwhile.
      texts: await ctx.db
        .select({ id: smsOutbox.id, kind: smsOutbox.kind })
        .from(smsOutbox)
        .where(eq(smsOutbox.bookingId, row!.id))
        .orderBy(asc(smsOutbox.id)),
    });
    const before = await traces();
    expect(before.payments).toEqual([
      { reference: expect.stringMatching(/^CASH-/), status: 'success' },
    ]);

    const res = await renter.post(`/api/bookings/${code}/cancel`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.booking.paidInCash);
    // No refund asked of the mobile money provider, no event, no text: nothing changed.
    expect(await traces()).toEqual(before);
    // Nor does the booking offer the renter a cancel it would refuse.
    expect(await view()).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      can_cancel: false,
    });

    // Staff still cancel it at the desk, handing the cash back (PAY-9).
    const desk = await staff.post(`/api/admin/bookings/${code}/cancel`, {
      reason: 'Renter came to the branch to cancel',
    });
    expect(desk.statusCode).toBe(200);
    expect(await view()).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      can_cancel: false,
    });
  });

  it('cannot cancel on or after the start date', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const code = (
      await create(renter, trip(car.id, { start_date: today, end_date: day(1) }))
    ).json().booking.booking_code;
    const res = await renter.post(`/api/bookings/${code}/cancel`);
    expect(res.statusCode).toBe(409);
  });
});

describe('GET /api/bookings/quote', () => {
  it("is the server's price and says whether the dates are free", async () => {
    const car = await insertCar(ctx.db, { pricePerDayPesewas: 1234_00 });
    const url = `/api/bookings/quote?car_id=${car.id}&start_date=${day(1)}&end_date=${day(3)}`;
    const res = await client.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      car_id: car.id,
      start_date: day(1),
      end_date: day(3),
      days: 2,
      price_per_day: 1234,
      line_cost: 2468,
      deposit: 200,
      discount: 0,
      extras: 0,
      total_cost: 2668,
      lines: [
        { label: 'Car rental (2 days)', amount: 2468 },
        { label: 'Security deposit (refundable)', amount: 200 },
      ],
      pickup_time: '09:00',
      return_time: '09:00',
      branch: { id: car.branchId, name: 'East Legon office', town: 'Accra' },
      available: true,
    });
  });
});
