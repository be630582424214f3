import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { addDays, daysBetween } from '../../src/shared/dates';
import type { OwnerDashboard } from '../../src/shared/schemas/console';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/client';
import { bookings, payments, smsOutbox } from '../../src/server/db/schema/index';
import { insertBooking, insertCar, insertSucceededPayment } from '../../src/server/db/factories';
import { monthOf } from '../../src/server/modules/admin/admin-dashboard.service';
import { api, day, today } from '../support/api';
import { isPostgres, setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);
const staff = await client.staff();
const month = monthOf(today);

const dashboard = async (): Promise<OwnerDashboard> => {
  const res = await staff.get('/api/admin/dashboard');
  expect(res.statusCode).toBe(200);
  return res.json();
};
const codes = (list: { booking_code: string }[]) => list.map((b) => b.booking_code);

describe('the dashboard', () => {
  it("lists today's pickups and returns, overdue returns included", async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const base = { userId: renter.user.id, carId: car.id, pricePerDayPesewas: 100_00 };
    const pickup = await insertBooking(ctx.db, {
      ...base,
      startDate: day(0),
      endDate: day(1),
      status: 'confirmed',
      paymentStatus: 'paid',
      paymentMethod: 'mobile_money',
    });
    const later = await insertBooking(ctx.db, { ...base, startDate: day(5), endDate: day(6) });
    const dueBack = await insertBooking(ctx.db, {
      ...base,
      startDate: day(-3),
      endDate: day(-1),
      status: 'active',
      paymentStatus: 'paid',
    });
    const otherCar = await insertCar(ctx.db);
    const dueToday = await insertBooking(ctx.db, {
      ...base,
      carId: otherCar.id,
      startDate: day(-2),
      endDate: day(0),
      status: 'active',
      paymentStatus: 'paid',
    });
    const notYet = await insertBooking(ctx.db, {
      ...base,
      carId: otherCar.id,
      startDate: day(2),
      endDate: day(3),
      status: 'active',
      paymentStatus: 'paid',
    });

    const d = await dashboard();
    expect(d.today).toBe(today);
    expect(codes(d.pickups)).toContain(pickup.bookingCode);
    expect(codes(d.pickups)).not.toContain(later.bookingCode);
    expect(codes(d.returns)).toEqual(
      expect.arrayContaining([dueBack.bookingCode, dueToday.bookingCode]),
    );
    expect(codes(d.returns)).not.toContain(notYet.bookingCode);
  });

  it('lists pay-on-pickup bookings awaiting cash and flagged payments, until they are dealt with', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const base = { userId: renter.user.id, carId: car.id, pricePerDayPesewas: 100_00 };
    const due = await insertBooking(ctx.db, { ...base, startDate: day(0), endDate: day(0) });
    const notDue = await insertBooking(ctx.db, { ...base, startDate: day(4), endDate: day(4) });
    const flaggedBooking = await insertBooking(ctx.db, {
      ...base,
      startDate: day(8),
      endDate: day(9),
      paymentMethod: 'mobile_money',
      paymentStatus: 'pending',
    });
    await ctx.db.insert(payments).values({
      bookingId: flaggedBooking.id,
      provider: 'paystack',
      reference: `F-${flaggedBooking.bookingCode}`,
      amountPesewas: 1,
      status: 'success',
      flaggedReason: 'amount_or_currency_mismatch',
    });

    const before = await dashboard();
    expect(codes(before.needs_action.awaiting_cash)).toContain(due.bookingCode);
    expect(codes(before.needs_action.awaiting_cash)).not.toContain(notDue.bookingCode);
    expect(
      before.needs_action.flagged_payments.find(
        (f) => f.booking_code === flaggedBooking.bookingCode,
      ),
    ).toMatchObject({
      flagged: true,
      flagged_reason: 'amount_or_currency_mismatch',
      payment_reference: `F-${flaggedBooking.bookingCode}`,
    });

    await staff.post(`/api/admin/bookings/${due.bookingCode}/record-cash`);
    expect(codes((await dashboard()).needs_action.awaiting_cash)).not.toContain(due.bookingCode);
  });

  it('lists refunds only staff can finish, not those on their way through the provider (PAY-18)', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const paid = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 100_00,
      startDate: day(20),
      endDate: day(21),
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    const charge = `C-${paid.bookingCode}`;
    const refund = (suffix: string, provider: string, flaggedReason: string) => ({
      bookingId: paid.id,
      provider,
      purpose: 'partial_refund',
      refundOf: charge,
      reference: `${suffix}-${paid.bookingCode}`,
      amountPesewas: 10_00,
      status: 'refund_pending',
      flaggedReason,
    });
    await ctx.db.insert(payments).values([
      {
        bookingId: paid.id,
        provider: 'cash',
        reference: charge,
        amountPesewas: 200_00,
        status: 'success',
      },
      refund('COUNTER', 'cash', 'refund_at_counter'),
      refund('FAILED', 'paystack', 'refund_failed'),
      // Paid twice: the system is already giving it back, nobody needs to act.
      { ...refund('TWICE', 'paystack', 'paid_twice'), purpose: 'booking', refundOf: null },
    ]);
    const listed = (await dashboard()).needs_action.flagged_payments
      .filter((f) => f.booking_code === paid.bookingCode)
      .map((f) => f.payment_reference)
      .sort();
    expect(listed).toEqual([`COUNTER-${paid.bookingCode}`, `FAILED-${paid.bookingCode}`]);
  });

  it('counts utilisation this month: booked days over the days cars can be rented, maintenance excluded', async () => {
    const before = (await dashboard()).utilisation;
    expect(before.month).toBe(month.month);

    const car = await insertCar(ctx.db);
    const left = daysBetween(today, month.end) + 1; // days of this month from today on
    const afterCar = (await dashboard()).utilisation;
    expect(afterCar.cars).toBe(before.cars + 1);
    // STAFF-7: the whole month, whenever the car was added (the label names the month).
    expect(afterCar.available_days).toBe(
      before.available_days + daysBetween(month.start, month.end) + 1,
    );

    const renter = await client.renter();
    // STAFF-7: a booking's days are end − start, as its price counts them, although the
    // held range (the exclusion constraint's) includes both ends: today to tomorrow is 1 day,
    // and today is always this month's.
    const end = day(1);
    const booked = 1;
    await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 100_00,
      startDate: day(0),
      endDate: end,
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    // An open mobile money hold counts live, the same way: today to tomorrow is 1 day.
    const heldCar = await insertCar(ctx.db);
    await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: heldCar.id,
      pricePerDayPesewas: 100_00,
      startDate: day(0),
      endDate: day(1),
      paymentMethod: 'mobile_money',
      holdExpiresAt: new Date(Date.now() + 10 * 60_000),
    });
    // A cancelled booking and a lapsed mobile money hold hold nothing.
    const cancelledCar = await insertCar(ctx.db, { retiredAt: new Date() });
    await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 100_00,
      startDate: day(0),
      endDate: end,
      status: 'cancelled',
    });
    await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: cancelledCar.id,
      pricePerDayPesewas: 100_00,
      startDate: day(0),
      endDate: day(0),
      status: 'confirmed',
    });
    const afterBooking = (await dashboard()).utilisation;
    expect(afterBooking.booked_days).toBe(before.booked_days + booked + 1);
    expect(afterBooking.cars).toBe(afterCar.cars + 1);

    if (left >= 3) {
      const blocked = await staff.post(`/api/admin/cars/${car.id}/maintenance`, {
        start_date: day(2),
        end_date: day(2),
      });
      expect(blocked.statusCode).toBe(201);
      expect((await dashboard()).utilisation.available_days).toBe(afterBooking.available_days - 1);
    }
    const after = await dashboard();
    expect(after.utilisation.rate).toBeCloseTo(
      after.utilisation.booked_days / after.utilisation.available_days,
      10,
    );
  });

  it('adds recorded cash, less its deposit, to this month’s revenue and to today in the daily series (HAND-9)', async () => {
    const before = await dashboard();
    const lastMonth = monthOf(addDays(month.start, -1));
    expect(before.revenue.last_month.month).toBe(lastMonth.month);
    expect(before.revenue.daily[0]!.date).toBe(lastMonth.start);
    expect(before.revenue.daily.at(-1)!.date).toBe(today);
    expect(before.revenue.daily).toHaveLength(daysBetween(lastMonth.start, today) + 1);

    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const booking = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 250_00,
      startDate: day(0),
      endDate: day(2),
    });
    await staff.post(`/api/admin/bookings/${booking.bookingCode}/record-cash`);
    // A payment last month, by the day it was paid (a change's top-up: no deposit in it).
    const lastMonthDay = addDays(month.start, -3);
    await ctx.db.insert(payments).values({
      bookingId: booking.id,
      purpose: 'top_up',
      provider: 'paystack',
      reference: `R-${booking.bookingCode}`,
      amountPesewas: 123_45,
      status: 'success',
      paidAt: new Date(`${lastMonthDay}T12:00:00Z`),
    });
    // Failed attempts are no revenue.
    await ctx.db.insert(payments).values({
      bookingId: booking.id,
      provider: 'paystack',
      reference: `X-${booking.bookingCode}`,
      amountPesewas: 999_00,
      status: 'failed',
    });

    const after = await dashboard();
    // GH₵ 700 taken, of which GH₵ 200 is the deposit: GH₵ 500 of rental income.
    expect(booking.totalPesewas - booking.depositPesewas).toBe(500_00);
    expect(after.revenue.this_month.amount).toBeCloseTo(before.revenue.this_month.amount + 500, 2);
    expect(after.revenue.this_month.payments).toBe(before.revenue.this_month.payments + 1);
    expect(after.revenue.last_month.amount).toBeCloseTo(
      before.revenue.last_month.amount + 123.45,
      2,
    );
    expect(after.revenue.daily.at(-1)!.amount).toBeCloseTo(
      before.revenue.daily.at(-1)!.amount + 500,
      2,
    );
    const lastMonthEntry = (d: OwnerDashboard) =>
      d.revenue.daily.find((x) => x.date === lastMonthDay)!.amount;
    expect(lastMonthEntry(after)).toBeCloseTo(lastMonthEntry(before) + 123.45, 2);
  });
});

