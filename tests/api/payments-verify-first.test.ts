import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates';
import { bookings, payments } from '../../src/server/db/schema/index';
import { insertCar } from '../../src/server/db/factories';
import { settleBackground } from '../../src/server/modules/payments/background-work';
import { reconcileOnce } from '../../src/server/modules/payments/reconcile';
import { contractProblems } from '../support/paystack-contract';
import { day } from '../support/api';
import { setupPaystackTestApp } from '../support/paystack-app';

/**
 * PAY-22: a signed charge.success is a hint, never the facts. The webhook fixtures are
 * Paystack's published mobile money event (tests/fixtures/paystack/), which carries no
 * requested_amount and an `amount` with the fees passed to the customer.
 */
const { paystack, ctx, client } = await setupPaystackTestApp({ providerTimeoutMs: 1_500 });

let dayOffset = 10;
let wallet = 2_000_000;

async function startedBooking() {
  const renter = await client.renter();
  const car = await insertCar(ctx.db, { pricePerDayPesewas: 400_00 });
  const start = day((dayOffset += 3));
  const body = await renter.book(car.id, start, addDays(start, 2), {
    destination: 'Kumasi',
    destination_type: 2,
    payment_method: 'mobile_money',
    network: 'mtn',
    wallet_msisdn: `024${(wallet += 1)}`,
  });
  return { renter, booking: body.booking, payment: body.payment };
}

const bookingRow = async (id: number) =>
  (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const paymentRow = async (reference: string) =>
  (await ctx.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;

// Raw: the body goes as the exact bytes the fake Paystack signed.
async function deliver(data: Record<string, unknown>) {
  const delivery = paystack.webhook('charge.success', data);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/paystack',
    headers: delivery.headers,
    payload: delivery.body,
  });
  await settleBackground(ctx.app.payments);
  return res;
}

const verifyCalls = (reference: string) =>
  paystack.calls.filter((c) => c.path === `/transaction/verify/${reference}`);

describe('every charge.success is checked with verify before anything changes (PAY-22)', () => {
  it("Paystack's published event (amount with passed-on fees, no requested_amount) confirms the booking", async () => {
    paystack.customerFees = 1_53;
    const { booking, payment } = await startedBooking();
    paystack.customerFees = 0;
    paystack.settle(payment.reference, 'success');
    const event = paystack.chargeSuccessEvent(payment.reference);
    expect(event).not.toHaveProperty('requested_amount');
    expect(event.amount).toBe(Math.round(booking.total_cost * 100) + 1_53);

    expect((await deliver(event)).statusCode).toBe(200);
    expect(verifyCalls(payment.reference).length).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(payment.reference)).toMatchObject({
      status: 'success',
      flaggedReason: null,
    });
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
    });
  });

  it('an event that says success while verify says the charge is still waiting changes nothing', async () => {
    const { booking, payment } = await startedBooking();
    // Signed with our key, but Paystack's own record says the customer has not approved yet.
    const event = { ...paystack.chargeSuccessEvent(payment.reference), status: 'success' };
    expect((await deliver(event)).statusCode).toBe(200);
    expect(verifyCalls(payment.reference).length).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(payment.reference)).toMatchObject({ status: 'pending' });
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
    });
  });

  it("an event's amount is not believed: verify's smaller amount flags the attempt for staff", async () => {
    const { booking, payment } = await startedBooking();
    const expected = Math.round(booking.total_cost * 100);
    paystack.settle(payment.reference, 'success', { paid_amount: expected - 100_00 });
    // The event claims the full amount; verify says less was asked for and paid.
    const event = { ...paystack.chargeSuccessEvent(payment.reference), amount: expected };
    await deliver(event);
    expect(await paymentRow(payment.reference)).toMatchObject({
      flaggedReason: 'amount_or_currency_mismatch',
    });
    expect(await bookingRow(booking.id)).toMatchObject({ paymentStatus: 'pending' });
  });

  it('when verify cannot be reached the event is kept and applied later by the reconciler', async () => {
    const { booking, payment } = await startedBooking();
    paystack.settle(payment.reference, 'success');
    paystack.failNext('verify', { kind: 'status', status: 500 });
    expect((await deliver(paystack.chargeSuccessEvent(payment.reference))).statusCode).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'pending' });

    // The reconciler's next pass (the event's lease over) finds the event and verifies again.
    await ctx.db.execute(sql`update paystack_events set leased_until = null`);
    await reconcileOnce(ctx.app.payments, { limit: 20, minAgeSeconds: 3600, leaseSeconds: 20 });
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
    });
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
