import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { payments, smsOutbox } from '../../src/server/db/schema/index';
import { insertCar } from '../../src/server/db/factories';
import { reconcileOnce } from '../../src/server/modules/payments/reconcile';
import { bookFreshCar, cashPaidBooking, type Client, day } from '../support/api';
import { setupPaystackTestApp } from '../support/paystack-app';

// A dearer change of a paid mobile money booking (BOOK-18, BOOK-21): one story on the booking's
// page, the API and the texts. Mobile money goes through the real Paystack client and a fake.
const { paystack, ctx, client } = await setupPaystackTestApp({ providerTimeoutMs: 3_000 });

let walletSerial = 3_000_000;
const freshWallet = () => `024${(walletSerial += 1)}`;

const verify = (renter: Client, reference: string) =>
  renter.post(`/api/payments/${reference}/verify`);
const topUp = (renter: Client, code: string) => renter.post(`/api/bookings/${code}/top-up`);
const bookingOf = async (renter: Client, code: string) =>
  (await renter.get(`/api/bookings/${code}`)).json().booking;
const textsOf = async (bookingId: number) =>
  (await ctx.db.select().from(smsOutbox).where(eq(smsOutbox.bookingId, bookingId))).map(
    (m) => m.body,
  );

/** A paid mobile money booking (GH₵ 300 a day) changed to a day longer: GH₵ 300 to top up. */
async function dearerChange() {
  const renter = await client.renter();
  const car = await insertCar(ctx.db, { pricePerDayPesewas: 300_00 });
  const created = await renter.book(car.id, day(10), day(12), {
    payment_method: 'mobile_money',
    network: 'mtn',
    wallet_msisdn: freshWallet(),
  });
  paystack.settle(created.payment.reference, 'success');
  expect((await verify(renter, created.payment.reference)).statusCode).toBe(200);
  const code = created.booking.booking_code;
  const changed = await renter.post(`/api/bookings/${code}/change`, {
    start_date: day(10),
    end_date: day(13),
    destination: 'Accra',
    destination_type: 1,
  });
  expect(changed.statusCode, changed.body).toBe(200);
  return {
    renter,
    code,
    booking: created.booking,
    charge: created.payment,
    changed: changed.json(),
  };
}

