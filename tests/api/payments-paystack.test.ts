import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, todayInAccra } from '../../src/shared/dates';
import { messages } from '../../src/shared/messages';
import { bookingEvents, bookings, payments } from '../../src/server/db/schema/index';
import { insertCar } from '../../src/server/db/factories';
import { reconcileOnce } from '../../src/server/modules/payments/payments.service';
import { FakePaystack } from '../support/fake-paystack';
import { setupTestApp, signedInRenter } from '../support/test-app';

// The real Paystack client code, pointed at a fake Paystack on loopback (issue 4).
const paystack = await new FakePaystack().start();
const ctx = await setupTestApp({
  payments: {
    provider: 'paystack',
    paystackSecretKey: paystack.secretKey,
    paystackBaseUrl: paystack.url,
    reconcileIntervalSeconds: 0,
    providerTimeoutMs: 300,
  },
});
afterAll(() => paystack.stop());

const today = todayInAccra();
let dayOffset = 3;

/** A renter, a car and a mobile money booking whose payment has started. */
async function startedBooking(options: { carId?: number; start?: string; end?: string } = {}) {
  const renter = await signedInRenter(ctx);
  const carId = options.carId ?? (await insertCar(ctx.db, { pricePerDayPesewas: 500_00 })).id;
  const start = options.start ?? addDays(today, (dayOffset += 1));
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: renter.headers,
    payload: {
      car_id: carId,
      start_date: start,
      end_date: options.end ?? addDays(start, 2),
      destination: 'Takoradi',
      destination_type: 2,
      payment_method: 'mobile_money',
      network: 'mtn',
      wallet_msisdn: '024 412 3456',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { renter, carId, start, booking: body.booking, payment: body.payment, body };
}

const bookingRow = async (id: number) =>
  (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const paymentRow = async (reference: string) =>
  (await ctx.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;
const events = async (bookingId: number, type: string) =>
  ctx.db
    .select()
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.type, type)));

