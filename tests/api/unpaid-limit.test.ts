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
