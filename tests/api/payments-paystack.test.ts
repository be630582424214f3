import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates';
import { messages } from '../../src/shared/messages';
import { bookingEvents, bookings, payments } from '../../src/server/db/schema/index';
import { insertCar } from '../../src/server/db/factories';
import { findBookingById } from '../../src/server/modules/bookings/booking-lifecycle';
import { settleBackground } from '../../src/server/modules/payments/background-work';
import { startPayment } from '../../src/server/modules/payments/payment-prompts';
import { reconcileOnce } from '../../src/server/modules/payments/reconcile';
import { contractProblems } from '../support/paystack-contract';
import { bookingBody, type Client, day } from '../support/api';
import { setupPaystackTestApp } from '../support/paystack-app';

/**
 * The client's timeout for a call to Paystack. Short, since the tests that make the fake hang
 * wait it out; long enough that a cold first charge on a busy two-core machine is not taken
 * for a hang (300 ms was, under a full CI run).
 */
const PROVIDER_TIMEOUT_MS = 1_500;

// The real Paystack client code, pointed at a fake Paystack on loopback (decision 006).
const { paystack, ctx, client } = await setupPaystackTestApp({
  providerTimeoutMs: PROVIDER_TIMEOUT_MS,
});

let dayOffset = 3;

let walletSerial = 1_000_000;
/** A wallet number of its own per booking, so that the per-wallet prompt limit stays out of the way. */
const freshWallet = () => `024${(walletSerial += 1)}`;

/** A renter, a car and a mobile money booking whose payment has started. */
async function startedBooking(
  options: {
    carId?: number;
    start?: string;
    end?: string;
    network?: 'mtn' | 'telecel' | 'airteltigo';
    wallet?: string;
  } = {},
) {
  const renter = await client.renter();
  const carId = options.carId ?? (await insertCar(ctx.db, { pricePerDayPesewas: 500_00 })).id;
  const start = options.start ?? day((dayOffset += 1));
  const body = await renter.book(carId, start, options.end ?? addDays(start, 2), {
    destination: 'Takoradi',
    destination_type: 2,
    payment_method: 'mobile_money',
    network: options.network ?? 'mtn',
    wallet_msisdn: options.wallet ?? freshWallet(),
  });
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

const verify = (renter: Client, reference: string) =>
  renter.post(`/api/payments/${reference}/verify`);

/** A webhook delivery, then the work it started after its answer. */
async function deliver(delivery: { body: string; headers: Record<string, string> }) {
  const answer = await deliverOnly(delivery);
  await settleBackground(ctx.app.payments);
  return answer;
}
// Raw: the body goes as the exact bytes the fake Paystack signed.
const deliverOnly = (delivery: { body: string; headers: Record<string, string> }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/paystack',
    headers: delivery.headers,
    payload: delivery.body,
  });

const submitOtp = (renter: Client, reference: string, otp: string) =>
  renter.post(`/api/payments/${reference}/otp`, { otp });

/** A booking paid by a verified charge. */
async function paidBooking() {
  const started = await startedBooking();
  paystack.settle(started.payment.reference, 'success');
  await verify(started.renter, started.payment.reference);
  return started;
}

