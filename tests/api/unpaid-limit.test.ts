import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { insertCar } from '../../src/server/db/factories';
import { api, day } from '../support/api';
import { setupTestApp } from '../support/test-app';

// LIMIT-13 without a dead end: said before the last step, and a booking paid at once by mobile
// money goes ahead (it is paid within its hold or released).
const ctx = await setupTestApp();
const client = api(ctx.app);

let walletSerial = 4_000_000;
const momo = () => ({
  payment_method: 'mobile_money',
  network: 'mtn',
  wallet_msisdn: `024${(walletSerial += 1)}`,
});

async function renterWithThreeUnpaid() {
  const renter = await client.renter();
  for (let i = 0; i < 3; i++) {
    const car = await insertCar(ctx.db);
    await renter.book(car.id, day(5 + i * 4), day(6 + i * 4));
  }
  return renter;
}

describe('the unpaid-bookings limit (LIMIT-13)', () => {
  it('a 4th booking paid by mobile money goes ahead; a 4th to pay on pickup does not', async () => {
    const renter = await renterWithThreeUnpaid();
    const car = await insertCar(ctx.db);
    const onPickup = await renter.post('/api/bookings/create', {
      car_id: car.id,
      start_date: day(30),
      end_date: day(31),
      destination: 'Accra',
      destination_type: 1,
      payment_method: 'payOnPickup',
    });
    expect(onPickup.statusCode).toBe(409);
    expect(onPickup.json().message).toBe(messages.booking.tooManyUnpaid);
    const paid = await renter.book(car.id, day(30), day(31), momo());
    expect(paid.booking).toMatchObject({ status: 'pending', payment_status: 'pending' });
  });

  it('GET /api/bookings/unpaid says how many unpaid bookings count and whether the limit is reached', async () => {
    const renter = await client.renter();
    const none = await renter.get('/api/bookings/unpaid');
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ unpaid: 0, limit: 3, reached: false });
    const full = await renterWithThreeUnpaid();
    expect((await full.get('/api/bookings/unpaid')).json()).toEqual({
      unpaid: 3,
      limit: 3,
      reached: true,
    });
  });

  it('asks who is asking', async () => {
    expect((await client.get('/api/bookings/unpaid')).statusCode).toBe(401);
  });
});

describe('paying a pay-on-pickup booking now by mobile money (LIMIT-13, BOOK-23)', () => {
  const payNow = (renter: Awaited<ReturnType<typeof client.renter>>, code: string, body = {}) =>
    renter.post(`/api/bookings/${code}/pay-now`, { network: 'mtn', ...body });
  const decide = (
    renter: Awaited<ReturnType<typeof client.renter>>,
    reference: string,
    decision: 'approve' | 'decline',
  ) => renter.post(`/api/payments/sandbox/${reference}`, { decision });

  it('approved, the booking is paid by mobile money and no longer counts as unpaid', async () => {
    const renter = await renterWithThreeUnpaid();
    const history = (await renter.get('/api/bookings/history')).json().bookings;
    const code = history[0].booking_code as string;
    const res = await payNow(renter, code);
    expect(res.statusCode, res.body).toBe(200);
    const { payment, booking } = res.json();
    expect(payment).toMatchObject({ status: 'pending', amount: booking.total_cost });
    expect(booking).toMatchObject({ payment_method: 'payOnPickup', payment_status: 'unpaid' });
    // While the prompt is open, no second one.
    expect((await payNow(renter, code)).statusCode).toBe(409);

    expect((await decide(renter, payment.reference, 'approve')).statusCode).toBe(200);
    expect((await renter.get(`/api/bookings/${code}`)).json().booking).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      payment_method: 'mobile_money',
    });
    expect((await renter.get('/api/bookings/unpaid')).json()).toMatchObject({
      unpaid: 2,
      reached: false,
    });
    // Paid: nothing more to pay now.
    expect((await payNow(renter, code)).statusCode).toBe(409);
  });

  it('declined, it stays a pay-on-pickup booking, and may be tried again', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const { booking } = await renter.book(car.id, day(5), day(6));
    const { payment } = (await payNow(renter, booking.booking_code)).json();
    expect((await decide(renter, payment.reference, 'decline')).statusCode).toBe(200);
    expect(
      (await renter.get(`/api/bookings/${booking.booking_code}`)).json().booking,
    ).toMatchObject({ status: 'pending', payment_status: 'unpaid', payment_method: 'payOnPickup' });
    expect((await payNow(renter, booking.booking_code)).statusCode).toBe(200);
  });

  it('not approved within the hold time, the prompt is given up and the booking stays as it was', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const { booking } = await renter.book(car.id, day(5), day(6));
    const { payment } = (await payNow(renter, booking.booking_code)).json();
    const hold = ctx.app.payments.holdSeconds;
    ctx.app.payments.holdSeconds = 0;
    try {
      const verified = await renter.post(`/api/payments/${payment.reference}/verify`);
      expect(verified.json().payment.status).not.toBe('pending');
    } finally {
      ctx.app.payments.holdSeconds = hold;
    }
    expect(
      (await renter.get(`/api/bookings/${booking.booking_code}`)).json().booking,
    ).toMatchObject({ status: 'pending', payment_status: 'unpaid', payment_method: 'payOnPickup' });
  });
});
