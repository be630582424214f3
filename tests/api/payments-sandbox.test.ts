import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { bookings, payments, sandboxTransactions } from '../../src/server/db/schema/index';
import { insertCar } from '../../src/server/db/factories';
import { reconcileOnce } from '../../src/server/modules/payments/reconcile';
import { api, bookFreshCar, day, type Client } from '../support/api';
import { setupTestApp } from '../support/test-app';

// The zero-configuration provider: the sandbox "phone" page approves or declines, and the
// app learns the outcome through the same verify-and-apply path as with Paystack.
const ctx = await setupTestApp();
const client = api(ctx.app);
let offset = 2;

async function startedBooking(network: 'mtn' | 'telecel' | 'airteltigo' = 'airteltigo') {
  const renter = await client.renter();
  const start = day((offset += 1));
  const { car, booking, payment } = await bookFreshCar(ctx.app, renter, {
    start,
    end: start,
    car: { pricePerDayPesewas: 350_00 },
    overrides: { payment_method: 'mobile_money', network },
  });
  return { renter, car, start, booking, payment };
}

const decide = (who: Client, reference: string, decision: string) =>
  who.post(`/api/payments/sandbox/${reference}`, { decision });

describe('the sandbox provider', () => {
  it("defaults the wallet to the account's number and points the renter at the sandbox page", async () => {
    const { payment, renter, booking } = await startedBooking();
    expect(payment).toMatchObject({
      provider: 'sandbox',
      network: 'airteltigo',
      wallet_msisdn: renter.user.msisdn,
    });
    expect(payment.authorization_url).toBe(
      `http://localhost:3000/pay/sandbox/${payment.reference}`,
    );
    const page = await renter.get(`/api/payments/sandbox/${payment.reference}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      reference: payment.reference,
      amount: booking.total_cost,
      currency: 'GHS',
      network: 'airteltigo',
      wallet_msisdn: renter.user.msisdn,
      status: 'pending',
      step: 'pay_offline',
      booking_code: booking.booking_code,
    });
    expect(payment.step).toBe('pay_offline');
  });

  it('Telecel Cash asks for a voucher first, as Paystack does; then the prompt approves', async () => {
    const { payment, renter } = await startedBooking('telecel');
    expect(payment.step).toBe('send_otp');
    const page = () => renter.get(`/api/payments/sandbox/${payment.reference}`);
    expect((await page()).json()).toMatchObject({ step: 'send_otp', status: 'pending' });
    // Approving before the voucher changes nothing.
    const early = await decide(renter, payment.reference, 'approve');
    expect(early.json().booking).toMatchObject({ status: 'pending', payment_status: 'pending' });

    const otp = (code: string) =>
      renter.post(`/api/payments/${payment.reference}/otp`, { otp: code });
    expect((await otp('12345')).statusCode).toBe(422);
    const sent = await otp('123456');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().payment).toMatchObject({ status: 'pending', step: 'pay_offline' });
    expect((await page()).json()).toMatchObject({ step: 'pay_offline' });
    const approved = await decide(renter, payment.reference, 'approve');
    expect(approved.json().booking).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  });

  it('approve → confirmed and paid; a second answer changes nothing', async () => {
    const { payment, renter } = await startedBooking();
    const approved = await decide(renter, payment.reference, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().booking).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    const late = await decide(renter, payment.reference, 'decline');
    expect(late.json().booking).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  });

  it('decline → cancelled and failed with the reason', async () => {
    const { payment, renter, booking } = await startedBooking();
    const declined = await decide(renter, payment.reference, 'decline');
    expect(declined.json().payment).toMatchObject({
      status: 'failed',
      message: 'Declined by the customer. Nothing was charged.',
    });
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
  });

  it('staff see why an attempt ended unpaid, and nothing for one that paid (STAFF-35)', async () => {
    const staff = await client.staff();
    const paymentsOf = async (code: string) =>
      (await staff.get(`/api/admin/bookings/${code}`)).json().booking.payments as {
        status: string;
        failure_reason: string | null;
      }[];

    const declined = await startedBooking();
    await decide(declined.renter, declined.payment.reference, 'decline');
    expect(await paymentsOf(declined.booking.booking_code)).toEqual([
      expect.objectContaining({ status: 'failed', failure_reason: 'Declined by the customer' }),
    ]);

    // The hold ran out unanswered: the reconciler's verify ends it as abandoned.
    const unanswered = await startedBooking();
    await ctx.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, unanswered.booking.id));
    await ctx.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(payments.reference, unanswered.payment.reference));
    await reconcileOnce(ctx.app.payments, { limit: 50, minAgeSeconds: 0, leaseSeconds: 0 });
    expect(await paymentsOf(unanswered.booking.booking_code)).toEqual([
      expect.objectContaining({ status: 'abandoned', failure_reason: 'Not approved in time' }),
    ]);

    const paid = await startedBooking();
    await decide(paid.renter, paid.payment.reference, 'approve');
    expect(await paymentsOf(paid.booking.booking_code)).toEqual([
      expect.objectContaining({ status: 'success', failure_reason: null }),
    ]);
  });

  it('refuses other renters, visitors and unknown decisions', async () => {
    const { payment } = await startedBooking();
    const stranger = await client.renter();
    expect((await decide(stranger, payment.reference, 'approve')).statusCode).toBe(404);
    expect((await decide(client, payment.reference, 'approve')).statusCode).toBe(401);
    const { payment: own, renter } = await startedBooking();
    expect((await decide(renter, own.reference, 'maybe')).statusCode).toBe(422);
  });

  it('cancelling with the prompt still open: the attempt reads failed and the prompt is withdrawn (BOOK-8)', async () => {
    const { payment, renter, booking } = await startedBooking();
    const cancel = await renter.post(`/api/bookings/${booking.booking_code}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const closed = `${messages.payment.cancelledWithBooking} ${messages.payment.nothingCharged}`;
    // The booking and its attempt say the same thing, wherever they are read.
    expect(cancel.json().booking).toMatchObject({
      status: 'cancelled',
      payment_status: 'failed',
      payment: { status: 'failed', step: null, message: closed },
    });
    const [attempt] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.reference, payment.reference));
    expect(attempt).toMatchObject({ status: 'failed', chargeStep: 'withdrawn' });
    // The phone no longer offers it: approving now takes nothing.
    const page = await renter.get(`/api/payments/sandbox/${payment.reference}`);
    expect(page.json()).toMatchObject({ status: 'cancelled' });
    const late = await decide(renter, payment.reference, 'approve');
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({
      booking: { status: 'cancelled', payment_status: 'failed' },
      payment: { status: 'failed', message: closed },
    });
    const [ledger] = await ctx.db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.reference, payment.reference));
    expect(ledger?.status).toBe('failed');
  });

  it('staff cancelling with the prompt still open: the console reads failed in the header and the payments alike', async () => {
    const staff = await client.staff();
    const { payment, booking } = await startedBooking();
    const res = await staff.post(`/api/admin/bookings/${booking.booking_code}/cancel`, {
      reason: 'Customer changed plans by phone',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toMatchObject({
      status: 'cancelled',
      payment_status: 'failed',
      payments: [{ reference: payment.reference, status: 'failed' }],
    });
    const page = await (await client.renter()).get(`/api/payments/sandbox/${payment.reference}`);
    // Someone else's attempt stays not found; its owner's page says withdrawn (above).
    expect(page.statusCode).toBe(404);
  });

  it('cancelling a paid sandbox booking refunds it at once', async () => {
    const { payment, renter, booking } = await startedBooking();
    await decide(renter, payment.reference, 'approve');
    const cancel = await renter.post(`/api/bookings/${booking.booking_code}/cancel`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().booking).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      payment: { status: 'refunded' },
    });
    const [ledger] = await ctx.db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.reference, payment.reference));
    expect(ledger?.status).toBe('reversed');
  });

  it('has no webhook secret, so any webhook is refused', async () => {
    // Raw: a delivery as Paystack would send it, with a signature no secret could check.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/paystack',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'a'.repeat(128) },
      payload: '{"event":"charge.success","data":{}}',
    });
    expect(res.statusCode).toBe(401);
  });

  it('shows the payment in the history', async () => {
    const { payment, renter } = await startedBooking();
    const history = await renter.get('/api/bookings/history');
    expect(history.json().bookings[0].payment).toMatchObject({
      reference: payment.reference,
      status: 'pending',
    });
  });
});

