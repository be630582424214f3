import { describe, expect, it } from 'vitest';
import { insertCar } from '../../src/server/db/factories';
import { api, bookFreshCar, day } from '../support/api';
import { setupTestApp } from '../support/test-app';

// BOOK-22: cancelling names the refund, before (what and where to) and after (done or on its
// way). The sandbox provider refunds at once (PAY-9).
const ctx = await setupTestApp();
const client = api(ctx.app);

describe('cancelling names the refund (BOOK-22)', () => {
  it('a paid mobile money booking says what a cancel refunds and to which wallet, then that it was refunded', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db, { pricePerDayPesewas: 300_00 });
    const made = await renter.book(car.id, day(10), day(12), {
      payment_method: 'mobile_money',
      network: 'mtn',
      wallet_msisdn: '0244123456',
    });
    const approve = await renter.post(`/api/payments/sandbox/${made.payment.reference}`, {
      decision: 'approve',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const code = made.booking.booking_code;
    const before = (await renter.get(`/api/bookings/${code}`)).json().booking;
    expect(before.cancel_refund).toEqual({
      amount: before.total_cost,
      wallet_msisdn: made.payment.wallet_msisdn,
      network: 'mtn',
    });
    expect(before.refund).toBeNull();

    const cancelled = await renter.post(`/api/bookings/${code}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = (await renter.get(`/api/bookings/${code}`)).json().booking;
    expect(after.cancel_refund).toBeNull();
    expect(after.refund).toEqual({
      amount: before.total_cost,
      wallet_msisdn: made.payment.wallet_msisdn,
      network: 'mtn',
      status: 'refunded',
    });
  });

  it('a pay-on-pickup booking has nothing to refund', async () => {
    const renter = await client.renter();
    const { code, booking } = await bookFreshCar(ctx.app, renter, { start: day(10), end: day(12) });
    expect(booking).toMatchObject({ cancel_refund: null, refund: null });
    await renter.post(`/api/bookings/${code}/cancel`);
    expect((await renter.get(`/api/bookings/${code}`)).json().booking).toMatchObject({
      cancel_refund: null,
      refund: null,
    });
  });
});
