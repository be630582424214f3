import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatCedis } from '../../src/shared/money';
import type {
  AdminBookingDetail,
  AdminBookingSummary,
} from '../../src/shared/schemas/bookings.staff';
import { adminMessages } from '../../src/shared/staff-messages';
import { bookings, payments } from '../../src/server/db/schema/index';
import { insertBooking, insertCar } from '../../src/server/db/factories';
import { api, bookFreshCar, day, type Client } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);
const staff = await client.staff();

/** A pay-on-pickup booking of a fresh GH₵ 300 car, to Takoradi (the detail shows it). */
const bookPayOnPickup = (renter: Client, start = day(0), end = day(2)) =>
  bookFreshCar(ctx.app, renter, {
    start,
    end,
    overrides: { destination: 'Takoradi', destination_type: 2 },
  });

/** Pickup and return are records (HAND-1, HAND-5): the least they need. */
const HANDOVER_BODIES: Record<string, object> = {
  'pick-up': { odometer_km: 12_000, fuel_eighths: 8, documents_override: 'Seen at the desk' },
  return: { odometer_km: 12_400, fuel_eighths: 8 },
};
/** Cancel needs staff's reason (STAFF-21): one is given unless the test names its own. */
const act = (code: string, action: string, payload?: object) =>
  staff.post(
    `/api/admin/bookings/${code}/${action}`,
    action === 'cancel'
      ? { reason: 'Customer asked', ...payload }
      : (payload ?? HANDOVER_BODIES[action]),
  );
const detail = async (code: string): Promise<AdminBookingDetail> =>
  (await staff.get(`/api/admin/bookings/${code}`)).json().booking;

describe('a pay-on-pickup booking from cash to return', () => {
  it('records the cash, hands over the car and takes it back, each step on the timeline with who did it', async () => {
    const renter = await client.renter({ name: 'Yaw Darko' });
    const { code, car } = await bookPayOnPickup(renter);

    const fresh = await detail(code);
    expect(fresh).toMatchObject({
      booking_code: code,
      status: 'pending',
      payment_status: 'unpaid',
      payment_method: 'payOnPickup',
      total_cost: 800,
      line_cost: 600,
      deposit: 200,
      destination: 'Takoradi',
      renter: { id: renter.user.id, name: 'Yaw Darko', msisdn: renter.user.msisdn },
      car: { id: car.id, title: '2021 Toyota Corolla' },
      allowed_actions: ['record_cash', 'cancel'],
      payments: [],
      flagged: false,
    });
    expect(fresh.events.map((e) => [e.type, e.actor])).toEqual([['created', 'renter']]);

    // Unpaid: the car does not leave.
    const early = await act(code, 'pick-up');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(adminMessages.pickUpUnpaid);

    const cash = await act(code, 'record-cash', { note: 'Paid at the Osu desk' });
    expect(cash.statusCode).toBe(200);
    expect(cash.json().message).toBe('Cash payment recorded.');
    expect(cash.json().booking).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      allowed_actions: ['pick_up', 'cancel'],
    });
    expect(cash.json().booking.payments).toEqual([
      expect.objectContaining({
        provider: 'cash',
        status: 'success',
        amount: 800,
        currency: 'GHS',
        reference: expect.stringMatching(/^CASH-/),
      }),
    ]);
    expect((await act(code, 'record-cash')).statusCode).toBe(409);

    const out = await act(code, 'pick-up');
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().booking).toMatchObject({ status: 'active', allowed_actions: ['return'] });
    expect((await act(code, 'cancel')).json().message).toBe(adminMessages.cancelActive);

    const back = await act(code, 'return');
    expect(back.statusCode, back.body).toBe(200);
    const done = back.json().booking as AdminBookingDetail;
    expect(done).toMatchObject({
      status: 'completed',
      payment_status: 'paid',
      allowed_actions: [],
    });
    expect(done.events.map((e) => [e.type, e.actor, e.actor_user?.id ?? null])).toEqual([
      ['created', 'renter', renter.user.id],
      ['cash_recorded', 'staff', staff.user.id],
      ['picked_up', 'staff', staff.user.id],
      ['returned', 'staff', staff.user.id],
    ]);
    expect(done.events[1]).toMatchObject({
      note: 'Paid at the Osu desk',
      data: { amount_pesewas: 800_00 },
    });

    for (const action of ['return', 'pick-up', 'cancel', 'record-cash']) {
      expect((await act(code, action)).statusCode).toBe(409);
    }

    // The renter sees it completed; the cash payment does not break their views.
    const history = await renter.get('/api/bookings/history');
    expect(history.statusCode).toBe(200);
    expect(history.json().bookings[0]).toMatchObject({
      booking_code: code,
      status: 'completed',
      payment_status: 'paid',
    });
    expect((await renter.get(`/api/bookings/${code}`)).statusCode).toBe(200);
  });

  it('applies an action once when two staff click at the same time', async () => {
    const renter = await client.renter();
    const { code } = await bookPayOnPickup(renter);
    const results = await Promise.all([
      act(code, 'record-cash'),
      act(code, 'record-cash'),
      act(code, 'record-cash'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.bookingCode, code));
    expect(
      await ctx.db.select().from(payments).where(eq(payments.bookingId, row!.id)),
    ).toHaveLength(1);
  });

  it('hands over a car only from its start date to its end date', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const future = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 1000,
      startDate: day(3),
      endDate: day(4),
      paymentStatus: 'paid',
      status: 'confirmed',
    });
    const tooEarly = await act(future.bookingCode, 'pick-up');
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().message).toBe(adminMessages.pickUpTooEarly);

    const past = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 1000,
      startDate: day(-5),
      endDate: day(-3),
      paymentStatus: 'paid',
      status: 'confirmed',
    });
    expect((await act(past.bookingCode, 'pick-up')).json().message).toBe(
      adminMessages.pickUpTooLate,
    );

    const lastDay = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 1000,
      startDate: day(-1),
      endDate: day(0),
      paymentStatus: 'paid',
      status: 'confirmed',
    });
    expect((await act(lastDay.bookingCode, 'pick-up')).statusCode).toBe(200);
  });

  it('records cash only for pay on pickup', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const momo = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 1000,
      startDate: day(1),
      endDate: day(2),
      paymentMethod: 'mobile_money',
      paymentStatus: 'pending',
    });
    const res = await act(momo.bookingCode, 'record-cash');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(adminMessages.cashNotPayOnPickup);
  });
});

