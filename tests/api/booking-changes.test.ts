import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { formatCedis, pesewasToCedis } from '../../src/shared/money';
import { BOOKING_HORIZON_DAYS } from '../../src/shared/constants';
import { rowsOf } from '../../src/server/db/client';
import { bookingEvents, bookings, payments, smsOutbox } from '../../src/server/db/schema/index';
import { insertBooking, insertCar } from '../../src/server/db/factories';
import { applyBookingChange } from '../../src/server/modules/bookings/booking-lifecycle';
import { queueDueReminders } from '../../src/server/modules/messages/reminder-job';
import { settleBackground } from '../../src/server/modules/payments/background-work';
import { reconcileOnce } from '../../src/server/modules/payments/reconcile';
import { api, bookFreshCar, cashPaidBooking, type Client, day, today } from '../support/api';
import { setupPaystackTestApp } from '../support/paystack-app';
import { isPostgres } from '../support/test-app';

// Mobile money goes through the real Paystack client, pointed at a fake Paystack on loopback.
const { paystack, ctx, client } = await setupPaystackTestApp({ providerTimeoutMs: 3_000 });

/** An amount as the texts write it (MSG-6: 'GHS 1,234.00', GSM-7 only). */
const smsCedis = (cedis: number) =>
  `GHS ${cedis.toLocaleString('en-GH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

let walletSerial = 2_000_000;
const freshWallet = () => `024${(walletSerial += 1)}`;

const changeBody = (start: string, end: string, extra: Record<string, unknown> = {}) => ({
  start_date: start,
  end_date: end,
  destination: 'Accra',
  destination_type: 1,
  ...extra,
});

const changeBooking = (
  renter: Client,
  code: string,
  action: 'change' | 'extend',
  payload: object,
) => renter.post(`/api/bookings/${code}/${action}`, payload);

const bookingRow = async (id: number) =>
  (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const eventsOf = (bookingId: number, type: string) =>
  ctx.db
    .select()
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.type, type)));
const outboxOf = (bookingId: number) =>
  ctx.db.select().from(smsOutbox).where(eq(smsOutbox.bookingId, bookingId)).orderBy(smsOutbox.id);
/** The reminder job (MSG-3), as it runs at `time` Accra on `date`. */
const reminderJobAt = (date: string, time: string) =>
  queueDueReminders(ctx.db, new Date(`${date}T${time}:00Z`));

/** A pay-on-pickup renter with a booking of a fresh car. */
async function payOnPickupBooking(start = day(10), end = day(12)) {
  const renter = await client.renter();
  const { car, booking } = await bookFreshCar(ctx.app, renter, { start, end });
  return { renter, car, booking };
}

/**
 * A pay-on-pickup booking whose cash staff took at the counter, with `admin` for staff's
 * requests on it (GET without a payload, POST with one).
 */
async function cashPaidBookingWithAdmin(start = day(10), end = day(12)) {
  const staff = await client.staff();
  const renter = await client.renter();
  const { booking } = await cashPaidBooking(ctx.app, staff, renter, { start, end });
  const admin = (path = '', payload?: object) => {
    const url = `/api/admin/bookings/${booking.booking_code}${path}`;
    return payload ? staff.post(url, payload) : staff.get(url);
  };
  return { staff, renter, booking, admin };
}

/** A trip under way: booked for today, cash taken and the car handed over by staff. */
async function tripUnderWay(end = day(2)) {
  const staff = await client.staff();
  const { renter, car, booking } = await payOnPickupBooking(today, end);
  for (const action of ['record-cash', 'pick-up']) {
    const res = await staff.post(
      `/api/admin/bookings/${booking.booking_code}/${action}`,
      // The pickup is a record (HAND-1): odometer, fuel, and why documents were not checked.
      action === 'pick-up'
        ? { odometer_km: 1_000, fuel_eighths: 8, documents_override: 'Test trip' }
        : {},
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  return { renter, car, booking };
}

/** The overlap proof: pairs of live bookings of one car whose date ranges overlap. */
async function overlappingPairs(carIds: number[]) {
  return rowsOf<{ a: number; b: number }>(
    await ctx.db.execute(sql`
      select a.id as a, b.id as b
      from bookings a
      join bookings b on b.car_id = a.car_id and a.id < b.id
      where a.car_id in (${sql.join(carIds, sql`, `)})
        and a.status in ('pending', 'confirmed', 'active')
        and b.status in ('pending', 'confirmed', 'active')
        and daterange(a.start_date, a.end_date, '[]') && daterange(b.start_date, b.end_date, '[]')`),
  );
}

describe('changing a booking before pickup (BOOK-18)', () => {
  it('moves dates, times and extras, re-priced, and tells the renter with the reminders moved', async () => {
    const { renter, booking } = await payOnPickupBooking(day(10), day(12));
    // The job's run before 18:00 the evening before queued the pickup reminder.
    await reminderJobAt(day(9), '17:50');
    const before = await outboxOf(booking.id);
    expect(before.map((m) => m.kind)).toContain('pickup_reminder');

    const res = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(20), day(23), {
        pickup_time: '10:30',
        return_time: '16:00',
        child_seat: true,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.booking).toMatchObject({
      booking_code: booking.booking_code,
      status: 'pending',
      payment_status: 'unpaid',
      start_date: day(20),
      end_date: day(23),
      // Days are nights: the return day is not charged.
      days: 3,
      pickup_time: '10:30',
      return_time: '16:00',
      child_seat: true,
    });
    // The lines still add up to the total; the difference is what the change added.
    const sum = body.booking.lines.reduce((s: number, l: { amount: number }) => s + l.amount, 0);
    expect(Math.round(sum * 100)).toBe(Math.round(body.booking.total_cost * 100));
    expect(body.difference).toBeCloseTo(body.booking.total_cost - booking.total_cost, 2);
    expect(body.difference).toBeGreaterThan(0);
    // Nothing is paid yet: the renter pays the whole new total at pickup, not only what the
    // change added (BOOK-18).
    expect(body.message).toBe(
      `Booking changed. Pay the total of ${formatCedis(body.booking.total_cost)} when you pick up the car.`,
    );
    expect(body.payment).toBeUndefined();

    const [event] = await eventsOf(booking.id, 'changed');
    expect(event).toMatchObject({ actor: 'renter', actorUserId: renter.user.id });
    expect(event!.data).toMatchObject({
      from: {
        start_date: day(10),
        end_date: day(12),
        total_pesewas: Math.round(booking.total_cost * 100),
      },
      to: {
        start_date: day(20),
        end_date: day(23),
        pickup_time: '10:30',
        total_pesewas: Math.round(body.booking.total_cost * 100),
      },
      settle: 'counter_total',
    });

    const after = await outboxOf(booking.id);
    const changed = after.filter((m) => m.kind === 'booking_changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.body).toContain(
      `the change to booking ${booking.booking_code} is confirmed`,
    );
    expect(changed[0]!.body).toContain(
      `Pay the total of ${smsCedis(body.booking.total_cost)} when you pick up the car.`,
    );
    expect(changed[0]!.body).not.toContain('extra');
    // The old reminder dropped; the job queues none at the old dates, and the new ones at the
    // new dates (18:00 the evening before, 07:00 the day).
    expect(after.filter((m) => m.kind === 'pickup_reminder').map((m) => m.status)).toEqual([
      'cancelled',
    ]);
    expect(await reminderJobAt(day(9), '17:55')).toBe(0);
    await reminderJobAt(day(19), '17:50');
    await reminderJobAt(day(23), '06:50');
    const queued = async (kind: string) =>
      (await outboxOf(booking.id)).filter((m) => m.kind === kind && m.status === 'queued');
    expect((await queued('pickup_reminder')).map((m) => m.dueAt.toISOString())).toEqual([
      `${day(19)}T18:00:00.000Z`,
    ]);
    expect((await queued('return_reminder')).map((m) => m.dueAt.toISOString())).toEqual([
      `${day(23)}T07:00:00.000Z`,
    ]);
  });

  it('may overlap its own old dates: they are the same booking', async () => {
    const { renter, booking } = await payOnPickupBooking(day(10), day(12));
    const res = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(11), day(13)),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toMatchObject({ start_date: day(11), end_date: day(13) });
  });

  it('a cheaper or same-price change of an unpaid pay-on-pickup booking gives the total due at pickup', async () => {
    const { renter, booking } = await payOnPickupBooking(day(10), day(14));
    const res = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(10), day(11)),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().difference).toBeLessThan(0);
    const total = res.json().booking.total_cost;
    expect(res.json().message).toBe(
      `Booking changed. Pay the total of ${formatCedis(total)} when you pick up the car.`,
    );
    // Only the pickup time moves: the price stays, and the renter is still told what to pay.
    const same = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(10), day(11), { pickup_time: '11:00' }),
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().difference).toBe(0);
    expect(same.json().message).toBe(
      `Booking changed. Pay the total of ${formatCedis(total)} when you pick up the car.`,
    );
    const texts = (await outboxOf(booking.id)).filter((m) => m.kind === 'booking_changed');
    expect(texts.map((m) => m.body.split('. ').at(-1))).toEqual([
      `Pay the total of ${smsCedis(total)} when you pick up the car.`,
      `Pay the total of ${smsCedis(total)} when you pick up the car.`,
    ]);
  });

  it('a dearer change of a pay-on-pickup booking already paid in cash asks only for the extra', async () => {
    const { renter, booking } = await cashPaidBookingWithAdmin(day(10), day(12));
    const res = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(10), day(13)),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Booking changed. Pay the extra GH₵ 300.00 when you pick up the car.',
    );
    const [text] = (await outboxOf(booking.id)).filter((m) => m.kind === 'booking_changed');
    expect(text!.body).toContain('Pay the extra GHS 300.00 when you pick up the car.');
  });

  it('a cheaper change of a booking paid in cash records what the counter hands back; staff record it handed back', async () => {
    const { renter, booking, admin } = await cashPaidBookingWithAdmin(day(10), day(13));
    const res = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(10), day(12)),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Booking changed. We will hand back GH₵ 300.00 at the counter.',
    );

    // Recorded and flagged for staff, as a refund of the cash (HAND-10 counts it).
    const owed = (await admin()).json().booking;
    expect(owed.flagged).toBe(true);
    expect(owed.balance_due).toBe(0);
    expect(owed.payments).toContainEqual(
      expect.objectContaining({
        provider: 'cash',
        status: 'refund_pending',
        flagged_reason: 'refund_at_counter',
        amount: 300,
      }),
    );
    expect(await eventsOf(booking.id, 'refund_due_at_counter')).toHaveLength(1);

    // Nobody asks a provider for cash: not the reconciler, not Retry refund.
    const asked = paystack.refunds.length;
    await reconcileOnce(ctx.app.payments, { limit: 100, minAgeSeconds: 0, leaseSeconds: 0 });
    expect(paystack.refunds).toHaveLength(asked);
    const retry = await admin('/retry-refund', {});
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(messages.payment.refundAtCounter);

    const settled = await admin('/settle-refund', {
      note: 'GH₵ 300 in cash from Kofi at the desk',
    });
    expect(settled.statusCode, settled.body).toBe(200);
    const after = settled.json().booking;
    expect(after.flagged).toBe(false);
    expect(after.status).toBe('confirmed');
    expect(after.payments).toContainEqual(
      expect.objectContaining({
        provider: 'cash',
        status: 'refunded',
        refund_note: 'GH₵ 300 in cash from Kofi at the desk',
      }),
    );
    expect(after.balance_due).toBe(0);
  });

  it('staff cancelling a cash-paid booking hand back what the counter still holds, once', async () => {
    const { renter, booking, admin } = await cashPaidBookingWithAdmin(day(10), day(13));
    const paid = (await bookingRow(booking.id)).totalPesewas;
    const cheaper = async (end: string) =>
      expect(
        (await changeBooking(renter, booking.booking_code, 'change', changeBody(day(10), end)))
          .statusCode,
      ).toBe(200);
    // GH₵ 300 handed back already; another GH₵ 300 owed, not yet handed over.
    await cheaper(day(12));
    expect((await admin('/settle-refund', { note: 'Cash at the desk' })).statusCode).toBe(200);
    await cheaper(day(11));

    const cancel = await admin('/cancel', { reason: 'Customer changed plans' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().message).toBe(
      `Booking cancelled. Hand ${formatCedis(pesewasToCedis(paid - 300_00))} in cash back to the renter.`,
    );
    const after = cancel.json().booking;
    expect(after.flagged).toBe(false);
    expect(
      after.payments
        .filter((p: { provider: string }) => p.provider === 'cash')
        .map((p: { status: string }) => p.status),
    ).toEqual(['refunded', 'refunded', 'refunded']);
  });

  it("staff's refund actions act on the refund they were pressed on (PAY-18)", async () => {
    const { renter, booking, admin } = await cashPaidBookingWithAdmin(day(10), day(13));
    const changed = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(10), day(12)),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    // Cash owed back from the cheaper change, then a newer refund that Paystack failed.
    const failed = `${booking.booking_code}-FAILEDREF`;
    await ctx.db.insert(payments).values({
      bookingId: booking.id,
      provider: 'paystack',
      purpose: 'partial_refund',
      refundOf: `${booking.booking_code}-ELSEWHERE`,
      reference: failed,
      amountPesewas: 50_00,
      status: 'refund_pending',
      flaggedReason: 'refund_failed',
      refundId: '999',
    });
    const [counter] = await ctx.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.bookingId, booking.id),
          eq(payments.provider, 'cash'),
          eq(payments.purpose, 'partial_refund'),
        ),
      );

    // Handed back, on the cash entry: the Paystack refund stays open.
    const settled = await admin('/settle-refund', {
      note: 'Cash at the desk',
      reference: counter!.reference,
    });
    expect(settled.statusCode, settled.body).toBe(200);
    const rows = new Map(
      (await ctx.db.select().from(payments).where(eq(payments.bookingId, booking.id))).map((p) => [
        p.reference,
        p,
      ]),
    );
    expect(rows.get(counter!.reference)).toMatchObject({ status: 'refunded', flaggedReason: null });
    expect(rows.get(failed)).toMatchObject({
      status: 'refund_pending',
      flaggedReason: 'refund_failed',
    });

    // Retry on cash is refused; without a reference, Retry lands on the provider's refund.
    const onCash = await admin('/retry-refund', { reference: counter!.reference });
    expect(onCash.statusCode).toBe(409);
    expect((await admin('/retry-refund', {})).statusCode).toBe(200);
    const retried = (await eventsOf(booking.id, 'refund_requested')).map((e) => e.data);
    expect(retried).toContainEqual(expect.objectContaining({ reference: failed, retry_of: '999' }));
  });

  it('after a dearer change still unpaid, a cheaper one lowers what is due before anything is handed back', async () => {
    const { renter, booking } = await cashPaidBookingWithAdmin(day(10), day(12));
    const change = async (end: string) => {
      const res = await changeBooking(
        renter,
        booking.booking_code,
        'change',
        changeBody(day(10), end),
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().message as string;
    };
    expect(await change(day(14))).toBe(
      'Booking changed. Pay the extra GH₵ 600.00 when you pick up the car.',
    );
    // GH₵ 300 cheaper, with GH₵ 600 still unpaid: GH₵ 300 is still due, nothing goes back.
    expect(await change(day(13))).toBe(
      'Booking changed. Pay the extra GH₵ 300.00 when you pick up the car.',
    );
    // GH₵ 600 cheaper: GH₵ 300 of it was paid in cash, and that much is handed back.
    expect(await change(day(11))).toBe(
      'Booking changed. We will hand back GH₵ 300.00 at the counter.',
    );
    const counter = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.purpose, 'partial_refund')));
    expect(counter.map((p) => [p.provider, p.amountPesewas])).toEqual([['cash', 300_00]]);
  });

  it('refuses dates another booking holds with 409, and the booking keeps its dates', async () => {
    const { renter, car, booking } = await payOnPickupBooking(day(10), day(12));
    const other = await client.renter();
    await other.book(car.id, day(20), day(21));
    const res = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(19), day(20)),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: messages.booking.unavailable,
      errors: { start_date: [messages.booking.unavailable] },
    });
    expect(await bookingRow(booking.id)).toMatchObject({ startDate: day(10), endDate: day(12) });
    expect(await eventsOf(booking.id, 'changed')).toHaveLength(0);
  });

  it("is the renter's own: anyone else's booking is not found; signed out 401; unverified 403", async () => {
    const { booking } = await payOnPickupBooking();
    const stranger = await client.renter();
    const res = await changeBooking(
      stranger,
      booking.booking_code,
      'change',
      changeBody(day(30), day(31)),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(messages.booking.notFound);
    const signedOut = await changeBooking(
      client,
      booking.booking_code,
      'change',
      changeBody(day(30), day(31)),
    );
    expect(signedOut.statusCode).toBe(401);
    const unverified = await client.renter({ phoneVerified: false });
    const res403 = await changeBooking(
      unverified,
      booking.booking_code,
      'change',
      changeBody(day(30), day(31)),
    );
    expect(res403.statusCode).toBe(403);
  });

  it('only before pickup: a trip under way, a cancelled or a started booking is refused', async () => {
    const trip = await tripUnderWay();
    const active = await changeBooking(
      trip.renter,
      trip.booking.booking_code,
      'change',
      changeBody(day(30), day(31)),
    );
    expect(active.statusCode).toBe(409);
    expect(active.json().message).toBe(messages.booking.cannotChange);

    const { renter, booking } = await payOnPickupBooking();
    const cancelled = await renter.post(`/api/bookings/${booking.booking_code}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const res = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(30), day(31)),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.booking.cannotChange);

    // Booked in the past (straight into the table): its start date has passed.
    const car = await insertCar(ctx.db);
    const past = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 300_00,
      startDate: day(-2),
      endDate: day(1),
      status: 'confirmed',
    });
    const late = await changeBooking(
      renter,
      past.bookingCode,
      'change',
      changeBody(day(30), day(31)),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(messages.booking.cannotChange);
  });

  it('keeps the rules of a new booking: horizon, 90 days, branch hours, extras priced, delivery only in Accra', async () => {
    const { renter, booking } = await payOnPickupBooking();
    const code = booking.booking_code;
    const far = await changeBooking(
      renter,
      code,
      'change',
      changeBody(day(BOOKING_HORIZON_DAYS + 1), day(BOOKING_HORIZON_DAYS + 2)),
    );
    expect(far.statusCode).toBe(422);
    expect(far.json().errors.start_date).toEqual([messages.booking.tooFarAhead]);

    const long = await changeBooking(renter, code, 'change', changeBody(day(10), day(101)));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.end_date).toEqual([messages.booking.tooLong]);

    const early = await changeBooking(
      renter,
      code,
      'change',
      changeBody(day(10), day(11), { pickup_time: '05:00', return_time: '23:30' }),
    );
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.pickup_time?.[0]).toMatch(/^Pickup time must be between/);
    expect(early.json().errors.return_time?.[0]).toMatch(/^Return time must be between/);

    // Delivery, a chauffeur and an outside-Accra destination are priced as for a new booking.
    const extras = await changeBooking(
      renter,
      code,
      'change',
      changeBody(day(10), day(12), {
        chauffeur: true,
        destination: 'Cape Coast',
        destination_type: 2,
        delivery_address: '12 Oxford Street, Osu',
      }),
    );
    expect(extras.statusCode, extras.body).toBe(200);
    const labels = extras.json().booking.lines.map((l: { label: string }) => l.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'Chauffeur (2 days)',
        'Chauffeur allowance outside Accra (2 days)',
        'Delivery in Accra',
      ]),
    );

    const kumasi = await ctx.db.execute(sql`select id from branches where town = 'Kumasi'`);
    const kumasiCar = await insertCar(ctx.db, {
      branchId: Number(rowsOf<{ id: number }>(kumasi)[0]!.id),
    });
    const there = await renter.book(kumasiCar.id, day(10), day(11));
    const delivered = await changeBooking(
      renter,
      there.booking.booking_code,
      'change',
      changeBody(day(10), day(11), { delivery_address: '12 Oxford Street, Osu' }),
    );
    expect(delivered.statusCode).toBe(422);
    expect(delivered.json().errors.delivery_address).toEqual([
      messages.booking.deliveryOutsideAccra,
    ]);

    const past = await changeBooking(renter, code, 'change', changeBody(day(-1), day(2)));
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.start_date).toEqual([messages.booking.startInPast]);
    expect(await eventsOf(booking.id, 'changed')).toHaveLength(1);
  });
});