describe('the figures the dashboard keeps', () => {
  // Both tables in a stable order, to compare what the triggers kept with a recount.
  const keptFigures = async () => ({
    takings: rowsOf(
      await ctx.db.execute(
        sql`select day::text, income_pesewas::bigint::text as income, payments from daily_takings where income_pesewas <> 0 or payments <> 0 order by day`,
      ),
    ),
    carDays: rowsOf(
      await ctx.db.execute(
        sql`select month::text, car_id, booked_days, maintenance_days from car_month_days where booked_days <> 0 or maintenance_days <> 0 order by month, car_id`,
      ),
    ),
  });

  it('keep a rental across the month’s end as its priced days, end − start, in the months they fall in (STAFF-7)', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    // The last two days of this month and the first of the next: 3 days, returned on the 2nd.
    await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 150_00,
      startDate: addDays(month.end, -1),
      endDate: addDays(month.end, 2),
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    const ofCar = async () =>
      rowsOf(
        await ctx.db.execute(
          sql`select month::text, booked_days from car_month_days where car_id = ${car.id} and booked_days <> 0 order by month`,
        ),
      );
    const next = addDays(month.end, 1);
    const kept = [
      { month: month.start, booked_days: 2 },
      { month: next, booked_days: 1 },
    ];
    expect(await ofCar()).toEqual(kept);
    // MONEY-3: a same-day rental is 1 day.
    const sameDayCar = await insertCar(ctx.db);
    await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: sameDayCar.id,
      pricePerDayPesewas: 150_00,
      startDate: day(0),
      endDate: day(0),
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    const sameDay = async () =>
      rowsOf(
        await ctx.db.execute(
          sql`select month::text, booked_days from car_month_days where car_id = ${sameDayCar.id}`,
        ),
      );
    expect(await sameDay()).toEqual([{ month: month.start, booked_days: 1 }]);
    await ctx.db.execute(sql`select recount_dashboard_figures()`);
    expect(await ofCar()).toEqual(kept);
    expect(await sameDay()).toEqual([{ month: month.start, booked_days: 1 }]);
  });

  it('match a recount from the bookings and payments after they change (STAFF-7, HAND-9)', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const base = { userId: renter.user.id, carId: car.id, pricePerDayPesewas: 150_00 };
    // A rental across the month's end, paid, then moved and its deposit changed (BOOK-18).
    const across = await insertBooking(ctx.db, {
      ...base,
      startDate: addDays(month.end, -2),
      endDate: addDays(month.end, 3),
      status: 'confirmed',
      paymentStatus: 'paid',
      paymentMethod: 'mobile_money',
    });
    await insertSucceededPayment(ctx.db, across, { method: 'mobile_money', at: new Date() });
    await ctx.db
      .update(bookings)
      .set({ startDate: addDays(month.end, -4), endDate: addDays(month.end, 1) })
      .where(eq(bookings.id, across.id));
    await ctx.db
      .update(bookings)
      .set({
        depositPesewas: across.depositPesewas - 50_00,
        totalPesewas: across.totalPesewas - 50_00,
      })
      .where(eq(bookings.id, across.id));
    // An open mobile money hold counts live, not in the kept figures; once paid it is kept.
    const hold = await insertBooking(ctx.db, {
      ...base,
      startDate: day(10),
      endDate: day(11),
      paymentMethod: 'mobile_money',
      holdExpiresAt: new Date(Date.now() + 10 * 60_000),
    });
    await ctx.db
      .update(bookings)
      .set({ status: 'confirmed', paymentStatus: 'paid', holdExpiresAt: null })
      .where(eq(bookings.id, hold.id));
    // Pay on pickup, cash taken, then cancelled and the cash refunded.
    const cancelled = await insertBooking(ctx.db, {
      ...base,
      startDate: day(20),
      endDate: day(22),
    });
    const cash = await insertSucceededPayment(ctx.db, cancelled, {
      method: 'cash',
      at: new Date(),
    });
    await ctx.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled.id));
    await ctx.db.update(payments).set({ status: 'refunded' }).where(eq(payments.id, cash.id));
    // A maintenance block, then lifted.
    const blocked = await staff.post(`/api/admin/cars/${car.id}/maintenance`, {
      start_date: day(30),
      end_date: day(31),
    });
    expect(blocked.statusCode).toBe(201);

    const kept = await keptFigures();
    expect(kept.carDays.length).toBeGreaterThan(0);
    expect(kept.takings.length).toBeGreaterThan(0);
    await ctx.db.execute(sql`select recount_dashboard_figures()`);
    expect(await keptFigures()).toEqual(kept);
  });
});

