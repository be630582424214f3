import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates';
import { bookings, payments } from '../../src/server/db/schema/index';
import { insertCar } from '../../src/server/db/factories';
import { flaggedPayments } from '../../src/server/modules/admin/admin-dashboard.repository';
import { settleBackground } from '../../src/server/modules/payments/background-work';
import { reconcileOnce } from '../../src/server/modules/payments/reconcile';
import { contractProblems } from '../support/paystack-contract';
import { bookingBody, day } from '../support/api';
import { setupPaystackTestApp } from '../support/paystack-app';

/**
 * PAY-24, on both databases (api and api-pg): whatever the order of the charge's answer
 * (or its timeout), the customer's approval or decline, the webhook, the renter's verify, the
 * hold running out, another renter taking the dates, the renter's cancel, a verify that fails
 * and the reconciler's passes, money the customer paid ends as a confirmed booking, a refund,
 * or a flag on the staff dashboard; and a booking is never paid without money.
 */
const { paystack, ctx, client } = await setupPaystackTestApp({
  providerTimeoutMs: 1_000,
  prepare: (paystack) => {
    paystack.refundMode = 'processed';
    // Fees passed to the customer, as Paystack's mobile money event shows them (PAY-22).
    paystack.customerFees = 1_53;
  },
});

const STEPS = [
  'approve',
  'decline',
  'webhook',
  'verify',
  'verify_down',
  'hold_expires',
  'other_renter_books',
  'cancel',
  'reconcile',
] as const;
type Step = (typeof STEPS)[number];
const CHARGE_ANSWERS = ['answered', 'answer_lost', 'never_arrived', 'server_error'] as const;

let wallet = 5_000_000;
const start = day(40);
const end = addDays(start, 2);

const attemptOf = async (bookingId: number) =>
  (await ctx.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0]!;
const bookingOf = async (bookingId: number) =>
  (await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!;
/** The reconciler's view of the attempt as if it were that many minutes old. */
async function reconcileAt(reference: string, minutes: number) {
  await ctx.db.execute(
    sql`update payments set created_at = now() - make_interval(mins => ${minutes}),
          updated_at = now() - interval '1 minute' where reference = ${reference}`,
  );
  await ctx.db.execute(sql`update paystack_events set leased_until = null`);
  await reconcileOnce(ctx.app.payments);
}

async function run(answer: (typeof CHARGE_ANSWERS)[number], steps: Step[]) {
  paystack.resetFaults();
  const renter = await client.renter();
  const car = await insertCar(ctx.db, { pricePerDayPesewas: 250_00 });
  if (answer === 'answer_lost') paystack.failNext('charge', { kind: 'lost_answer' });
  if (answer === 'never_arrived') paystack.failNext('charge', { kind: 'hang' });
  if (answer === 'server_error') paystack.failNext('charge', { kind: 'status', status: 500 });
  const created = await renter.post(
    '/api/bookings/create',
    bookingBody(car.id, start, end, {
      payment_method: 'mobile_money',
      network: 'mtn',
      wallet_msisdn: `024${(wallet += 1)}`,
    }),
  );
  expect(created.statusCode, created.body).toBe(201);
  const { booking } = created.json() as { booking: { id: number; booking_code: string } };
  const { reference } = await attemptOf(booking.id);
  let approved = false;

  for (const step of steps) {
    const charge = paystack.transactions.get(reference);
    const waiting = charge && ['pay_offline', 'send_otp', 'pending'].includes(charge.status);
    if (step === 'approve' && waiting) {
      paystack.settle(reference, 'success');
      approved = true;
    } else if (step === 'decline' && waiting) {
      paystack.settle(reference, 'failed');
    } else if (step === 'webhook' && charge?.status === 'success') {
      const delivery = paystack.webhook('charge.success', paystack.chargeSuccessEvent(reference));
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/paystack',
        headers: delivery.headers,
        payload: delivery.body,
      });
      expect(res.statusCode).toBe(200);
      await settleBackground(ctx.app.payments);
    } else if (step === 'verify') {
      expect((await renter.post(`/api/payments/${reference}/verify`)).statusCode).toBe(200);
    } else if (step === 'verify_down') {
      paystack.failNext('verify', { kind: 'status', status: 503 });
    } else if (step === 'hold_expires') {
      await ctx.db
        .update(bookings)
        .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
        .where(eq(bookings.id, booking.id));
    } else if (step === 'other_renter_books') {
      const other = await client.renter();
      const res = await other.post('/api/bookings/create', bookingBody(car.id, start, end));
      expect([201, 409]).toContain(res.statusCode);
    } else if (step === 'cancel') {
      const res = await renter.post(`/api/bookings/${booking.booking_code}/cancel`);
      expect(res.statusCode).toBeLessThan(500);
    } else if (step === 'reconcile') {
      await reconcileAt(reference, 1);
    }
  }

  // Later: the reconciler's passes within its watch, then past it (PAY-12, PAY-23).
  paystack.resetFaults();
  await reconcileAt(reference, 20);
  await reconcileAt(reference, 31);

  const attempt = await attemptOf(booking.id);
  const row = await bookingOf(booking.id);
  const refunded = paystack.refunds.some((r) => r.transaction === reference);
  const onDashboard = (await flaggedPayments(ctx.db, 1000)).some((f) => f.reference === reference);
  const story = `${answer}: ${steps.join(', ')} -> attempt ${attempt.status} (${attempt.flaggedReason}), booking ${row.status}/${row.paymentStatus}`;
  if (approved) {
    const confirmed = attempt.status === 'success' && row.paymentStatus === 'paid';
    const givenBack = ['refund_pending', 'refunded'].includes(attempt.status) && refunded;
    expect(confirmed || givenBack || onDashboard, story).toBe(true);
    // The customer paid what was asked (fees on top): never a mismatch (PAY-15).
    expect(attempt.flaggedReason, story).not.toBe('amount_or_currency_mismatch');
  } else {
    expect(row.paymentStatus, story).not.toBe('paid');
    expect(refunded, story).toBe(false);
  }
}

describe('money received never ends as nothing (PAY-24)', () => {
  it('every order of charge answer, approval, webhook, verify, hold expiry, cancel and reconciler', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CHARGE_ANSWERS),
        // Each step at most once, in any order: every order of every subset can come up, and
        // half the runs take every step (the dangerous orders need several of them).
        fc.oneof(
          fc.shuffledSubarray([...STEPS], { minLength: 2 }),
          fc.shuffledSubarray([...STEPS], { minLength: STEPS.length }),
        ),
        run,
      ),
      {
        numRuns: 40,
        endOnFailure: true,
        examples: [
          // The customer approves after the hold ran out and the webhook is lost.
          ['answered', ['hold_expires', 'verify', 'approve']],
          // Paid with fees on top after the hold lapsed and someone else took the car.
          ['answered', ['hold_expires', 'other_renter_books', 'approve', 'webhook']],
          // The charge's answer was lost; approved after the renter cancelled.
          ['answer_lost', ['cancel', 'approve', 'verify_down', 'webhook']],
        ],
      },
    );
  }, 300_000);
});

describe("every exchange with the fake Paystack in this file follows Paystack's description", () => {
  it('requests and answers validate against tests/fixtures/paystack-openapi.json', () => {
    // A call left without an answer on purpose (a timeout) has no answer to check.
    const answered = paystack.calls.filter((call) => call.status !== 0);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.flatMap(contractProblems)).toEqual([]);
  });
});