describe('cancelling', () => {
  it('cancels an unpaid booking and frees its dates', async () => {
    const renter = await client.renter();
    const { code, car } = await bookPayOnPickup(renter, day(4), day(6));
    const res = await act(code, 'cancel', { reason: 'Renter phoned to cancel' });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({
      status: 'cancelled',
      payment_status: 'unpaid',
      cancelled_at: expect.any(String),
      allowed_actions: [],
    });
    expect(res.json().booking.events.at(-1)).toMatchObject({
      type: 'cancelled',
      actor: 'staff',
      note: 'Renter phoned to cancel',
      actor_user: { id: staff.user.id },
    });
    const other = await client.renter();
    await other.book(car.id, day(4), day(6), {
      destination: 'Tema',
      destination_type: 1,
    });
    expect((await act(code, 'cancel')).json().message).toBe(adminMessages.cancelWrongStatus);
  });

  it('cancels a no-show after its start date (staff may, renters may not)', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const noShow = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 1000,
      startDate: day(-2),
      endDate: day(1),
    });
    expect((await act(noShow.bookingCode, 'cancel')).statusCode).toBe(200);
  });

  it('cancels a cash-paid booking as refunded: the cash is handed back at the desk', async () => {
    const renter = await client.renter();
    const { code } = await bookPayOnPickup(renter, day(0), day(1));
    await act(code, 'record-cash');
    const res = await act(code, 'cancel');
    expect(res.statusCode).toBe(200);
    const booking = res.json().booking as AdminBookingDetail;
    expect(res.json().message).toBe(
      `Booking cancelled. Hand ${formatCedis(booking.total_cost)} in cash back to the renter.`,
    );
    expect(booking).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    expect(booking.payments).toEqual([
      expect.objectContaining({ provider: 'cash', status: 'refunded' }),
    ]);
    expect(booking.events.map((e) => e.type)).toEqual([
      'created',
      'cash_recorded',
      'cancelled',
      'refunded',
    ]);
  });
});

describe('cancelling a mobile money booking', () => {
  it('refunds it through the provider (the sandbox here), with the refund on the timeline', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db, { pricePerDayPesewas: 400_00 });
    const created = await renter.book(car.id, day(9), day(10), {
      payment_method: 'mobile_money',
      network: 'mtn',
    });
    const { booking, payment } = created;
    const approved = await renter.post(`/api/payments/sandbox/${payment.reference}`, {
      decision: 'approve',
    });
    expect(approved.json().booking).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect((await detail(booking.booking_code)).allowed_actions).toEqual(['cancel']);

    const res = await act(booking.booking_code, 'cancel', { reason: 'Car failed inspection' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/refund/i);
    const after = await detail(booking.booking_code);
    expect(after).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    expect(after.payments).toEqual([
      expect.objectContaining({ provider: 'sandbox', status: 'refunded' }),
    ]);
    expect(after.events.map((e) => [e.type, e.actor])).toEqual(
      expect.arrayContaining([
        ['cancelled', 'staff'],
        ['refund_requested', 'staff'],
        ['refunded', 'system'],
      ]),
    );
    expect(after.events.find((e) => e.type === 'cancelled')).toMatchObject({
      actor_user: { id: staff.user.id },
      note: 'Car failed inspection',
    });
  });
});

