import { describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../src/shared/schemas/account-dashboard';
import { insertBooking, insertCar } from '../../src/server/db/factories';
import {
  api,
  bookFreshCar,
  cashPaidBooking,
  day,
  insertVerifiedDocuments,
  type Client,
} from '../support/api';
import { setupTestApp } from '../support/test-app';

// AREA-1 to AREA-4: the renter's dashboard, in one request, from their own account alone.

const ctx = await setupTestApp();
const client = api(ctx.app);
const staff = await client.staff();

const dashboardOf = async (renter: Client) => {
  const res = await renter.get('/api/account/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DashboardResponse>();
};

describe('the dashboard of a renter with nothing yet (AREA-1)', () => {
  it('shows real zeros and empties, not sample figures', async () => {
    const renter = await client.renter();
    expect(await dashboardOf(renter)).toEqual({
      figures: { trips: 0, saved_searches: 0, unread_messages: 0, favourites: 0 },
      trip: null,
      owed: [],
      documents: { ghana_card: 'missing', driving_licence: 'missing' },
      past_trips: [],
      favourites: [],
    });
  });

  it('is for a signed-in account only (401), and never cached', async () => {
    expect((await client.get('/api/account/dashboard')).statusCode).toBe(401);
    const renter = await client.renter();
    const res = await renter.get('/api/account/dashboard');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the trip, what is owed, past trips, documents and favourites (AREA-1 to AREA-4)', () => {
  it('shows the next trip with its countdown instants, and each pay-on-pickup booking as owed', async () => {
    const renter = await client.renter();
    const later = await bookFreshCar(ctx.app, renter, { start: day(20), end: day(22) });
    const next = await bookFreshCar(ctx.app, renter, {
      start: day(5),
      end: day(6),
      car: { make: 'Toyota', model: 'Vitz', year: 2019 },
      overrides: { pickup_time: '10:30' },
    });
    const dashboard = await dashboardOf(renter);

    expect(dashboard.trip).toMatchObject({
      booking_code: next.code,
      status: 'pending',
      under_way: false,
      car: { id: next.car.id, title: '2019 Toyota Vitz' },
      start_date: day(5),
      pickup_time: '10:30',
      pickup_at: `${day(5)}T10:30:00.000Z`,
      branch: { name: next.booking.branch.name },
    });
    expect(dashboard.owed).toEqual([
      {
        booking_code: next.code,
        car_title: '2019 Toyota Vitz',
        kind: 'pay_now',
        amount: next.booking.total_cost,
        start_date: day(5),
      },
      expect.objectContaining({ booking_code: later.code, kind: 'pay_now' }),
    ]);
    expect(dashboard.figures.trips).toBe(2);

    // Cancelled, a booking is neither the next trip, nor owed, nor a trip.
    expect((await renter.post(`/api/bookings/${next.code}/cancel`)).statusCode).toBe(200);
    const after = await dashboardOf(renter);
    expect(after.trip?.booking_code).toBe(later.code);
    expect(after.owed.map((o) => o.booking_code)).toEqual([later.code]);
    expect(after.figures.trips).toBe(1);
  });

  it('puts the trip under way first, counting down to its return', async () => {
    const renter = await client.renter();
    await bookFreshCar(ctx.app, renter, { start: day(3), end: day(4) });
    const car = await insertCar(ctx.db, { make: 'Honda', model: 'Fit', year: 2020 });
    const out = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 250_00,
      startDate: day(-1),
      endDate: day(2),
      returnTime: '17:00',
      status: 'active',
      paymentStatus: 'paid',
      paymentMethod: 'payOnPickup',
    });
    const { trip } = await dashboardOf(renter);
    expect(trip).toMatchObject({
      booking_code: out.bookingCode,
      under_way: true,
      return_at: `${day(2)}T17:00:00.000Z`,
    });
  });

  it('owes a waiting mobile money prompt, and a change’s difference paid at the counter', async () => {
    const renter = await client.renter();
    const momo = await bookFreshCar(ctx.app, renter, {
      start: day(8),
      end: day(9),
      overrides: { payment_method: 'mobile_money', network: 'mtn' },
    });
    const { code } = await cashPaidBooking(ctx.app, staff, renter, {
      start: day(10),
      end: day(12),
    });
    const changed = await renter.post(`/api/bookings/${code}/change`, {
      start_date: day(10),
      end_date: day(13),
      destination: 'Accra',
      destination_type: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const { owed } = await dashboardOf(renter);
    expect(owed).toEqual([
      expect.objectContaining({
        booking_code: momo.code,
        kind: 'approve',
        amount: momo.booking.total_cost,
      }),
      expect.objectContaining({ booking_code: code, kind: 'at_counter', amount: 300 }),
    ]);
  });

  it('asks for a review of a completed trip until it is written; shows documents and favourites', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db, { make: 'Kia', model: 'Rio', year: 2022 });
    const done = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 300_00,
      startDate: day(-10),
      endDate: day(-8),
      status: 'completed',
      paymentStatus: 'paid',
    });
    await insertVerifiedDocuments(ctx.app, renter.user.id, ['ghana_card']);
    await renter.put(`/api/favourites/${car.id}`);

    const before = await dashboardOf(renter);
    expect(before.past_trips).toEqual([
      {
        booking_code: done.bookingCode,
        car: expect.objectContaining({ id: car.id, title: '2022 Kia Rio' }),
        start_date: day(-10),
        end_date: day(-8),
        can_review: true,
      },
    ]);
    expect(before.documents).toEqual({ ghana_card: 'verified', driving_licence: 'missing' });
    expect(before.figures).toEqual({
      trips: 1,
      saved_searches: 0,
      unread_messages: 0,
      favourites: 1,
    });
    // A saved search (SAVED-1) counts on its tile.
    expect(
      (await renter.post('/api/saved-searches', { name: 'Kia', make: 'Kia' })).statusCode,
    ).toBe(201);
    expect((await dashboardOf(renter)).figures.saved_searches).toBe(1);
    // A staff reply not read yet (CONV-13) counts on the Messages tile.
    await renter.upload('/api/conversation/messages', [{ name: 'body', value: 'Hello' }]);
    const inbox = (await staff.get('/api/admin/conversations')).json();
    const thread = inbox.conversations.find(
      (c: { customer: { id: number } }) => c.customer.id === renter.user.id,
    );
    expect(
      (await staff.post(`/api/admin/conversations/${thread.id}/messages`, { body: 'Hi' }))
        .statusCode,
    ).toBe(201);
    expect((await dashboardOf(renter)).figures.unread_messages).toBe(1);
    expect(before.favourites.map((c) => c.id)).toEqual([car.id]);

    await renter.post(`/api/bookings/${done.bookingCode}/review`, { rating: 5 });
    expect((await dashboardOf(renter)).past_trips[0]!.can_review).toBe(false);
  });

  it('never shows another renter’s trips, money, documents or favourites', async () => {
    const ama = await client.renter();
    const booked = await bookFreshCar(ctx.app, ama, { start: day(4), end: day(5) });
    await ama.put(`/api/favourites/${booked.car.id}`);
    await insertVerifiedDocuments(ctx.app, ama.user.id);

    const kofi = await client.renter();
    expect(await dashboardOf(kofi)).toMatchObject({
      figures: { trips: 0, saved_searches: 0, unread_messages: 0, favourites: 0 },
      trip: null,
      owed: [],
      documents: { ghana_card: 'missing', driving_licence: 'missing' },
      favourites: [],
    });
  });
});