describe("the sandbox phone's mobile money prompts (RUN-13)", () => {
  let serial = 0;
  /** A phone booking by staff for a new customer who has no password yet (STAFF-14, STAFF-16). */
  async function phoneBooking(network: 'mtn' | 'telecel' = 'mtn') {
    const staff = await client.staff();
    const car = await insertCar(ctx.db, { pricePerDayPesewas: 350_00 });
    const start = day((offset += 1));
    const tail = String(process.pid % 1000).padStart(3, '0') + String(++serial).padStart(4, '0');
    const res = await staff.post('/api/admin/bookings', {
      car_id: car.id,
      start_date: start,
      end_date: start,
      destination: 'Accra',
      destination_type: 1,
      payment_method: 'mobile_money',
      network,
      msisdn: `024${tail}`,
      name: 'Kojo Mensah',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as {
      booking: { id: number; booking_code: string; total_cost: number };
      payment: { reference: string };
    };
    return { staff, national: `024${tail}`, stored: `23324${tail}`, ...body };
  }
  const prompts = (wallet: string) =>
    client.get(`/api/sandbox/prompts?wallet=${encodeURIComponent(wallet)}`);
  const answer = (reference: string, decision: string) =>
    client.post(`/api/sandbox/prompts/${reference}`, { decision });

  it("shows the open prompt to the wallet's phone, signed in or not, and approving it pays the booking", async () => {
    const { national, stored, booking, payment } = await phoneBooking();
    for (const wallet of [national, stored, `+${stored}`]) {
      const res = await prompts(wallet);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().prompts).toEqual([
        expect.objectContaining({
          reference: payment.reference,
          merchant: 'CarLink Ghana',
          amount: booking.total_cost,
          currency: 'GHS',
          network: 'mtn',
          wallet_msisdn: stored,
          booking_code: booking.booking_code,
          status: 'pending',
          step: 'pay_offline',
        }),
      ]);
    }
    expect((await prompts('0245550000')).json()).toEqual({ prompts: [] });

    const approved = await answer(payment.reference, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().prompt).toMatchObject({
      reference: payment.reference,
      status: 'success',
    });
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    // Answered: the phone no longer offers it, and a second answer is refused.
    expect((await prompts(national)).json()).toEqual({ prompts: [] });
    const again = await answer(payment.reference, 'decline');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.payment.promptNotOpen);
  });

  it('declining keeps the booking held for staff to prompt again (STAFF-46); a cancelled booking takes its prompt off the phone', async () => {
    const declined = await phoneBooking();
    const res = await answer(declined.payment.reference, 'decline');
    expect(res.json().prompt).toMatchObject({ status: 'failed' });
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, declined.booking.id));
    expect(row).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect((await prompts(declined.national)).json()).toEqual({ prompts: [] });

    const cancelled = await phoneBooking();
    const cancel = await cancelled.staff.post(
      `/api/admin/bookings/${cancelled.booking.booking_code}/cancel`,
      { reason: 'Customer changed plans by phone' },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await prompts(cancelled.national)).json()).toEqual({ prompts: [] });
    const late = await answer(cancelled.payment.reference, 'approve');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(messages.payment.promptNotOpen);
  });

  it('Telecel Cash waits for its voucher before it can be approved', async () => {
    const { national, payment } = await phoneBooking('telecel');
    expect((await prompts(national)).json().prompts).toMatchObject([{ step: 'send_otp' }]);
    const early = await answer(payment.reference, 'approve');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(messages.payment.voucherFirst);
  });

  it('refuses a wallet number that is not valid (422), an unknown prompt (404) and an unknown answer (422)', async () => {
    const bad = await prompts('12345');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ wallet: [messages.phone.invalid] });
    expect((await answer('CL-ZZZZZZ-NOSUCHREF2', 'approve')).statusCode).toBe(404);
    const { payment } = await phoneBooking();
    expect((await answer(payment.reference, 'maybe')).statusCode).toBe(422);
  });
});