describe('finding bookings', () => {
  it('filters by status, payment status, dates, car, booking code and renter phone, newest first', async () => {
    const renter = await client.renter({ msisdn: '0247771234', name: 'Adwoa Boakye' });
    const first = await bookPayOnPickup(renter, day(30), day(32));
    const second = await bookPayOnPickup(renter, day(40), day(41));
    await act(second.code, 'record-cash');

    const codes = async (query: string) => {
      const res = await staff.get(`/api/admin/bookings?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().bookings.map((b: AdminBookingSummary) => b.booking_code);
    };
    expect(await codes('q=0247771234')).toEqual([second.code, first.code]);
    expect(await codes('q=%2B233%2024%20777%201234')).toEqual([second.code, first.code]);
    expect(await codes('q=adwoa')).toEqual([second.code, first.code]);
    expect(await codes(`q=${first.code.slice(3).toLowerCase()}`)).toEqual([first.code]);
    expect(await codes(`q=${first.code}`)).toEqual([first.code]);
    expect(await codes('q=0247771234&payment_status=paid')).toEqual([second.code]);
    expect(await codes('q=0247771234&status=pending&payment_status=unpaid')).toEqual([first.code]);
    expect(await codes(`q=0247771234&from=${day(31)}&to=${day(35)}`)).toEqual([first.code]);
    expect(await codes(`q=0247771234&from=${day(41)}`)).toEqual([second.code]);
    expect(await codes(`car_id=${second.car.id}`)).toEqual([second.code]);
    expect(await codes('q=0247771234&status=completed')).toEqual([]);

    const paged = await staff.get('/api/admin/bookings?q=0247771234&limit=1&page=2');
    expect(paged.json()).toMatchObject({ total: 2, page: 2, limit: 1, last_page: 2 });
    expect(paged.json().bookings.map((b: AdminBookingSummary) => b.booking_code)).toEqual([
      first.code,
    ]);

    const bad = await staff.get(`/api/admin/bookings?status=lost&from=${day(5)}&to=${day(1)}`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['status']);
    const backwards = await staff.get(`/api/admin/bookings?from=${day(5)}&to=${day(1)}`);
    expect(backwards.json().errors).toEqual({ to: ['End date cannot be before start date'] });
  });

  it('shows a flagged payment on the booking', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const booking = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 1000,
      startDate: day(1),
      endDate: day(2),
      paymentMethod: 'mobile_money',
      paymentStatus: 'pending',
      status: 'pending',
    });
    await ctx.db.insert(payments).values({
      bookingId: booking.id,
      provider: 'paystack',
      reference: `T-${booking.bookingCode}`,
      amountPesewas: 5,
      status: 'success',
      flaggedReason: 'amount_or_currency_mismatch',
    });
    const found = await detail(booking.bookingCode.toLowerCase());
    expect(found).toMatchObject({
      flagged: true,
      payments: [
        expect.objectContaining({ flagged_reason: 'amount_or_currency_mismatch', amount: 0.05 }),
      ],
    });
  });

  it('shows staff the branch, the times, the extras and the lines the renter was charged', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db, { pricePerDayPesewas: 300_00 });
    const res = await renter.book(car.id, day(5), day(7), {
      destination: 'Ho',
      destination_type: 2,
      pickup_time: '10:30',
      return_time: '16:00',
      chauffeur: true,
      child_seat: true,
    });
    const booked = res.booking;
    const b = await detail(booked.booking_code);
    expect(b).toMatchObject({
      branch: { id: car.branchId, name: expect.any(String), town: expect.any(String) },
      pickup_time: '10:30',
      return_time: '16:00',
      chauffeur: true,
      child_seat: true,
      delivery_address: null,
      discount: 0,
      total_cost: booked.total_cost,
    });
    expect(b.lines).toEqual(booked.lines);
    expect(b.lines.map((l) => l.label)).toEqual(
      expect.arrayContaining(['Chauffeur (2 days)', 'Child seat (2 days)']),
    );
    const sum = b.lines.reduce((total, line) => total + Math.round(line.amount * 100), 0);
    expect(sum).toBe(Math.round(b.total_cost * 100));
    expect(b.extras).toBeGreaterThan(0);

    // The lists say where and when too (the bookings page, the dashboard).
    const list = await staff.get(`/api/admin/bookings?q=${booked.booking_code}`);
    expect(list.json().bookings).toEqual([
      expect.objectContaining({
        booking_code: booked.booking_code,
        branch: b.branch,
        pickup_time: '10:30',
        return_time: '16:00',
      }),
    ]);
  });

  it('answers 404 for an unknown booking code, for reading and for actions', async () => {
    expect((await staff.get('/api/admin/bookings/CL-ZZZZZZ')).statusCode).toBe(404);
    expect((await act('CL-ZZZZZZ', 'return')).statusCode).toBe(404);
  });
});
