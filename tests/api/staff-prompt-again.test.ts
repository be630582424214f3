import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import type { AdminBookingDetail } from '../../src/shared/schemas/bookings.staff';
import { adminMessages } from '../../src/shared/staff-messages';
import { bookings, smsOutbox } from '../../src/server/db/schema/index';
import { insertCar } from '../../src/server/db/factories';
import { reconcileOnce } from '../../src/server/modules/payments/reconcile';
import { bookingBody, day } from '../support/api';
import { setupPaystackTestApp } from '../support/paystack-app';

/**
 * STAFF-46: a customer declining the prompt staff sent does not cancel the booking: it stays
 * held until its hold ends, staff send the prompt again meanwhile (to the wallet the customer
 * names), and only the hold's end releases it. Through the real Paystack client and the fake.
 */
const { paystack, ctx, client } = await setupPaystackTestApp({ providerTimeoutMs: 3_000 });
const staff = await client.staff();

let serial = 0;
const freshNumber = () => {
  const tail = String(process.pid % 1000).padStart(3, '0') + String(++serial).padStart(4, '0');
  return { national: `024${tail}`, stored: `23324${tail}` };
};

const detail = async (code: string): Promise<AdminBookingDetail> =>
  (await staff.get(`/api/admin/bookings/${code}`)).json().booking;
const promptAgain = (code: string, body: Record<string, unknown> = { network: 'mtn' }) =>
  staff.post(`/api/admin/bookings/${code}/prompt-again`, body);
/** The reconciler's pass, at once: it asks Paystack about open attempts, ends lapsed holds. */
const reconcile = () =>
  reconcileOnce(ctx.app.payments, { limit: 50, minAgeSeconds: 0, leaseSeconds: 0 });
const textsOf = async (bookingId: number) =>
  (await ctx.db.select().from(smsOutbox).where(eq(smsOutbox.bookingId, bookingId))).map(
    (m) => m.body,
  );