async function cancel(renter: Client, code: string) {
  const res = await renter.post(`/api/bookings/${code}/cancel`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const refundOf = (reference: string) => {
  const found = paystack.refunds.filter((r) => r.transaction === reference);
  return found[found.length - 1]!;
};

/** Another renter books the same dates: succeeds only if the dates were freed. */
async function otherRenterBooks(carId: number, start: string) {
  const other = await client.renter();
  return other.post('/api/bookings/create', bookingBody(carId, start, addDays(start, 2)));
}

describe('starting a mobile money payment with Paystack', () => {
  it('charges the wallet directly (mobile_money phone and provider), so the prompt reaches the phone', async () => {
    const { booking, payment, renter } = await startedBooking({ wallet: '024 412 3456' });
    expect(booking).toMatchObject({ status: 'pending', payment_status: 'pending' });
    expect(payment).toMatchObject({
      provider: 'paystack',
      status: 'pending',
      network: 'mtn',
      wallet_msisdn: '233244123456',
      amount: booking.total_cost,
      currency: 'GHS',
      expires_at: booking.hold_expires_at,
      step: 'pay_offline',
      display_text: 'Please complete authorization process on your mobile phone',
      authorization_url: null,
    });
    expect(payment.reference.startsWith(`${booking.booking_code}-`)).toBe(true);

    const sent = paystack.get(payment.reference);
    expect(sent).toMatchObject({
      amount: Math.round(booking.total_cost * 100),
      currency: 'GHS',
      channel: 'mobile_money',
      mobile_money: { phone: '0244123456', provider: 'mtn' },
      // The configured company mail domain, not the site's host.
      email: `${renter.user.msisdn}@mail.carlink.test`,
    });
    expect(sent.metadata).toMatchObject({
      booking_code: booking.booking_code,
      renter_phone: `+${renter.user.msisdn}`,
    });
    expect(sent.metadata).not.toHaveProperty('mobile_money');
    expect(booking.payment).toEqual(payment);
  });

  it.each([
    ['telecel', 'vod'],
    ['airteltigo', 'atl'],
  ] as const)('%s is sent as provider %s', async (network, code) => {
    const { payment } = await startedBooking({ network });
    expect(paystack.get(payment.reference).mobile_money?.provider).toBe(code);
  });

  it('uses a fresh reference for each attempt', async () => {
    const a = await startedBooking();
    const b = await startedBooking();
    expect(a.payment.reference).not.toBe(b.payment.reference);
  });

  it('requires the network and a valid Ghana wallet number', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const base = {
      car_id: car.id,
      start_date: day(40),
      end_date: day(41),
      destination: 'Accra',
      destination_type: 1,
      payment_method: 'mobile_money',
    };
    const noNetwork = await renter.post('/api/bookings/create', base);
    expect(noNetwork.statusCode).toBe(422);
    expect(noNetwork.json().errors.network).toEqual([messages.payment.networkRequired]);
    const badWallet = await renter.post('/api/bookings/create', {
      ...base,
      network: 'telecel',
      wallet_msisdn: '0301234567',
    });
    expect(badWallet.statusCode).toBe(422);
    expect(badWallet.json().errors.wallet_msisdn).toEqual([messages.payment.walletInvalid]);
  });

  // A 5xx or a timeout leaves the outcome unknown and the hold in place: payments-unknown.test.ts.
  it.each([['refuses the charge (400)', { kind: 'status', status: 400 } as const]])(
    'when Paystack %s, the renter is told and the car is released at once',
    async (_name, fault) => {
      const renter = await client.renter();
      const car = await insertCar(ctx.db);
      const start = day(50);
      paystack.failNext('charge', fault);
      const res = await renter.post(
        '/api/bookings/create',
        bookingBody(car.id, start, addDays(start, 2), {
          payment_method: 'mobile_money',
          network: 'mtn',
          wallet_msisdn: freshWallet(),
        }),
        { headers: { 'idempotency-key': `charge-fault-${car.id}` } },
      );
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: messages.payment.startFailed });
      const [row] = await ctx.db.select().from(bookings).where(eq(bookings.carId, car.id));
      expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
      expect((await otherRenterBooks(car.id, start)).statusCode).toBe(201);
    },
  );
});

