import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates';
import { messages } from '../../src/shared/messages';
import { bookings, payments } from '../../src/server/db/schema/index';
import { insertCar } from '../../src/server/db/factories';
import { reconcileOnce } from '../../src/server/modules/payments/reconcile';
import { contractProblems } from '../support/paystack-contract';
import { bookingBody, day } from '../support/api';
import type { FakePaystack } from '../support/fake-paystack';
import { setupPaystackTestApp } from '../support/paystack-app';

/**
 * PAY-23: a charge request that times out, fails at the network or gets a 5xx may still have
 * reached the phone. It is 'unknown', never 'failed': the booking keeps its hold and the
 * reconciler asks GET /charge/{reference} and verify until the attempt settles.
 */
const { paystack, ctx, client } = await setupPaystackTestApp({ providerTimeoutMs: 1_500 });

let dayOffset = 20;
let wallet = 3_000_000;

/** A mobile money booking whose POST /charge meets the given fault. */
async function bookingWithFault(fault: Parameters<FakePaystack['failNext']>[1]) {
  const renter = await client.renter();
  const car = await insertCar(ctx.db, { pricePerDayPesewas: 300_00 });
  const start = day((dayOffset += 3));
  paystack.failNext('charge', fault);
  const res = await renter.post(
    '/api/bookings/create',
    bookingBody(car.id, start, addDays(start, 2), {
      payment_method: 'mobile_money',
      network: 'mtn',
      wallet_msisdn: `024${(wallet += 1)}`,
    }),
  );
  return { renter, carId: car.id, start, res };
}

const bookingOfCar = async (carId: number) =>
  (await ctx.db.select().from(bookings).where(eq(bookings.carId, carId)))[0]!;
const attemptOf = async (bookingId: number) =>
  (await ctx.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0]!;
/** The attempt as the reconciler would find it that many minutes later. */
const age = (reference: string, minutes: number) =>
  ctx.db.execute(
    sql`update payments set created_at = now() - make_interval(mins => ${minutes}),
          updated_at = now() - interval '1 minute' where reference = ${reference}`,
  );
const otherRenterBooks = async (carId: number, start: string) =>
  (await client.renter()).post(
    '/api/bookings/create',
    bookingBody(carId, start, addDays(start, 2)),
  );