describe('a top-up the renter can follow (BOOK-21)', () => {
  it('while the top-up is due the booking says so; declined, the renter asks for the prompt again and pays', async () => {
    const { renter, code, booking, charge, changed } = await dearerChange();
    expect(changed.booking).toMatchObject({ balance_due: 300, top_up_due: 300 });

    // The prompt is open: another one is not sent on top of it.
    const twice = await topUp(renter, code);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(messages.booking.topUpWaiting);

    paystack.settle(changed.payment.reference, 'failed');
    await verify(renter, changed.payment.reference);
    expect(await bookingOf(renter, code)).toMatchObject({ top_up_due: 300 });

    const again = await topUp(renter, code);
    expect(again.statusCode, again.body).toBe(200);
    const body = again.json();
    expect(body.message).toBe('Approve the mobile money prompt for GH₵ 300.00 on your phone.');
    expect(body.payment).toMatchObject({
      status: 'pending',
      amount: 300,
      wallet_msisdn: charge.wallet_msisdn,
    });
    expect(paystack.get(body.payment.reference)).toMatchObject({ amount: 300_00 });

    paystack.settle(body.payment.reference, 'success');
    expect((await verify(renter, body.payment.reference)).statusCode).toBe(200);
    expect(await bookingOf(renter, code)).toMatchObject({
      payment_status: 'paid',
      balance_due: 0,
      top_up_due: 0,
    });
    // The receipt of the top-up, as for the first payment.
    expect(await textsOf(booking.id)).toContainEqual(
      expect.stringContaining(`payment of GHS 300.00 received for booking ${code}`),
    );

    // Nothing is due any more.
    const after = await topUp(renter, code);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(messages.booking.noTopUpDue);
  });

  it('a top-up paid at once by the first prompt sends its receipt', async () => {
    const { renter, code, booking, changed } = await dearerChange();
    paystack.settle(changed.payment.reference, 'success');
    await verify(renter, changed.payment.reference);
    const texts = await textsOf(booking.id);
    expect(texts).toContainEqual(
      expect.stringContaining(`payment of GHS 300.00 received for booking ${code}`),
    );
    expect(texts.find((t) => t.includes('GHS 300.00 received'))).toContain('paid in full');
  });

  it('a late approval of a prompt given up, once the top-up was paid again, is refunded (PAY-24)', async () => {
    const { renter, code, changed } = await dearerChange();
    const first = changed.payment.reference as string;
    const hold = ctx.app.payments.holdSeconds;
    ctx.app.payments.holdSeconds = 0;
    try {
      await verify(renter, first);
    } finally {
      ctx.app.payments.holdSeconds = hold;
    }
    const again = (await topUp(renter, code)).json();
    paystack.settle(again.payment.reference, 'success');
    await verify(renter, again.payment.reference);
    paystack.settle(first, 'success');
    // The reconciler asks about an attempt given up without the provider's word (PAY-12).
    await ctx.db.execute(
      sql`update payments set created_at = now() - interval '2 minutes', updated_at = now() - interval '1 minute' where reference = ${first}`,
    );
    await reconcileOnce(ctx.app.payments);
    const [late] = await ctx.db.select().from(payments).where(eq(payments.reference, first));
    expect(late).toMatchObject({ status: 'refund_pending', flaggedReason: 'paid_twice' });
    expect(await bookingOf(renter, code)).toMatchObject({ balance_due: 0, top_up_due: 0 });
  });

  it('cash owed at the counter is no mobile money top-up', async () => {
    const staff = await client.staff();
    const renter = await client.renter();
    const { code } = await cashPaidBooking(ctx.app, staff, renter, {
      start: day(10),
      end: day(12),
    });
    const changed = await renter.post(`/api/bookings/${code}/change`, {
      start_date: day(10),
      end_date: day(13),
      destination: 'Accra',
      destination_type: 1,
    });
    expect(changed.json().booking).toMatchObject({ balance_due: 300, top_up_due: 0 });
    const res = await topUp(renter, code);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.booking.noTopUpDue);
  });

  it('a prompt the provider refused to start points to Pay now, and Pay now sends it', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db, { pricePerDayPesewas: 300_00 });
    const created = await renter.book(car.id, day(10), day(12), {
      payment_method: 'mobile_money',
      network: 'mtn',
      wallet_msisdn: freshWallet(),
    });
    paystack.settle(created.payment.reference, 'success');
    await verify(renter, created.payment.reference);
    const code = created.booking.booking_code;
    paystack.failNext('charge', { kind: 'status', status: 400 });
    const changed = await renter.post(`/api/bookings/${code}/change`, {
      start_date: day(10),
      end_date: day(13),
      destination: 'Accra',
      destination_type: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe(
      "Booking changed. The mobile money prompt could not be sent: pay the extra GH₵ 300.00 with Pay now on this booking's page.",
    );
    expect(changed.json().booking).toMatchObject({ top_up_due: 300 });
    expect((await topUp(renter, code)).statusCode).toBe(200);
  });

  it("past the booking's prompts (PAY-20) the renter is told to pay at the counter", async () => {
    const { renter, code, changed } = await dearerChange();
    paystack.settle(changed.payment.reference, 'failed');
    await verify(renter, changed.payment.reference);
    // The booking's third prompt: its payment, the change's, this one.
    const third = (await topUp(renter, code)).json().payment.reference as string;
    paystack.settle(third, 'failed');
    await verify(renter, third);
    const fourth = await topUp(renter, code);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(messages.booking.topUpPromptsUsed);
  });

  it("someone else's booking is not found", async () => {
    const { code } = await dearerChange();
    const stranger = await client.renter();
    expect((await topUp(stranger, code)).statusCode).toBe(404);
    const { code: own } = await bookFreshCar(ctx.app, stranger);
    expect((await topUp(stranger, own)).statusCode).toBe(409);
  });
});