const verify = (headers: Record<string, string>, reference: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/payments/${reference}/verify`, headers });

const deliver = (delivery: { body: string; headers: Record<string, string> }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/paystack',
    headers: delivery.headers,
    payload: delivery.body,
  });

/** Another renter books the same dates: succeeds only if the dates were freed. */
async function otherRenterBooks(carId: number, start: string) {
  const other = await signedInRenter(ctx);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: other.headers,
    payload: {
      car_id: carId,
      start_date: start,
      end_date: addDays(start, 2),
      destination: 'Ho',
      destination_type: 2,
      payment_method: 'payOnPickup',
    },
  });
}

describe('starting a mobile money payment with Paystack', () => {
  it('initializes the booking total in pesewas, GHS, mobile money only, with the renter and the booking code', async () => {
    const { booking, payment, renter } = await startedBooking();
    expect(booking).toMatchObject({ status: 'pending', payment_status: 'pending' });
    expect(payment).toMatchObject({
      provider: 'paystack',
      status: 'pending',
      network: 'mtn',
      wallet_msisdn: '233244123456',
      amount: booking.total_cost,
      currency: 'GHS',
      expires_at: booking.hold_expires_at,
    });
    expect(payment.authorization_url).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    expect(payment.reference.startsWith(`${booking.booking_code}-`)).toBe(true);

    const sent = paystack.get(payment.reference);
    expect(sent).toMatchObject({
      amount: Math.round(booking.total_cost * 100),
      currency: 'GHS',
      channels: ['mobile_money'],
      callback_url: 'http://localhost:3000/payment/callback',
      email: `${renter.user.msisdn}@carlink.com.gh`,
    });
    expect(sent.metadata).toMatchObject({
      booking_code: booking.booking_code,
      renter_phone: `+${renter.user.msisdn}`,
      mobile_money: { phone: '0244123456', provider: 'mtn' },
    });
    expect(booking.payment).toEqual(payment);
  });

  it('uses a fresh reference for each attempt', async () => {
    const a = await startedBooking();
    const b = await startedBooking();
    expect(a.payment.reference).not.toBe(b.payment.reference);
  });

  it('requires the network and a valid Ghana wallet number', async () => {
    const renter = await signedInRenter(ctx);
    const car = await insertCar(ctx.db);
    const base = {
      car_id: car.id,
      start_date: addDays(today, 40),
      end_date: addDays(today, 41),
      destination: 'Accra',
      destination_type: 1,
      payment_method: 'mobile_money',
    };
    const noNetwork = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings/create',
      headers: renter.headers,
      payload: base,
    });
    expect(noNetwork.statusCode).toBe(422);
    expect(noNetwork.json().errors.network).toEqual([messages.payment.networkRequired]);
    const badWallet = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings/create',
      headers: renter.headers,
      payload: { ...base, network: 'telecel', wallet_msisdn: '0301234567' },
    });
    expect(badWallet.statusCode).toBe(422);
    expect(badWallet.json().errors.wallet_msisdn).toEqual([messages.payment.walletInvalid]);
  });

  it.each([
    ['answers 500', { kind: 'status', status: 500 } as const],
    ['times out', { kind: 'hang' } as const],
  ])(
    'when Paystack %s, the renter is told and the car is released at once',
    async (_name, fault) => {
      const renter = await signedInRenter(ctx);
      const car = await insertCar(ctx.db);
      const start = addDays(today, 50);
      paystack.failNext('initialize', fault);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/bookings/create',
        headers: { ...renter.headers, 'idempotency-key': `init-fault-${car.id}` },
        payload: {
          car_id: car.id,
          start_date: start,
          end_date: addDays(start, 2),
          destination: 'Accra',
          destination_type: 1,
          payment_method: 'mobile_money',
          network: 'mtn',
        },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: messages.payment.startFailed });
      const [row] = await ctx.db.select().from(bookings).where(eq(bookings.carId, car.id));
      expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
      expect((await otherRenterBooks(car.id, start)).statusCode).toBe(201);
    },
  );
});

describe('a payment becomes paid only when verified', () => {
  it('by webhook: charge.success with the right amount confirms the booking', async () => {
    const { booking, payment } = await startedBooking();
    paystack.settle(payment.reference, 'success');
    const res = await deliver(
      paystack.webhook('charge.success', paystack.describe(payment.reference)),
    );
    expect(res.statusCode).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      holdExpiresAt: null,
    });
    expect(await paymentRow(payment.reference)).toMatchObject({
      status: 'success',
      flaggedReason: null,
    });
  });

  it('by verify: the renter polls; abandoned (not yet approved) changes nothing, success confirms', async () => {
    const { booking, payment, renter } = await startedBooking();
    const waiting = await verify(renter.headers, payment.reference);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().payment.status).toBe('pending');
    expect(waiting.json().booking).toMatchObject({ status: 'pending', payment_status: 'pending' });

    paystack.settle(payment.reference, 'success');
    const paid = await verify(renter.headers, payment.reference);
    expect(paid.json().payment.status).toBe('success');
    expect(paid.json().booking).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      booking_code: booking.booking_code,
    });
  });

  it.each(['webhook first', 'verify first'])(
    '%s, then the other: one state change',
    async (order) => {
      const { booking, payment, renter } = await startedBooking();
      paystack.settle(payment.reference, 'success');
      const hook = () =>
        deliver(paystack.webhook('charge.success', paystack.describe(payment.reference)));
      const poll = () => verify(renter.headers, payment.reference);
      const [first, second] = order === 'webhook first' ? [hook, poll] : [poll, hook];
      expect((await first()).statusCode).toBe(200);
      expect((await second()).statusCode).toBe(200);
      expect(await bookingRow(booking.id)).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'paid',
      });
      expect(await events(booking.id, 'paid')).toHaveLength(1);
    },
  );

  it('ten concurrent duplicate webhooks change the state once', async () => {
    const { booking, payment } = await startedBooking();
    paystack.settle(payment.reference, 'success');
    const delivery = paystack.webhook('charge.success', paystack.describe(payment.reference));
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(delivery)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await events(booking.id, 'paid')).toHaveLength(1);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
    });
  });

  it('a forged signature is refused with 401 and changes nothing', async () => {
    const { booking, payment } = await startedBooking();
    paystack.settle(payment.reference, 'success');
    const forged = paystack.webhook('charge.success', paystack.describe(payment.reference), {
      secret: 'sk_test_attacker',
    });
    const res = await deliver(forged);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.payment.badSignature });
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/paystack',
      headers: { 'content-type': 'application/json' },
      payload: forged.body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
    });
  });

  it('verifies the signature on the raw bytes: a pretty-printed body with non-ASCII text is accepted', async () => {
    const { booking, payment } = await startedBooking();
    paystack.settle(payment.reference, 'success', { gateway_response: 'Approved — Ɔbaa Yaa, ₵' });
    const res = await deliver(
      paystack.webhook('charge.success', paystack.describe(payment.reference), { pretty: true }),
    );
    expect(res.statusCode).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    expect((await paymentRow(payment.reference)).gatewayResponse).toBe('Approved — Ɔbaa Yaa, ₵');
  });

  it.each([
    ['a smaller amount', { paid_amount: 100 }],
    ['another currency', { paid_currency: 'NGN' }],
  ])('%s is flagged for staff, never confirmed', async (_name, change) => {
    const { booking, payment, renter } = await startedBooking();
    paystack.settle(payment.reference, 'success', change);
    expect((await verify(renter.headers, payment.reference)).statusCode).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
    });
    const row = await paymentRow(payment.reference);
    expect(row.flaggedReason).toBe('amount_or_currency_mismatch');
    expect(await events(booking.id, 'payment_flagged')).toHaveLength(1);
    // A webhook for the same news afterwards does not flip it to paid.
    await deliver(paystack.webhook('charge.success', paystack.describe(payment.reference)));
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
    });
  });
});

describe('payments that do not complete free the dates', () => {
  it('a declined payment cancels the booking as failed, with the reason, and frees the dates', async () => {
    const { booking, payment, renter, carId, start } = await startedBooking();
    paystack.settle(payment.reference, 'failed');
    const res = await verify(renter.headers, payment.reference);
    expect(res.json().payment).toMatchObject({
      status: 'failed',
      message: 'Declined by the customer',
    });
    expect(res.json().booking).toMatchObject({
      status: 'cancelled',
      payment_status: 'failed',
      can_cancel: false,
    });
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
    });
    expect((await otherRenterBooks(carId, start)).statusCode).toBe(201);
  });

  it('abandoned and past the hold: the reconciler expires it and frees the dates', async () => {
    const { booking, payment, carId, start } = await startedBooking();
    await ctx.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(bookings.id, booking.id));
    await ctx.db.execute(
      sql`update payments set created_at = now() - interval '16 minutes', updated_at = now() - interval '1 minute' where reference = ${payment.reference}`,
    );
    expect(await reconcileOnce(ctx.app.payments)).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(payment.reference)).toMatchObject({ status: 'abandoned' });
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
    });
    expect(await events(booking.id, 'hold_expired')).toHaveLength(1);
    expect((await otherRenterBooks(carId, start)).statusCode).toBe(201);
  });

  it('a success after the hold expired and the dates were taken is refunded and flagged', async () => {
    const { booking, payment, carId, start } = await startedBooking();
    await ctx.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(bookings.id, booking.id));
    expect((await otherRenterBooks(carId, start)).statusCode).toBe(201); // sweeps the expired hold
    paystack.settle(payment.reference, 'success');
    const res = await deliver(
      paystack.webhook('charge.success', paystack.describe(payment.reference)),
    );
    expect(res.statusCode).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
    });
    expect(await paymentRow(payment.reference)).toMatchObject({
      status: 'refund_pending',
      flaggedReason: 'paid_after_dates_released',
    });
    expect(paystack.refunds.filter((r) => r.transaction === payment.reference)).toHaveLength(1);

    // Paystack confirms the refund later by webhook.
    await deliver(
      paystack.webhook('refund.processed', {
        status: 'processed',
        transaction_reference: payment.reference,
      }),
    );
    expect(await paymentRow(payment.reference)).toMatchObject({ status: 'refunded' });
  });

  it('a success after the hold expired while the dates stayed free keeps the booking', async () => {
    const { booking, payment, renter } = await startedBooking();
    await ctx.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(bookings.id, booking.id));
    paystack.settle(payment.reference, 'success');
    const res = await verify(renter.headers, payment.reference);
    expect(res.json().booking).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  });
});

describe('refunds', () => {
  it('cancelling a paid booking refunds it through Paystack; refunded once Paystack confirms', async () => {
    const { booking, payment, renter } = await startedBooking();
    paystack.settle(payment.reference, 'success');
    await verify(renter.headers, payment.reference);

    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.booking_code}/cancel`,
      headers: renter.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().booking).toMatchObject({ status: 'cancelled', payment_status: 'paid' });
    expect(paystack.refunds.filter((r) => r.transaction === payment.reference)).toEqual([
      expect.objectContaining({ amount: Math.round(booking.total_cost * 100), status: 'pending' }),
    ]);
    expect(await paymentRow(payment.reference)).toMatchObject({ status: 'refund_pending' });

    const hook = paystack.webhook('refund.processed', {
      status: 'processed',
      transaction_reference: payment.reference,
    });
    await Promise.all([deliver(hook), deliver(hook)]);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    expect(await events(booking.id, 'refunded')).toHaveLength(1);
  });

  it('a refund request that failed is asked again by the reconciler, which also learns it was processed', async () => {
    const { booking, payment, renter } = await startedBooking();
    paystack.settle(payment.reference, 'success');
    await verify(renter.headers, payment.reference);
    paystack.failNext('refund', { kind: 'status', status: 500 });
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.booking_code}/cancel`,
      headers: renter.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(paystack.refunds.filter((r) => r.transaction === payment.reference)).toHaveLength(0);

    await ctx.db.execute(
      sql`update payments set updated_at = now() - interval '1 minute' where reference = ${payment.reference}`,
    );
    paystack.refundMode = 'processed';
    try {
      await reconcileOnce(ctx.app.payments, { limit: 50, minAgeSeconds: 0, leaseSeconds: 0 });
    } finally {
      paystack.refundMode = 'pending';
    }
    expect(paystack.refunds.filter((r) => r.transaction === payment.reference)).toHaveLength(1);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
  });
});

describe('who may see a payment', () => {
  it("another renter's reference is not found; visitors must sign in", async () => {
    const { payment } = await startedBooking();
    const stranger = await signedInRenter(ctx);
    expect((await verify(stranger.headers, payment.reference)).statusCode).toBe(404);
    expect((await verify({}, payment.reference)).statusCode).toBe(401);
  });

  it('the sandbox pages do not exist with Paystack', async () => {
    const { payment, renter } = await startedBooking();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments/sandbox/${payment.reference}`,
      headers: renter.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});