describe('a charge request without an answer is unknown, not failed (PAY-23)', () => {
  it('Paystack took the charge but its answer was lost: the hold stays, and the reconciler finds the prompt', async () => {
    const { res, carId, start, renter } = await bookingWithFault({ kind: 'lost_answer' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payment).toMatchObject({
      status: 'pending',
      step: 'pending',
      display_text: messages.payment.checkingPrompt,
    });
    const booking = await bookingOfCar(carId);
    expect(booking).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    const attempt = await attemptOf(booking.id);
    expect(attempt.status).toBe('unknown');
    // The car stays held for this renter.
    expect((await otherRenterBooks(carId, start)).statusCode).toBe(409);

    await age(attempt.reference, 1);
    await reconcileOnce(ctx.app.payments);
    expect(paystack.calls.some((c) => c.path === `/charge/${attempt.reference}`)).toBe(true);
    expect(await attemptOf(booking.id)).toMatchObject({
      status: 'pending',
      chargeStep: 'pay_offline',
    });

    paystack.settle(attempt.reference, 'success');
    const verified = await renter.post(`/api/payments/${attempt.reference}/verify`);
    expect(verified.json().booking).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  });

  it("the renter's polling asks Paystack about it once 10 seconds have passed, not before", async () => {
    const { carId, renter } = await bookingWithFault({ kind: 'lost_answer' });
    const booking = await bookingOfCar(carId);
    const { reference } = await attemptOf(booking.id);
    const checks = () => paystack.calls.filter((c) => c.path === `/charge/${reference}`).length;
    const early = await renter.post(`/api/payments/${reference}/verify`);
    expect(early.json().payment).toMatchObject({ status: 'pending', step: 'pending' });
    expect(checks()).toBe(0);
    await ctx.db.execute(
      sql`update payments set created_at = now() - interval '11 seconds' where reference = ${reference}`,
    );
    const later = await renter.post(`/api/payments/${reference}/verify`);
    expect(checks()).toBe(1);
    expect(later.json().payment).toMatchObject({ status: 'pending', step: 'pay_offline' });
  });

  it.each([
    ['times out', { kind: 'hang' } as const],
    ['answers 500', { kind: 'status', status: 500 } as const],
  ])(
    'when POST /charge %s and Paystack never heard of it, it stays unknown for 30 minutes, then fails and frees the car',
    async (_name, fault) => {
      const { res, carId, start } = await bookingWithFault(fault);
      expect(res.statusCode, res.body).toBe(201);
      const booking = await bookingOfCar(carId);
      const attempt = await attemptOf(booking.id);
      expect(attempt.status).toBe('unknown');

      await age(attempt.reference, 29);
      await reconcileOnce(ctx.app.payments);
      expect(await attemptOf(booking.id)).toMatchObject({ status: 'unknown' });

      await age(attempt.reference, 31);
      await reconcileOnce(ctx.app.payments);
      expect(await attemptOf(booking.id)).toMatchObject({ status: 'failed' });
      expect(await bookingOfCar(carId)).toMatchObject({ status: 'cancelled' });
      expect((await otherRenterBooks(carId, start)).statusCode).toBe(201);
    },
  );

  it('Paystack refusing the charge (400) still releases the booking at once (PAY-4)', async () => {
    const { res, carId } = await bookingWithFault({ kind: 'status', status: 400 });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: messages.payment.startFailed });
    expect(await bookingOfCar(carId)).toMatchObject({ status: 'cancelled' });
  });

  it('an unknown attempt whose hold lapsed and whose dates went to someone else is refunded when its money arrives', async () => {
    const { carId, start } = await bookingWithFault({ kind: 'lost_answer' });
    const booking = await bookingOfCar(carId);
    const attempt = await attemptOf(booking.id);
    await ctx.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(bookings.id, booking.id));
    expect((await otherRenterBooks(carId, start)).statusCode).toBe(201);
    paystack.settle(attempt.reference, 'success');
    await age(attempt.reference, 20);
    await reconcileOnce(ctx.app.payments);
    expect(await attemptOf(booking.id)).toMatchObject({
      status: 'refund_pending',
      flaggedReason: 'paid_after_dates_released',
    });
  });

  it('an attempt that failed at the network before this change is watched for 30 minutes', async () => {
    const { carId } = await bookingWithFault({ kind: 'lost_answer' });
    const booking = await bookingOfCar(carId);
    const attempt = await attemptOf(booking.id);
    // As older code left it: failed, and the booking released (its hold kept, as PAY-4 did).
    await ctx.db
      .update(payments)
      .set({ status: 'failed', gatewayResponse: 'Could not start the payment' })
      .where(eq(payments.id, attempt.id));
    await ctx.db
      .update(bookings)
      .set({ status: 'cancelled', paymentStatus: 'failed' })
      .where(eq(bookings.id, booking.id));
    paystack.settle(attempt.reference, 'success');
    await age(attempt.reference, 10);
    await reconcileOnce(ctx.app.payments);
    // The money was found; the dates were still free, so the booking stands (PAY-8).
    expect((await attemptOf(booking.id)).status).toBe('success');
    expect(await bookingOfCar(carId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('Paystack unreachable for 30 minutes: still unknown, still checked, and flagged for staff', async () => {
    const { carId } = await bookingWithFault({ kind: 'hang' });
    const booking = await bookingOfCar(carId);
    const attempt = await attemptOf(booking.id);
    await age(attempt.reference, 31);
    paystack.failNext('check', { kind: 'status', status: 503 });
    paystack.failNext('verify', { kind: 'status', status: 503 });
    await reconcileOnce(ctx.app.payments);
    expect(await attemptOf(booking.id)).toMatchObject({
      status: 'unknown',
      flaggedReason: 'payment_status_unknown',
    });
    const staff = await client.staff();
    const flagged = (await staff.get('/api/admin/dashboard')).json().needs_action
      .flagged_payments as { payment_reference: string; flagged_reason: string }[];
    expect(flagged.find((f) => f.payment_reference === attempt.reference)).toMatchObject({
      flagged_reason: 'payment_status_unknown',
    });

    // Paystack answers again: the charge never arrived, and the flag is taken back.
    await age(attempt.reference, 32);
    await reconcileOnce(ctx.app.payments);
    expect(await attemptOf(booking.id)).toMatchObject({ status: 'failed', flaggedReason: null });
  });
});

describe("every exchange with the fake Paystack in this file follows Paystack's description", () => {
  it('requests and answers validate against tests/fixtures/paystack-openapi.json', () => {
    // A call left without an answer on purpose (a timeout) has no answer to check.
    const answered = paystack.calls.filter((call) => call.status !== 0);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.flatMap(contractProblems)).toEqual([]);
  });
});