describe.skipIf(!isPostgres())(
  'the takings trigger beside a change of its booking (PostgreSQL)',
  () => {
    const clients: pg.Client[] = [];
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.end()));
    });
    const connect = async () => {
      const client = new pg.Client({ connectionString: ctx.database.url! });
      await client.connect();
      clients.push(client);
      return client;
    };

    // Recording cash inserts the payment, then moves its booking on, in one transaction. Two
    // staff doing it at once: the second must wait for the first, not deadlock with it (500).
    it('makes a second payment of the same booking wait, instead of deadlocking', async () => {
      const renter = await client.renter();
      const car = await insertCar(ctx.db);
      const booking = await insertBooking(ctx.db, {
        userId: renter.user.id,
        carId: car.id,
        pricePerDayPesewas: 40_000,
        startDate: day(3),
        endDate: day(4),
      });
      const [first, second] = [await connect(), await connect()];
      const pay = (client: pg.Client, reference: string) =>
        client.query(
          `insert into payments (booking_id, provider, reference, amount_pesewas, currency, status, paid_at)
         values ($1, 'cash', $2, 80000, 'GHS', 'success', now())`,
          [booking.id, reference],
        );
      const touch = (client: pg.Client) =>
        client.query('update bookings set updated_at = now() where id = $1', [booking.id]);
      await first.query('begin');
      await second.query('begin');
      await pay(first, 'CASH-RACE-1');
      const secondPays = pay(second, 'CASH-RACE-2');
      // Give the second insert time to reach the booking's row lock (or, wrongly, to pass it).
      await new Promise((resolve) => setTimeout(resolve, 200));
      const firstMoves = touch(first);
      await Promise.race([firstMoves, new Promise((resolve) => setTimeout(resolve, 200))]);
      const secondDone = secondPays.then(() => touch(second));
      const outcomes = await Promise.allSettled([
        firstMoves.then(() => first.query('commit')),
        secondDone.then(() => second.query('commit')),
      ]);
      for (const client of [first, second]) await client.query('rollback').catch(() => undefined);
      expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
      ]);
    });
  },
);

