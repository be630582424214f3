// The renter's history (BOOK-11, LIMIT-5, PAGE-9, HAND-10) as one statement: each item must be
// what the booking's own page shows, and the paging figures must hold on every page.
import { describe, expect, it } from 'vitest';
import { carImages, payments } from '../../src/server/db/schema/index';
import { insertBooking, insertCar, insertSucceededPayment } from '../../src/server/db/factories';
import { api, day, type Client } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

/** A GET that must answer 200, its body. */
const read = async (renter: Client, url: string) => {
  const res = await renter.get(url);
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /api/bookings/history', () => {
  it("shows each booking as the booking's own page does: car, images in order, latest attempt, balance", async () => {
    const renter = await client.renter();
    const pictured = await insertCar(ctx.db, { make: 'Toyota', model: 'Corolla', year: 2021 }, [
      { url: '/media/demo/a.svg', alt: 'Front' },
      { url: '/media/demo/b.svg', alt: 'Side' },
    ]);
    // Stored after the others but placed first: the order is the position, not the id.
    await ctx.db
      .insert(carImages)
      .values({ carId: pictured.id, url: '/media/demo/z.svg', alt: 'Cover', position: -1 });
    const bare = await insertCar(ctx.db, { make: 'Kia', model: 'Rio' }, []);

    const paid = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: pictured.id,
      pricePerDayPesewas: 400_00,
      startDate: day(10),
      endDate: day(12),
      paymentMethod: 'mobile_money',
      status: 'confirmed',
      paymentStatus: 'paid',
      createdAt: new Date(Date.now() - 3_000),
    });
    // A declined attempt, then the approved one, then cash taken at the return: the latest
    // attempt is the approved charge (a 'balance' row is no attempt of the renter's).
    await ctx.db.insert(payments).values({
      bookingId: paid.id,
      provider: 'sandbox',
      reference: `${paid.bookingCode}-DECLINED`,
      amountPesewas: paid.totalPesewas,
      status: 'failed',
      network: 'mtn',
      gatewayResponse: 'Declined by the customer',
    });
    const approved = await insertSucceededPayment(ctx.db, paid, {
      method: 'mobile_money',
      at: new Date(),
      walletMsisdn: '233244000001',
    });
    await ctx.db.insert(payments).values({
      bookingId: paid.id,
      provider: 'cash',
      reference: `CASH-${paid.bookingCode.slice(3)}-BAL`,
      amountPesewas: 50_00,
      status: 'success',
      purpose: 'balance',
    });
    const unpaid = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: bare.id,
      pricePerDayPesewas: 250_00,
      startDate: day(20),
      endDate: day(21),
      createdAt: new Date(Date.now() - 2_000),
    });
    const again = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: pictured.id,
      pricePerDayPesewas: 400_00,
      startDate: day(-30),
      endDate: day(-28),
      status: 'completed',
      createdAt: new Date(Date.now() - 1_000),
    });

    const history = await read(renter, '/api/bookings/history');
    expect(history).toMatchObject({ total: 3, page: 1, limit: 8, last_page: 1 });
    const codes = [again, unpaid, paid].map((b) => b.bookingCode);
    expect(history.bookings.map((b: { booking_code: string }) => b.booking_code)).toEqual(codes);
    for (const item of history.bookings) {
      const own = await read(renter, `/api/bookings/${item.booking_code}`);
      expect(item).toEqual(own.booking);
    }
    const [first, second, third] = history.bookings;
    expect(first.car.images.map((i: { alt: string }) => i.alt)).toEqual(['Cover', 'Front', 'Side']);
    expect(first.car).toMatchObject({ make: 'Toyota', model: 'Corolla', year: 2021 });
    expect(second.car.images).toEqual([]);
    expect(second.payment).toBeNull();
    expect(third.payment).toMatchObject({ reference: approved.reference, status: 'success' });
    expect(third.branch.name).toEqual(expect.any(String));
  });

  it('pages: 8 by default, any limit up to 50, the total and last page on every page, past the end empty', async () => {
    const renter = await client.renter();
    const other = await client.renter();
    const car = await insertCar(ctx.db);
    const made: string[] = [];
    for (let i = 0; i < 11; i++) {
      const row = await insertBooking(ctx.db, {
        userId: renter.user.id,
        carId: car.id,
        pricePerDayPesewas: 300_00,
        startDate: day(-200 + i * 5),
        endDate: day(-199 + i * 5),
        status: 'completed',
        createdAt: new Date(Date.now() - (11 - i) * 60_000),
      });
      made.unshift(row.bookingCode);
    }
    await insertBooking(ctx.db, {
      userId: other.user.id,
      carId: car.id,
      pricePerDayPesewas: 300_00,
      startDate: day(60),
      endDate: day(61),
    });
    const codesOf = (body: { bookings: { booking_code: string }[] }) =>
      body.bookings.map((b) => b.booking_code);

    const one = await read(renter, '/api/bookings/history');
    expect(one).toMatchObject({ total: 11, page: 1, limit: 8, last_page: 2 });
    expect(codesOf(one)).toEqual(made.slice(0, 8));
    const two = await read(renter, '/api/bookings/history?page=2');
    expect(two).toMatchObject({ total: 11, page: 2, limit: 8, last_page: 2 });
    expect(codesOf(two)).toEqual(made.slice(8));
    const byThree = await read(renter, '/api/bookings/history?page=4&limit=3');
    expect(byThree).toMatchObject({ total: 11, page: 4, limit: 3, last_page: 4 });
    expect(codesOf(byThree)).toEqual(made.slice(9));
    const past = await read(renter, '/api/bookings/history?page=5');
    expect(past).toMatchObject({ bookings: [], total: 11, page: 5, last_page: 2 });

    const newcomer = await client.renter();
    expect(await read(newcomer, '/api/bookings/history')).toEqual({
      bookings: [],
      total: 0,
      page: 1,
      limit: 8,
      last_page: 1,
    });
    expect(await read(newcomer, '/api/bookings/history?page=3')).toMatchObject({
      bookings: [],
      total: 0,
      last_page: 1,
    });
  });
});
