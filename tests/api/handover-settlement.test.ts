import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OwnerDashboard } from '../../src/shared/schemas/console';
import type { HandoverReceipt } from '../../src/shared/schemas/handover';
import { handovers, payments } from '../../src/server/db/schema/index';
import { insertBooking, insertCar } from '../../src/server/db/factories';
import { api, insertVerifiedDocuments, day } from '../support/api';
import { setupTestApp } from '../support/test-app';

// HAND-7, HAND-10, HAND-11: what a booking still owes for the rental (a change or an extension
// not yet paid) is settled at the return with the late fee and staff's lines; the deposit
// covers what it can and the rest is collected, never silently lost.

const ctx = await setupTestApp();
const client = api(ctx.app);
const staff = await client.staff();

const detail = async (code: string) =>
  (await staff.get(`/api/admin/bookings/${code}`)).json().booking;
const dashboard = async (): Promise<OwnerDashboard> =>
  (await staff.get('/api/admin/dashboard')).json();

const pickup = { odometer_km: 42_000, fuel_eighths: 8, documents_override: 'Seen at the desk' };

async function cashRowsOf(bookingId: number) {
  return ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.provider, 'cash'),
        inArray(payments.purpose, ['late_fee', 'balance']),
      ),
    );
}

describe('an extension paid at the return (HAND-10, HAND-11)', () => {
  it('collects what an extension added: the deposit covers part, the rest is received in cash', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db, { pricePerDayPesewas: 350_00 });
    const created = await renter.book(car.id, day(0), day(2));
    const code = created.booking.booking_code as string;
    const bookingId = created.booking.id as number;
    for (const [action, body] of [
      ['record-cash', {}],
      ['pick-up', pickup],
    ] as const)
      expect((await staff.post(`/api/admin/bookings/${code}/${action}`, body)).statusCode).toBe(
        200,
      );
    expect((await detail(code)).balance_due).toBe(0);
    const before = await dashboard();

    const extended = await staff.post(`/api/admin/bookings/${code}/extend`, {
      end_date: day(4),
      reason: 'Customer phoned from Cape Coast',
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const difference = extended.json().difference as number;
    expect(difference).toBe(700);
    // The balance is on the booking for staff, not only in the timeline.
    expect((await detail(code)).balance_due).toBe(700);
    expect(extended.json().booking.balance_due).toBe(700);

    // Returned on time, nothing kept for the car: the deposit pays GH₵ 200 of the 700.
    const res = await staff.post(`/api/admin/bookings/${code}/return`, {
      odometer_km: 42_300,
      fuel_eighths: 8,
    });
    expect(res.statusCode, res.body).toBe(200);
    const back = (res.json().handover as HandoverReceipt).return!;
    expect(back).toMatchObject({
      balance: 700,
      late_fee: 0,
      charges: [{ reason: 'rental_balance', amount: 700, from_deposit: 200, collected: 500 }],
      total_charges: 700,
      kept: 200,
      returned: 0,
      collected: 500,
    });
    expect(res.json().handover.deposit_state).toBe('kept');
    expect(res.json().booking).toMatchObject({
      status: 'completed',
      payment_status: 'paid',
      balance_due: 0,
    });
    expect(await cashRowsOf(bookingId)).toEqual([
      expect.objectContaining({ purpose: 'balance', status: 'success', amountPesewas: 500_00 }),
    ]);
    // HAND-13: the whole balance is income on the return day, the deposit's part included;
    // the deposits' figures say where the deposit went.
    const after = await dashboard();
    expect(after.revenue.this_month.amount).toBeCloseTo(before.revenue.this_month.amount + 700, 2);
    expect(after.deposits.kept).toBeCloseTo(before.deposits.kept + 200, 2);
  });

  it('collects a dearer change of a mobile money booking whose top-up was declined, and waits while one is pending (409)', async () => {
    const renter = await client.renter();
    await insertVerifiedDocuments(ctx.app, renter.user.id);
    const car = await insertCar(ctx.db, { pricePerDayPesewas: 300_00 });
    const created = await renter.book(car.id, day(0), day(1), {
      payment_method: 'mobile_money',
      network: 'mtn',
    });
    const { booking, payment } = created;
    const code = booking.booking_code as string;
    await renter.post(`/api/payments/sandbox/${payment.reference}`, {
      decision: 'approve',
    });
    const out = await staff.post(`/api/admin/bookings/${code}/pick-up`, {
      odometer_km: 1_000,
      fuel_eighths: 8,
    });
    expect(out.statusCode, out.body).toBe(200);
    const extended = await staff.post(`/api/admin/bookings/${code}/extend`, {
      end_date: day(2),
      reason: 'One more day',
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const topUp = extended.json().payment.reference as string;
    const returnBody = { odometer_km: 1_100, fuel_eighths: 8 };

    // The prompt may still be approved: collecting in cash now could take the money twice.
    const waiting = await staff.post(`/api/admin/bookings/${code}/return`, returnBody);
    expect(waiting.statusCode).toBe(409);

    await renter.post(`/api/payments/sandbox/${topUp}`, { decision: 'decline' });
    expect((await detail(code)).balance_due).toBe(300);
    const res = await staff.post(`/api/admin/bookings/${code}/return`, {
      ...returnBody,
      kept_lines: [{ reason: 'cleaning', amount: 20, note: 'Sand' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().handover.return).toMatchObject({
      charges: [
        { reason: 'cleaning', amount: 20, from_deposit: 20, collected: 0 },
        { reason: 'rental_balance', amount: 300, from_deposit: 180, collected: 120 },
      ],
      total_charges: 320,
      kept: 200,
      returned: 0,
      collected: 120,
    });
    expect(await cashRowsOf(booking.id)).toEqual([
      expect.objectContaining({ purpose: 'balance', amountPesewas: 120_00 }),
    ]);
    expect(res.json().booking).toMatchObject({ payment_status: 'paid', balance_due: 0 });
  });
});

describe("the renter's own booking carries the same balance (HAND-10)", () => {
  it('shows what an extension added on the booking and in the history, and 0 once returned', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db, { pricePerDayPesewas: 350_00 });
    const book = async (start: number, end: number) => {
      const res = await renter.book(car.id, day(start), day(end));
      return res.booking.booking_code as string;
    };
    const code = await book(0, 2);
    // A second booking on the same page of history, unpaid: it owes no balance yet.
    const other = await book(10, 12);
    for (const [action, body] of [
      ['record-cash', {}],
      ['pick-up', pickup],
    ] as const)
      expect((await staff.post(`/api/admin/bookings/${code}/${action}`, body)).statusCode).toBe(
        200,
      );
    const mine = async () => (await renter.get(`/api/bookings/${code}`)).json().booking;
    const history = async () => {
      const res = await renter.get('/api/bookings/history');
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().bookings as { booking_code: string; balance_due: number }[];
      return Object.fromEntries(rows.map((b) => [b.booking_code, b.balance_due]));
    };
    expect((await mine()).balance_due).toBe(0);

    const extended = await staff.post(`/api/admin/bookings/${code}/extend`, {
      end_date: day(4),
      reason: 'Customer phoned from Cape Coast',
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect((await detail(code)).balance_due).toBe(700);
    expect(await mine()).toMatchObject({
      status: 'active',
      payment_status: 'paid',
      balance_due: 700,
    });
    expect(await history()).toEqual({ [code]: 700, [other]: 0 });

    const back = await staff.post(`/api/admin/bookings/${code}/return`, {
      odometer_km: 42_300,
      fuel_eighths: 8,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await mine()).balance_due).toBe(0);
    expect(await history()).toEqual({ [code]: 0, [other]: 0 });
  });
});

describe('a late fee beyond the deposit with staff lines (HAND-7)', () => {
  it('accepts a fuel line on top of a late fee larger than the deposit, and collects both', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db, { pricePerDayPesewas: 350_00 });
    const booking = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 350_00,
      startDate: day(-4),
      endDate: day(-2),
      returnTime: '09:00',
      status: 'active',
      paymentStatus: 'paid',
      paymentMethod: 'payOnPickup',
      depositState: 'held',
    });
    await ctx.db.insert(payments).values({
      bookingId: booking.id,
      provider: 'cash',
      reference: `CASH-${booking.bookingCode}`,
      amountPesewas: booking.totalPesewas,
      status: 'success',
      paidAt: new Date(`${day(-4)}T09:00:00Z`),
    });
    await ctx.db.insert(handovers).values({
      bookingId: booking.id,
      kind: 'pickup',
      at: new Date(`${day(-4)}T09:10:00Z`),
      odometerKm: 10_000,
      fuelEighths: 8,
      staffId: staff.user.id,
      depositPesewas: booking.depositPesewas,
      depositMethod: 'cash',
    });
    // 18 hours late: one day at GH₵ 350 > the GH₵ 200 deposit.
    const res = await staff.post(`/api/admin/bookings/${booking.bookingCode}/return`, {
      returned_at: new Date(Date.parse(`${day(-2)}T09:00:00Z`) + 18 * 3_600_000).toISOString(),
      odometer_km: 10_400,
      fuel_eighths: 5,
      kept_lines: [{ reason: 'fuel', amount: 50 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().handover.return).toMatchObject({
      late_fee: 350,
      late_fee_description: '18 h late: 1 day at the daily price',
      balance: 0,
      charges: [
        { reason: 'late_fee', amount: 350, from_deposit: 200, collected: 150 },
        { reason: 'fuel', amount: 50, from_deposit: 0, collected: 50 },
      ],
      total_charges: 400,
      kept: 200,
      returned: 0,
      collected: 200,
    });
    const rows = await cashRowsOf(booking.id);
    expect(rows.map((r) => [r.purpose, r.amountPesewas]).sort()).toEqual([
      ['balance', 50_00],
      ['late_fee', 150_00],
    ]);
    expect(res.json().booking).toMatchObject({ status: 'completed', payment_status: 'paid' });
  });
});

describe('charges at the return on the dashboard (HAND-13)', () => {
  it('counts a damage charge once, in full, as income on the return day, whatever part the deposit paid', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db, { pricePerDayPesewas: 300_00 });
    const created = await renter.book(car.id, day(0), day(2));
    const code = created.booking.booking_code as string;
    for (const [action, body] of [
      ['record-cash', {}],
      ['pick-up', pickup],
    ] as const)
      expect((await staff.post(`/api/admin/bookings/${code}/${action}`, body)).statusCode).toBe(
        200,
      );
    const before = await dashboard();
    const res = await staff.post(`/api/admin/bookings/${code}/return`, {
      odometer_km: 42_100,
      fuel_eighths: 8,
      damage_notes: 'Front bumper cracked',
      kept_lines: [{ reason: 'damage', amount: 350 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    // The GH₵ 200 deposit pays GH₵ 200 of it, GH₵ 150 is received in cash.
    expect(res.json().handover.return).toMatchObject({ kept: 200, collected: 150 });
    const after = await dashboard();
    const todayIncome = (d: OwnerDashboard) =>
      d.revenue.daily.find((x) => x.date === day(0))!.amount;
    expect(after.revenue.this_month.amount).toBeCloseTo(before.revenue.this_month.amount + 350, 2);
    expect(todayIncome(after)).toBeCloseTo(todayIncome(before) + 350, 2);
    // The deposit's part is shown where the deposit went, already counted in income.
    expect(after.deposits.kept).toBeCloseTo(before.deposits.kept + 200, 2);
    expect(after.deposits.returned).toBeCloseTo(before.deposits.returned, 2);
    // The kept figure (migration 0035's trigger) is what a recount from the rows gives.
    await ctx.db.execute(sql`select recount_dashboard_figures()`);
    expect(todayIncome(await dashboard())).toBeCloseTo(todayIncome(after), 2);
  });
});

describe("charges at the return on the renter's booking (HAND-14)", () => {
  it('lists the late fee and staff’s charges on the booking and in the history, beside its total', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db, { pricePerDayPesewas: 300_00 });
    const created = await renter.book(car.id, day(0), day(2));
    const code = created.booking.booking_code as string;
    for (const [action, body] of [
      ['record-cash', {}],
      ['pick-up', pickup],
    ] as const)
      expect((await staff.post(`/api/admin/bookings/${code}/${action}`, body)).statusCode).toBe(
        200,
      );
    const before = (await renter.get(`/api/bookings/${code}`)).json().booking;
    expect(before.return_charges).toEqual([]);
    const res = await staff.post(`/api/admin/bookings/${code}/return`, {
      odometer_km: 42_100,
      fuel_eighths: 5,
      damage_notes: 'Front bumper cracked',
      kept_lines: [
        { reason: 'damage', amount: 350, note: 'Bumper' },
        { reason: 'fuel', amount: 25.5 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const charges = [
      { reason: 'damage', amount: 350, note: 'Bumper' },
      { reason: 'fuel', amount: 25.5, note: null },
    ];
    const after = (await renter.get(`/api/bookings/${code}`)).json().booking;
    expect(after.return_charges).toEqual(charges);
    expect(after.total_cost).toBe(before.total_cost);
    const history = (await renter.get('/api/bookings/history')).json().bookings;
    expect(
      history.find((b: { booking_code: string }) => b.booking_code === code).return_charges,
    ).toEqual(charges);
  });
});