/** A phone booking paid by mobile money: its prompt is on the customer's phone. */
async function phoneBooking(start = day(20), end = day(21)) {
  const car = await insertCar(ctx.db);
  const phone = freshNumber();
  const res = await staff.post('/api/admin/bookings', {
    ...bookingBody(car.id, start, end, { destination: 'Tema', destination_type: 1 }),
    payment_method: 'mobile_money',
    network: 'mtn',
    msisdn: phone.national,
    name: 'Akua Nyarko',
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return {
    car,
    phone,
    code: body.booking.booking_code as string,
    id: body.booking.id as number,
    reference: body.payment.reference as string,
  };
}

describe('a declined staff-sent prompt (STAFF-46)', () => {
  it('declined, then sent again to another wallet, then approved: the booking is confirmed', async () => {
    const { code, id, reference } = await phoneBooking();
    const held = (await detail(code)).hold_expires_at;

    paystack.settle(reference, 'failed');
    await reconcile();
    const declined = await detail(code);
    expect(declined).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
      hold_expires_at: held,
    });
    expect(declined.payments).toMatchObject([
      { reference, status: 'failed', failure_reason: 'Declined by the customer' },
    ]);
    expect(declined.events.map((e) => e.type)).toEqual([
      'created',
      'payment_started',
      'prompt_declined',
    ]);
    // Nothing tells the customer the booking is off: it is not.
    expect((await textsOf(id)).some((t) => /declined|cancelled|released/i.test(t))).toBe(false);

    const other = freshNumber();
    const again = await promptAgain(code, { network: 'telecel', wallet_msisdn: other.national });
    expect(again.statusCode, again.body).toBe(200);
    const body = again.json();
    expect(body.message).toMatch(
      /^Prompt sent to \+233 24 .+\. The booking is held until \d\d:\d\d\.$/,
    );
    const second = body.booking.payments[1];
    expect(second).toMatchObject({ status: 'pending', network: 'telecel' });
    expect(second.wallet_msisdn).toBe(other.stored);
    expect(paystack.get(second.reference).mobile_money).toMatchObject({ provider: 'vod' });
    expect(body.booking.events.at(-1)).toMatchObject({
      type: 'payment_started',
      actor: 'staff',
      actor_user: { id: staff.user.id },
    });

    // One prompt at a time: two could both be approved.
    const twice = await promptAgain(code);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(adminMessages.promptWaiting);

    paystack.settle(second.reference, 'success');
    await reconcile();
    expect(await detail(code)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    const after = await promptAgain(code);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(adminMessages.promptNotHeld);
  });

  it('declined, then the hold lapses: the booking is released and its customer told', async () => {
    const { car, code, id, reference } = await phoneBooking(day(30), day(31));
    paystack.settle(reference, 'failed');
    await reconcile();
    expect(await detail(code)).toMatchObject({ status: 'pending', payment_status: 'pending' });

    await ctx.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(bookings.id, id));
    const late = await promptAgain(code);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(adminMessages.promptHoldEnded);

    // The reconciler's pass ends a hold no open prompt will end.
    await reconcile();
    const released = await detail(code);
    expect(released).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(released.events.at(-1)).toMatchObject({ type: 'hold_expired', actor: 'system' });
    expect(await textsOf(id)).toContainEqual(expect.stringContaining(code));
    expect((await textsOf(id)).some((t) => t.includes('ran out') || t.includes('released'))).toBe(
      true,
    );
    // Its days are free for the next customer.
    const next = await staff.post('/api/admin/bookings', {
      ...bookingBody(car.id, day(30), day(31), { destination: 'Tema', destination_type: 1 }),
      msisdn: freshNumber().national,
      name: 'Kofi Boateng',
    });
    expect(next.statusCode, next.body).toBe(201);
  });

  it('a decline Paystack knows of but told nobody is learned when staff send the prompt again', async () => {
    const { code, reference } = await phoneBooking(day(40), day(41));
    paystack.settle(reference, 'failed');
    const again = await promptAgain(code);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().booking.payments).toMatchObject([
      { reference, status: 'failed' },
      { status: 'pending' },
    ]);
  });

  it('a prompt Paystack refuses to start leaves the booking held (502), and PAY-20 bounds the prompts (429)', async () => {
    const { code, reference } = await phoneBooking(day(50), day(51));
    paystack.settle(reference, 'failed');
    await reconcile();
    paystack.failNext('charge', { kind: 'status', status: 400 });
    const refused = await promptAgain(code);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toMatch(
      /^The mobile money prompt could not be sent\. The booking stays held until \d\d:\d\d: try again\.$/,
    );
    expect(await detail(code)).toMatchObject({ status: 'pending', payment_status: 'pending' });

    // Its first prompt and the refused one count: one more, then the booking's limit.
    const third = await promptAgain(code);
    expect(third.statusCode, third.body).toBe(200);
    paystack.settle(third.json().booking.payments[2].reference, 'failed');
    await reconcile();
    const fourth = await promptAgain(code);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(messages.payment.tooManyPromptsBooking);
    expect(await detail(code)).toMatchObject({ status: 'pending', payment_status: 'pending' });
  });

  it('a renter declining their own prompt still releases the booking at once (BOOK-6)', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const created = await renter.book(car.id, day(60), day(61), {
      payment_method: 'mobile_money',
      network: 'mtn',
      wallet_msisdn: freshNumber().national,
    });
    paystack.settle(created.payment.reference, 'failed');
    await reconcile();
    expect(await detail(created.booking.booking_code)).toMatchObject({
      status: 'cancelled',
      payment_status: 'failed',
    });
  });

  it('a pay-on-pickup booking has no prompt to send again; the body is checked', async () => {
    const car = await insertCar(ctx.db);
    const res = await staff.post('/api/admin/bookings', {
      ...bookingBody(car.id, day(70), day(71), { destination: 'Tema', destination_type: 1 }),
      msisdn: freshNumber().national,
      name: 'Ama Serwaa',
    });
    const code = res.json().booking.booking_code as string;
    const refused = await promptAgain(code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(adminMessages.promptNotHeld);
    const bad = await promptAgain(code, { network: 'vodafone', wallet_msisdn: '12' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['network', 'wallet_msisdn']);
    expect((await promptAgain('CL-ZZZZZZ')).statusCode).toBe(404);
  });
});