describe('each charge status', () => {
  it('send_otp (Telecel Cash): the voucher is submitted through the server, then pending, then verified', async () => {
    const { booking, payment, renter } = await startedBooking({ network: 'telecel' });
    expect(payment).toMatchObject({ step: 'send_otp' });
    expect(payment.display_text).toMatch(/voucher/);

    const malformed = await submitOtp(renter, payment.reference, 'abc');
    expect(malformed.statusCode).toBe(422);
    const stranger = await client.renter();
    expect((await submitOtp(stranger, payment.reference, '123456')).statusCode).toBe(404);

    const sent = await submitOtp(renter, payment.reference, '123456');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().payment).toMatchObject({ status: 'pending', step: 'pending' });
    expect(paystack.get(payment.reference).otp).toBe('123456');
    // The voucher is asked for once: a second one is refused.
    expect((await submitOtp(renter, payment.reference, '654321')).statusCode).toBe(409);

    paystack.settle(payment.reference, 'success');
    const paid = await verify(renter, payment.reference);
    expect(paid.json().booking).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed' });
  });

  it('a voucher Paystack refuses can be typed again', async () => {
    const { payment, renter } = await startedBooking({ network: 'telecel' });
    const wrong = await submitOtp(renter, payment.reference, '12345');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(messages.payment.voucherRequired);
    expect((await submitOtp(renter, payment.reference, '123456')).statusCode).toBe(200);
  });

  it('pending: the renter waits; verify settles it', async () => {
    paystack.nextCharges.push('pending');
    const { payment, renter } = await startedBooking();
    expect(payment).toMatchObject({ status: 'pending', step: 'pending' });
    paystack.settle(payment.reference, 'success');
    expect((await verify(renter, payment.reference)).json().payment.status).toBe('success');
  });

  it('success at once: the charge is still verified before the booking is paid', async () => {
    paystack.nextCharges.push('success');
    const { booking, payment } = await startedBooking();
    expect(payment).toMatchObject({ status: 'success', step: null });
    expect(booking).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(paystack.calls.some((c) => c.path === `/transaction/verify/${payment.reference}`)).toBe(
      true,
    );
  });

  it('failed (declined on the phone): cancelled and failed with the reason, and nothing was charged', async () => {
    const { booking, payment, renter, carId, start } = await startedBooking();
    paystack.settle(payment.reference, 'failed');
    const res = await verify(renter, payment.reference);
    expect(res.json().payment).toMatchObject({
      status: 'failed',
      step: null,
      message: 'Declined by the customer. Nothing was charged.',
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
});

describe('a payment becomes paid only when verified', () => {
  it('by webhook: charge.success with the right amount confirms the booking', async () => {
    const { booking, payment } = await startedBooking();
    paystack.settle(payment.reference, 'success');
    const res = await deliver(
      paystack.webhook('charge.success', paystack.chargeSuccessEvent(payment.reference)),
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

  it('fees passed to the customer: amount is above requested_amount, and the booking is paid', async () => {
    paystack.customerFees = 19_50;
    const { booking, payment, renter } = await startedBooking();
    paystack.customerFees = 0;
    paystack.settle(payment.reference, 'success');
    expect(paystack.describe(payment.reference).amount).toBe(
      Math.round(booking.total_cost * 100) + 19_50,
    );
    const res = await verify(renter, payment.reference);
    expect(res.json().booking).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect((await paymentRow(payment.reference)).flaggedReason).toBeNull();
  });

  it('by verify: the renter polls; ongoing (not yet approved) changes nothing, success confirms', async () => {
    const { booking, payment, renter } = await startedBooking();
    const waiting = await verify(renter, payment.reference);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().payment.status).toBe('pending');
    expect(waiting.json().booking).toMatchObject({ status: 'pending', payment_status: 'pending' });

    paystack.settle(payment.reference, 'success');
    const paid = await verify(renter, payment.reference);
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
        deliver(paystack.webhook('charge.success', paystack.chargeSuccessEvent(payment.reference)));
      const poll = () => verify(renter, payment.reference);
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

  it('ten concurrent duplicate webhooks change the state once, and are stored once', async () => {
    const { booking, payment } = await startedBooking();
    paystack.settle(payment.reference, 'success');
    const delivery = paystack.webhook(
      'charge.success',
      paystack.chargeSuccessEvent(payment.reference),
    );
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(delivery)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await events(booking.id, 'paid')).toHaveLength(1);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    const stored = await ctx.db.execute(
      sql`select count(*)::int as n from paystack_events where payload->'data'->>'reference' = ${payment.reference}`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('a forged signature is refused with 401, is not stored, and changes nothing', async () => {
    const { booking, payment } = await startedBooking();
    paystack.settle(payment.reference, 'success');
    const forged = paystack.webhook(
      'charge.success',
      paystack.chargeSuccessEvent(payment.reference),
      {
        secret: 'sk_test_attacker',
      },
    );
    const res = await deliver(forged);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.payment.badSignature });
    // No signature header at all.
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
    const stored = await ctx.db.execute(
      sql`select count(*)::int as n from paystack_events where payload->'data'->>'reference' = ${payment.reference}`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('verifies the signature on the raw bytes: a pretty-printed body with non-ASCII text is accepted', async () => {
    const { booking, payment } = await startedBooking();
    paystack.settle(payment.reference, 'success', { gateway_response: 'Approved — Ɔbaa Yaa, ₵' });
    const res = await deliver(
      paystack.webhook('charge.success', paystack.chargeSuccessEvent(payment.reference), {
        pretty: true,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    expect((await paymentRow(payment.reference)).gatewayResponse).toBe('Approved — Ɔbaa Yaa, ₵');
  });

  it.each([
    ['a smaller requested amount', { paid_amount: 100 }],
    ['another currency', { paid_currency: 'NGN' }],
  ])('%s is flagged for staff, never confirmed', async (_name, change) => {
    const { booking, payment, renter } = await startedBooking();
    paystack.settle(payment.reference, 'success', change);
    expect((await verify(renter, payment.reference)).statusCode).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
    });
    const row = await paymentRow(payment.reference);
    expect(row.flaggedReason).toBe('amount_or_currency_mismatch');
    expect(await events(booking.id, 'payment_flagged')).toHaveLength(1);
    // A webhook for the same news afterwards does not flip it to paid.
    await deliver(
      paystack.webhook('charge.success', paystack.chargeSuccessEvent(payment.reference)),
    );
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
    });
  });
});

describe('reversals are flagged for staff, not read as declines', () => {
  it('a reversal before the booking was confirmed releases it, flagged, and says so', async () => {
    const { booking, payment, renter } = await startedBooking();
    paystack.settle(payment.reference, 'reversed');
    const res = await verify(renter, payment.reference);
    expect(res.json().payment).toMatchObject({
      status: 'reversed',
      message: messages.payment.reversed,
    });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'cancelled' });
    expect((await paymentRow(payment.reference)).flaggedReason).toBe('payment_reversed');
    expect(await events(booking.id, 'payment_flagged')).toHaveLength(1);
    // A second look changes nothing.
    await verify(renter, payment.reference);
    expect(await events(booking.id, 'payment_flagged')).toHaveLength(1);

    const staff = await client.staff();
    const detail = await staff.get(`/api/admin/bookings/${booking.booking_code}`);
    expect(detail.json().booking).toMatchObject({ flagged: true });
    expect(detail.json().booking.payments.at(-1)).toMatchObject({
      status: 'reversed',
      flagged_reason: 'payment_reversed',
    });
  });
});

describe('the sandbox phone with a real payment provider (RUN-13)', () => {
  it('has no mobile money prompts: the routes do not exist', async () => {
    const list = await client.get('/api/sandbox/prompts?wallet=0244123456');
    expect(list.statusCode).toBe(404);
    const { payment } = await startedBooking();
    const approve = await client.post(`/api/sandbox/prompts/${payment.reference}`, {
      decision: 'approve',
    });
    expect(approve.statusCode).toBe(404);
    expect(await paymentRow(payment.reference)).toMatchObject({ status: 'pending' });
  });
});

describe('a booking cancelled while its prompt is open (BOOK-8)', () => {
  it('the attempt reads failed at once; an approval that still comes is found and refunded', async () => {
    const { booking, payment, renter } = await startedBooking();
    const cancelled = await cancel(renter, booking.booking_code);
    expect(cancelled.json().booking).toMatchObject({
      status: 'cancelled',
      payment_status: 'failed',
      payment: { status: 'failed' },
    });
    expect(await paymentRow(payment.reference)).toMatchObject({ status: 'failed' });
    // Paystack cannot withdraw a prompt: the customer approves it anyway and the webhook is
    // lost. The reconciler still asks about it for a while, and gives the money back.
    paystack.settle(payment.reference, 'success');
    await ctx.db.execute(
      sql`update payments set created_at = now() - interval '1 minute', updated_at = now() - interval '1 minute' where reference = ${payment.reference}`,
    );
    expect(await reconcileOnce(ctx.app.payments)).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(payment.reference)).toMatchObject({
      status: 'refund_pending',
      flaggedReason: 'paid_after_cancellation',
    });
    expect(refundOf(payment.reference)).toBeTruthy();
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'cancelled' });
  });
});

describe('payments that do not complete free the dates', () => {
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
      paystack.webhook('charge.success', paystack.chargeSuccessEvent(payment.reference)),
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
    const refund = refundOf(payment.reference);
    expect((await paymentRow(payment.reference)).refundId).toBe(String(refund.id));

    // Paystack confirms the refund later by webhook.
    paystack.settleRefund(refund.id, 'processed');
    await deliver(
      paystack.webhook('refund.processed', paystack.refundEvent(refund.id, 'processed')),
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
    const res = await verify(renter, payment.reference);
    expect(res.json().booking).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  });
});

describe('refunds are tracked by their own id', () => {
  it('cancelling a paid booking refunds it; refund.processed (twice) marks it refunded once', async () => {
    const { booking, payment, renter } = await paidBooking();
    const cancelled = await cancel(renter, booking.booking_code);
    expect(cancelled.json().booking).toMatchObject({ status: 'cancelled', payment_status: 'paid' });
    const refund = refundOf(payment.reference);
    expect(refund).toMatchObject({
      amount: Math.round(booking.total_cost * 100),
      status: 'pending',
    });
    expect(await paymentRow(payment.reference)).toMatchObject({
      status: 'refund_pending',
      refundId: String(refund.id),
    });

    paystack.settleRefund(refund.id, 'processed');
    const hook = paystack.webhook('refund.processed', paystack.refundEvent(refund.id, 'processed'));
    await Promise.all([deliver(hook), deliver(hook)]);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    expect(await events(booking.id, 'refunded')).toHaveLength(1);
  });

  it('a refund event is checked against the refund by id: a processed event Paystack does not confirm changes nothing', async () => {
    const { booking, payment, renter } = await paidBooking();
    await cancel(renter, booking.booking_code);
    const refund = refundOf(payment.reference);
    // The event claims processed, but the refund itself is still pending at Paystack.
    await deliver(
      paystack.webhook('refund.processed', paystack.refundEvent(refund.id, 'processed')),
    );
    expect(await paymentRow(payment.reference)).toMatchObject({ status: 'refund_pending' });
    expect(
      paystack.calls.some((c) => c.method === 'GET' && c.path === `/refund/${refund.id}`),
    ).toBe(true);
  });

  it('a failed refund is flagged for staff, who retry it; the new refund is then tracked by its id', async () => {
    const { booking, payment, renter } = await paidBooking();
    await cancel(renter, booking.booking_code);
    const first = refundOf(payment.reference);
    paystack.settleRefund(first.id, 'failed');
    await deliver(paystack.webhook('refund.failed', paystack.refundEvent(first.id, 'failed')));
    expect(await paymentRow(payment.reference)).toMatchObject({
      status: 'refund_pending',
      flaggedReason: 'refund_failed',
    });

    const staff = await client.staff();
    const detail = await staff.get(`/api/admin/bookings/${booking.booking_code}`);
    expect(detail.json().booking.flagged).toBe(true);

    const retried = await staff.post(`/api/admin/bookings/${booking.booking_code}/retry-refund`);
    expect(retried.statusCode, retried.body).toBe(200);
    const second = refundOf(payment.reference);
    expect(second.id).not.toBe(first.id);
    expect(await paymentRow(payment.reference)).toMatchObject({
      refundId: String(second.id),
      flaggedReason: null,
    });
    // A late replay of the first refund's failure does not flag the new refund.
    await deliver(paystack.webhook('refund.failed', paystack.refundEvent(first.id, 'failed')));
    expect((await paymentRow(payment.reference)).flaggedReason).toBeNull();
    // Nothing left to retry now.
    const again = await staff.post(`/api/admin/bookings/${booking.booking_code}/retry-refund`);
    expect(again.statusCode).toBe(409);
  });

  it('a refund that needs attention is settled by hand with a note', async () => {
    const { booking, payment, renter } = await paidBooking();
    await cancel(renter, booking.booking_code);
    const refund = refundOf(payment.reference);
    paystack.settleRefund(refund.id, 'needs-attention');
    await deliver(
      paystack.webhook(
        'refund.needs-attention',
        paystack.refundEvent(refund.id, 'needs-attention'),
      ),
    );
    expect((await paymentRow(payment.reference)).flaggedReason).toBe('refund_needs_attention');

    const staff = await client.staff();
    const url = `/api/admin/bookings/${booking.booking_code}/settle-refund`;
    const noNote = await staff.post(url, {});
    expect(noNote.statusCode).toBe(422);
    const renterTries = await renter.post(url, { note: 'x' });
    expect(renterTries.statusCode).toBe(403);
    const settled = await staff.post(url, {
      note: 'Sent back by MoMo from the office wallet, ref 8812',
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().booking).toMatchObject({ payment_status: 'refunded', flagged: false });
    expect(await paymentRow(payment.reference)).toMatchObject({
      status: 'refunded',
      refundNote: 'Sent back by MoMo from the office wallet, ref 8812',
    });
    expect(await events(booking.id, 'refunded')).toHaveLength(1);
  });

  it('a refund request that failed is asked again by the reconciler, which then follows it by id', async () => {
    const { booking, payment, renter } = await paidBooking();
    paystack.failNext('refund', { kind: 'status', status: 500 });
    await cancel(renter, booking.booking_code);
    expect(paystack.refunds.filter((r) => r.transaction === payment.reference)).toHaveLength(0);

    const lease = () =>
      ctx.db.execute(
        sql`update payments set updated_at = now() - interval '1 minute' where reference = ${payment.reference}`,
      );
    await lease();
    await reconcileOnce(ctx.app.payments, { limit: 50, minAgeSeconds: 0, leaseSeconds: 0 });
    const refund = refundOf(payment.reference);
    expect(await paymentRow(payment.reference)).toMatchObject({ refundId: String(refund.id) });

    // No webhook came: the reconciler looks the refund up by its id.
    paystack.settleRefund(refund.id, 'processed');
    await lease();
    await reconcileOnce(ctx.app.payments, { limit: 50, minAgeSeconds: 0, leaseSeconds: 0 });
    expect(paystack.refunds.filter((r) => r.transaction === payment.reference)).toHaveLength(1);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
  });
});

describe('webhooks answer before they call Paystack', () => {
  it('the answer comes while the refund lookup is still hanging; the stored event is finished later', async () => {
    const { booking, payment, renter } = await paidBooking();
    await cancel(renter, booking.booking_code);
    const refund = refundOf(payment.reference);
    paystack.settleRefund(refund.id, 'processed');
    paystack.failNext('refund_fetch', { kind: 'hang' });
    const started = Date.now();
    const answer = await deliverOnly(
      paystack.webhook('refund.processed', paystack.refundEvent(refund.id, 'processed')),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true });
    // Well before the client's timeout: the answer does not wait for the lookup.
    expect(Date.now() - started).toBeLessThan(PROVIDER_TIMEOUT_MS / 2);
    await settleBackground(ctx.app.payments);
    // The lookup timed out: the event stays open, and the reconciler finishes it.
    expect(await paymentRow(payment.reference)).toMatchObject({ status: 'refund_pending' });
    await ctx.db.execute(sql`update paystack_events set leased_until = null`);
    await reconcileOnce(ctx.app.payments, { limit: 0, minAgeSeconds: 0, leaseSeconds: 0 });
    expect(await bookingRow(booking.id)).toMatchObject({ paymentStatus: 'refunded' });
  });

  it('charge.success before the renter verified, and after: one change', async () => {
    const { booking, payment, renter } = await startedBooking();
    paystack.settle(payment.reference, 'success');
    const hook = paystack.webhook('charge.success', paystack.chargeSuccessEvent(payment.reference));
    await deliver(hook);
    await verify(renter, payment.reference);
    await deliver(hook);
    expect(await events(booking.id, 'paid')).toHaveLength(1);
  });
});

describe('prompts are limited', () => {
  it('5 prompts per wallet number an hour, then 429 with a clear message', async () => {
    const wallet = freshWallet();
    for (let i = 0; i < 5; i++) await startedBooking({ wallet });
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const res = await renter.post(
      '/api/bookings/create',
      bookingBody(car.id, day(60), day(61), {
        payment_method: 'mobile_money',
        network: 'mtn',
        wallet_msisdn: wallet,
      }),
    );
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(messages.payment.tooManyPromptsWallet);
    // The booking that could not be prompted does not hold the car.
    expect((await otherRenterBooks(car.id, day(60))).statusCode).toBe(201);
  });
});

describe('prompts are limited per booking', () => {
  it('a fourth prompt for one booking is refused with 429', async () => {
    const { booking, renter } = await startedBooking();
    const row = (await findBookingById(ctx.db, booking.id))!;
    const again = () =>
      startPayment(ctx.app.payments, {
        booking: row,
        user: { ...renter.user, email: null },
        network: 'mtn',
        walletMsisdn: `23324${(walletSerial += 1)}`,
      });
    await again();
    await again();
    await expect(again()).rejects.toMatchObject({
      statusCode: 429,
      message: messages.payment.tooManyPromptsBooking,
    });
    expect(
      (await ctx.db.select().from(payments).where(eq(payments.bookingId, booking.id))).length,
    ).toBe(3);
  });
});

describe('who may see a payment', () => {
  it("another renter's reference is not found; visitors must sign in", async () => {
    const { payment } = await startedBooking();
    const stranger = await client.renter();
    expect((await verify(stranger, payment.reference)).statusCode).toBe(404);
    expect((await verify(client, payment.reference)).statusCode).toBe(401);
  });

  it('the sandbox pages do not exist with Paystack', async () => {
    const { payment, renter } = await startedBooking();
    const res = await renter.get(`/api/payments/sandbox/${payment.reference}`);
    expect(res.statusCode).toBe(404);
  });
});

describe("every exchange with the fake Paystack in this file follows Paystack's description", () => {
  it('requests and answers validate against tests/fixtures/paystack-openapi.json', () => {
    expect(paystack.calls.length).toBeGreaterThan(50);
    expect(paystack.calls.filter((c) => c.status !== 0).flatMap(contractProblems)).toEqual([]);
  });
});