describe('extending a trip under way (BOOK-19)', () => {
  it('moves the return date later, re-priced, with the return reminder moved', async () => {
    const { renter, booking } = await tripUnderWay(day(2));
    // Queued by the job's run before 07:00 on the old return day (as if that had come).
    await reminderJobAt(day(2), '06:50');
    const res = await changeBooking(renter, booking.booking_code, 'extend', {
      end_date: day(5),
      return_time: '12:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.booking).toMatchObject({
      status: 'active',
      start_date: today,
      end_date: day(5),
      days: 5,
      return_time: '12:00',
    });
    expect(body.difference).toBeCloseTo(3 * 300, 2);
    // Cash was taken for the old total: the extra is paid when the car comes back.
    expect(body.message).toBe('Trip extended. Pay the extra GH₵ 900.00 when you return the car.');
    const [event] = await eventsOf(booking.id, 'extended');
    expect(event!.data).toMatchObject({
      from: { end_date: day(2) },
      to: { end_date: day(5), return_time: '12:00' },
      difference_pesewas: 900_00,
    });
    const outbox = await outboxOf(booking.id);
    expect(outbox.filter((m) => m.kind === 'booking_changed').at(-1)!.body).toContain(
      `the extension to booking ${booking.booking_code} is confirmed`,
    );
    expect(outbox.filter((m) => m.kind === 'return_reminder').map((m) => m.status)).toEqual([
      'cancelled',
    ]);
    expect(await reminderJobAt(day(2), '06:55')).toBe(0);
    await reminderJobAt(day(5), '06:50');
    // No pickup reminder for a car already picked up.
    await reminderJobAt(day(-1), '17:50');
    const reminders = (await outboxOf(booking.id)).filter(
      (m) => m.kind.endsWith('_reminder') && m.status === 'queued',
    );
    expect(reminders.map((m) => [m.kind, m.dueAt.toISOString()])).toEqual([
      ['return_reminder', `${day(5)}T07:00:00.000Z`],
    ]);
  });

  it('only later, only while the trip is under way, and only while the car is free', async () => {
    const { renter, car, booking } = await tripUnderWay(day(2));
    const sooner = await changeBooking(renter, booking.booking_code, 'extend', {
      end_date: day(2),
    });
    expect(sooner.statusCode).toBe(422);
    expect(sooner.json().errors.end_date).toEqual([messages.booking.extendNotLater]);

    const other = await client.renter();
    await other.book(car.id, day(6), day(8));
    const taken = await changeBooking(renter, booking.booking_code, 'extend', { end_date: day(6) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(messages.booking.unavailable);
    expect(await bookingRow(booking.id)).toMatchObject({ endDate: day(2) });

    const tooLong = await changeBooking(renter, booking.booking_code, 'extend', {
      end_date: day(95),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.end_date).toEqual([messages.booking.tooLong]);

    const notStarted = await payOnPickupBooking();
    const res = await changeBooking(notStarted.renter, notStarted.booking.booking_code, 'extend', {
      end_date: day(20),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.booking.cannotExtend);
  });
});

describe('re-quoting a change: GET /api/bookings/quote with booking_code', () => {
  it("does not count the booking's own dates as taken and gives the difference", async () => {
    const { renter, car, booking } = await payOnPickupBooking(day(10), day(12));
    const url = `/api/bookings/quote?car_id=${car.id}&start_date=${day(11)}&end_date=${day(14)}&booking_code=${booking.booking_code}`;
    const res = await renter.get(url);
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json();
    expect(quote.available).toBe(true);
    expect(quote.difference).toBeCloseTo(quote.total_cost - booking.total_cost, 2);
    expect(quote.difference).toBeCloseTo(300, 2);

    // Without the code the booking's own dates count as taken, and there is no difference.
    const plain = await client.get(url.replace(/&booking_code=.*$/, ''));
    expect(plain.json().available).toBe(false);
    expect(plain.json().difference).toBeUndefined();

    // The change then costs exactly what was quoted.
    const changed = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(11), day(14)),
    );
    expect(changed.json().booking.total_cost).toBe(quote.total_cost);
    expect(changed.json().difference).toBe(quote.difference);
  });

  it('re-quotes an extension of a trip that started days ago from the booking itself', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db, { pricePerDayPesewas: 300_00 });
    const trip = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 300_00,
      startDate: day(-2),
      endDate: day(1),
      status: 'active',
      paymentStatus: 'paid',
      childSeat: false,
    });
    const query = `car_id=${car.id}&start_date=${day(-2)}&end_date=${day(3)}`;
    const plain = await client.get(`/api/bookings/quote?${query}`);
    expect(plain.statusCode).toBe(422);
    const res = await renter.get(
      `/api/bookings/quote?${query}&child_seat=true&booking_code=${trip.bookingCode}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    // Only the end date is read: the trip keeps its start and extras (no child seat).
    expect(res.json()).toMatchObject({
      start_date: day(-2),
      end_date: day(3),
      days: 5,
      available: true,
    });
    expect(res.json().difference).toBeCloseTo(2 * 300, 2);
    const extended = await changeBooking(renter, trip.bookingCode, 'extend', { end_date: day(3) });
    expect(extended.json().booking.total_cost).toBe(res.json().total_cost);

    // A change (not yet picked up) may not quote a start in the past.
    const own = await payOnPickupBooking();
    const past = await own.renter.get(
      `/api/bookings/quote?${query}&booking_code=${own.booking.booking_code}`,
    );
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.start_date).toEqual([messages.booking.startInPast]);
  });

  it("is the renter's own booking: signed out 401, someone else's 404", async () => {
    const { car, booking } = await payOnPickupBooking();
    const url = `/api/bookings/quote?car_id=${car.id}&start_date=${day(30)}&end_date=${day(31)}&booking_code=${booking.booking_code}`;
    expect((await client.get(url)).statusCode).toBe(401);
    const stranger = await client.renter();
    const res = await stranger.get(url);
    expect(res.statusCode).toBe(404);
  });
});

describe('the no-double-booking guarantee holds for changed dates (BOOK-3)', () => {
  it('the database refuses a change onto another booking even without the service checks', async () => {
    const { car, booking } = await payOnPickupBooking(day(10), day(12));
    const other = await client.renter();
    await other.book(car.id, day(20), day(22));
    const row = await bookingRow(booking.id);
    const attempt = ctx.db.transaction((tx) =>
      applyBookingChange(
        tx,
        'change',
        row,
        { ...row, startDate: day(21), endDate: day(23) },
        {
          userId: row.userId!,
          money: { settle: 'none' },
        },
      ),
    );
    await expect(attempt).rejects.toMatchObject({ cause: { code: '23P01' } });
  });

  it('changes and extensions racing into the same free dates: exactly one wins, never an overlap', async () => {
    // On PostgreSQL, two app instances share the database, as two processes would.
    const apps = isPostgres() ? [ctx.app, await ctx.secondApp()] : [ctx.app];
    const carIds: number[] = [];
    for (let round = 0; round < 4; round++) {
      const car = await insertCar(ctx.db, { pricePerDayPesewas: 300_00 });
      carIds.push(car.id);
      const [a, b] = [await client.renter(), await client.renter()];
      // Two renters' bookings of one car; both ask for days 40 to 42 at once. In odd rounds
      // the first is a trip under way that extends into them instead.
      const first =
        round % 2
          ? await (async () => {
              const trip = await insertBooking(ctx.db, {
                userId: a.user.id,
                carId: car.id,
                pricePerDayPesewas: 300_00,
                startDate: today,
                endDate: day(3),
                status: 'active',
                paymentStatus: 'paid',
              });
              return {
                code: trip.bookingCode,
                action: 'extend' as const,
                body: { end_date: day(41) },
              };
            })()
          : {
              code: (await a.book(car.id, day(30), day(31))).booking.booking_code,
              action: 'change' as const,
              body: changeBody(day(40), day(42)),
            };
      const second = (await b.book(car.id, day(50), day(51))).booking.booking_code;
      const results = await Promise.all([
        api(apps[0]!)
          .withToken(a.token)
          .post(`/api/bookings/${first.code}/${first.action}`, first.body),
        api(apps[apps.length - 1]!)
          .withToken(b.token)
          .post(`/api/bookings/${second}/change`, changeBody(day(41), day(42))),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json().message).toBe(messages.booking.unavailable);
    }
    expect(await overlappingPairs(carIds)).toEqual([]);
  });
});

describe('mobile money: the difference is asked for or given back (BOOK-18)', () => {
  const verify = (renter: Client, reference: string) =>
    renter.post(`/api/payments/${reference}/verify`);

  /** A renter with a mobile money booking paid by a verified charge. */
  async function paidBooking(start = day(10), end = day(12)) {
    const renter = await client.renter();
    const car = await insertCar(ctx.db, { pricePerDayPesewas: 300_00 });
    const created = await renter.book(car.id, start, end, {
      payment_method: 'mobile_money',
      network: 'mtn',
      wallet_msisdn: freshWallet(),
    });
    paystack.settle(created.payment.reference, 'success');
    const verified = await verify(renter, created.payment.reference);
    expect(verified.statusCode, verified.body).toBe(200);
    return { renter, car, booking: created.booking, charge: created.payment };
  }

  it('an open payment prompt is finished first: 409, nothing changes', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const { booking } = await renter.book(car.id, day(10), day(12), {
      payment_method: 'mobile_money',
      network: 'mtn',
      wallet_msisdn: freshWallet(),
    });
    const res = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(20), day(22)),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.booking.changeWhilePaying);
    expect(await bookingRow(booking.id)).toMatchObject({ startDate: day(10) });
  });

  it('dearer: the change applies and the wallet is prompted for the difference; paid, it is recorded', async () => {
    const { renter, booking, charge } = await paidBooking(day(10), day(12));
    const res = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(10), day(14)),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.difference).toBe(600);
    expect(body.booking).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      end_date: day(14),
    });
    expect(body.message).toBe(
      'Booking changed. Approve the mobile money prompt for the extra GH₵ 600.00.',
    );
    expect(body.payment).toMatchObject({
      status: 'pending',
      amount: 600,
      network: 'mtn',
      wallet_msisdn: charge.wallet_msisdn,
    });
    expect(body.booking.payment.reference).toBe(body.payment.reference);
    expect(paystack.get(body.payment.reference)).toMatchObject({ amount: 600_00 });

    // A second change while the prompt is open would make its amount wrong.
    const again = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(10), day(15)),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.booking.changeWhilePaying);

    paystack.settle(body.payment.reference, 'success');
    const verified = await verify(renter, body.payment.reference);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    const [topUp] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.reference, body.payment.reference));
    expect(topUp).toMatchObject({ purpose: 'top_up', status: 'success', amountPesewas: 600_00 });
    expect(await eventsOf(booking.id, 'top_up_paid')).toHaveLength(1);

    // Cancelled later, both charges come back.
    paystack.refundMode = 'pending';
    const cancelled = await renter.post(`/api/bookings/${booking.booking_code}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refunded = paystack.refunds.filter((r) =>
      [charge.reference, body.payment.reference].includes(r.transaction),
    );
    expect(refunded.map((r) => r.amount).sort()).toEqual(
      [Math.round(booking.total_cost * 100), 600_00].sort(),
    );
  });

  it('dearer, prompt declined: the change stands and the difference is due at the counter', async () => {
    const { renter, booking } = await paidBooking(day(10), day(12));
    const res = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(10), day(13)),
    );
    const { payment } = res.json();
    paystack.settle(payment.reference, 'failed');
    await verify(renter, payment.reference);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      endDate: day(13),
    });
    const [failed] = await eventsOf(booking.id, 'top_up_failed');
    expect(failed).toMatchObject({ note: 'The difference is due at the counter' });
    expect(failed!.data).toMatchObject({ amount_pesewas: 300_00 });
  });

  it("dearer, the top-up charge's answer is lost: unknown, not failed; the reconciler finds it and it is paid (PAY-23)", async () => {
    const { renter, booking } = await paidBooking(day(10), day(12));
    paystack.failNext('charge', { kind: 'lost_answer' });
    const res = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(10), day(13)),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { payment } = res.json();
    const row = async () =>
      (await ctx.db.select().from(payments).where(eq(payments.reference, payment.reference)))[0]!;
    expect(await row()).toMatchObject({ purpose: 'top_up', status: 'unknown' });
    expect(await eventsOf(booking.id, 'top_up_failed')).toHaveLength(0);
    // Another change would make the amount asked for wrong, as with any open prompt.
    const again = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(10), day(14)),
    );
    expect(again.statusCode).toBe(409);

    paystack.settle(payment.reference, 'success');
    await ctx.db.execute(
      sql`update payments set created_at = now() - interval '2 minutes', updated_at = now() - interval '1 minute' where reference = ${payment.reference}`,
    );
    await reconcileOnce(ctx.app.payments);
    expect(await row()).toMatchObject({ status: 'success' });
    expect(await eventsOf(booking.id, 'top_up_paid')).toHaveLength(1);
  });

  it('dearer, prompt not approved within the hold time: given up, due at the counter', async () => {
    const { renter, booking } = await paidBooking(day(10), day(12));
    const res = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(10), day(13)),
    );
    const { payment } = res.json();
    const payments_ = ctx.app.payments;
    const hold = payments_.holdSeconds;
    payments_.holdSeconds = 0;
    try {
      await verify(renter, payment.reference);
    } finally {
      payments_.holdSeconds = hold;
    }
    const [row] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.reference, payment.reference));
    expect(row).toMatchObject({ status: 'abandoned' });
    expect(await eventsOf(booking.id, 'top_up_failed')).toHaveLength(1);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
    });
  });

  it('cheaper: part of the charge is refunded through Paystack with the amount in pesewas', async () => {
    const { renter, booking, charge } = await paidBooking(day(10), day(14));
    paystack.refundMode = 'pending';
    const res = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(10), day(11)),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.difference).toBe(-900);
    expect(body.message).toBe('Booking changed. GH₵ 900.00 is being refunded to your wallet.');
    expect(body.payment).toBeUndefined();
    // The renter's payment is still the charge that paid the booking.
    expect(body.booking.payment).toMatchObject({ reference: charge.reference, status: 'success' });

    const refund = paystack.refunds.at(-1)!;
    expect(refund).toMatchObject({ transaction: charge.reference, amount: 900_00 });
    const [partial] = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.refundOf, charge.reference), eq(payments.purpose, 'partial_refund')));
    expect(partial).toMatchObject({
      status: 'refund_pending',
      amountPesewas: 900_00,
      refundId: String(refund.id),
    });
    expect(await eventsOf(booking.id, 'refund_requested')).toHaveLength(1);

    // Paystack's refund webhook completes it; the booking stays paid and confirmed.
    paystack.settleRefund(refund.id, 'processed');
    // A partial refund leaves the charge paid (the fake marks any processed refund a reversal).
    paystack.get(charge.reference).status = 'success';
    const delivery = paystack.webhook(
      'refund.processed',
      paystack.refundEvent(refund.id, 'processed'),
    );
    // The signed delivery goes as the exact bytes Paystack signed.
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/paystack',
      headers: delivery.headers,
      payload: delivery.body,
    });
    expect(hook.statusCode).toBe(200);
    await settleBackground(ctx.app.payments);
    const [done] = await ctx.db.select().from(payments).where(eq(payments.id, partial!.id));
    expect(done).toMatchObject({ status: 'refunded' });
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
    });

    // Cancelled later: only what is left of the charge goes back.
    const cancelled = await renter.post(`/api/bookings/${booking.booking_code}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(paystack.refunds.at(-1)).toMatchObject({
      transaction: charge.reference,
      amount: Math.round(booking.total_cost * 100) - 900_00,
    });
  });

  it('cheaper after a paid top-up: the newest charge gives back first, none more than it holds', async () => {
    const { renter, booking, charge } = await paidBooking(day(10), day(12));
    const dearer = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(10), day(13)),
    );
    const topUp = dearer.json().payment.reference;
    paystack.settle(topUp, 'success');
    await verify(renter, topUp);
    paystack.refundMode = 'pending';

    // From 3 days back to 1: GH₵ 600 back, GH₵ 300 of it the top-up's, the rest the booking's.
    const cheaper = await changeBooking(
      renter,
      booking.booking_code,
      'change',
      changeBody(day(10), day(11)),
    );
    expect(cheaper.statusCode, cheaper.body).toBe(200);
    expect(cheaper.json().difference).toBe(-600);
    const asked = paystack.refunds.filter((r) => [charge.reference, topUp].includes(r.transaction));
    expect(asked.map((r) => [r.transaction, r.amount])).toEqual([
      [topUp, 300_00],
      [charge.reference, 300_00],
    ]);
    const partials = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.purpose, 'partial_refund')))
      // In the order they were asked for: PostgreSQL returns updated rows in any order.
      .orderBy(payments.id);
    expect(partials.map((p) => [p.refundOf, p.amountPesewas, p.status])).toEqual([
      [topUp, 300_00, 'refund_pending'],
      [charge.reference, 300_00, 'refund_pending'],
    ]);
  });
});