describe('monthOf', () => {
  it('knows month lengths, leap years included', () => {
    expect(monthOf('2028-02-10')).toEqual({
      month: '2028-02',
      start: '2028-02-01',
      end: '2028-02-29',
    });
    expect(monthOf('2027-12-31')).toEqual({
      month: '2027-12',
      start: '2027-12-01',
      end: '2027-12-31',
    });
  });
});

describe("the dashboard's texts today (STAFF-36)", () => {
  it('counts the texts handed over today, and those the network reported not delivered', async () => {
    const before = (await dashboard()).sms_today;
    const renter = await client.renter();
    for (const body of ['CarLink: one', 'CarLink: two'])
      await ctx.db.transaction((tx) =>
        ctx.app.sms.queue(tx, { to: renter.user.msisdn, body }, 'account', renter.user.id),
      );
    await ctx.app.sms.idle();
    // Yesterday's text is not today's.
    const [old] = await ctx.db
      .update(smsOutbox)
      .set({ sentAt: sql`now() - interval '1 day'` })
      .where(eq(smsOutbox.body, 'CarLink: one'))
      .returning();
    expect(old).toBeDefined();
    await ctx.db
      .update(smsOutbox)
      .set({ status: 'failed' })
      .where(eq(smsOutbox.body, 'CarLink: two'));
    const after = (await dashboard()).sms_today;
    expect(after.sent - before.sent).toBe(1);
    expect(after.failed - before.failed).toBe(1);
  });
});
