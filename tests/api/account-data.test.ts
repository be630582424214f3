import { eq } from 'drizzle-orm';
import { access } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { accountDataMessages, CLOSED_ACCOUNT_NAME } from '../../src/shared/schemas/account';
import { insertBooking, insertCar, insertSucceededPayment } from '../../src/server/db/factories';
import {
  bookings,
  conversationPhotos,
  customerDocuments,
  documentDeletions,
  payments,
  users,
} from '../../src/server/db/schema/index';
import { documentFile } from '../../src/server/modules/documents/document-files';
import { makeImage } from '../support/admin';
import { api, bookFreshCar, day, uploadDocument } from '../support/api';
import { setupTestApp } from '../support/test-app';

// ACCT-30 to ACCT-32: a renter downloads their data and closes their account.

const ctx = await setupTestApp();
const client = api(ctx.app);
const staff = await client.staff();

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** A trip that is over and paid by mobile money from the renter's own wallet. */
async function pastTrip(userId: number, wallet: string) {
  const car = await insertCar(ctx.db);
  const booking = await insertBooking(ctx.db, {
    userId,
    carId: car.id,
    pricePerDayPesewas: car.pricePerDayPesewas,
    startDate: day(-20),
    endDate: day(-18),
    status: 'completed',
    paymentStatus: 'paid',
    paymentMethod: 'mobile_money',
  });
  await insertSucceededPayment(ctx.db, booking, {
    method: 'mobile_money',
    at: new Date(Date.now() - 21 * 86_400_000),
    walletMsisdn: wallet,
  });
  return booking;
}

describe('a renter downloads their data (ACCT-30)', () => {
  it('gives one JSON file with their profile, bookings, payments, texts and documents', async () => {
    const renter = await client.signUp({ name: 'Yaw Export', password: 'Export@2026' });
    const [me] = await ctx.db.select().from(users).where(eq(users.msisdn, renter.msisdn));
    const trip = await pastTrip(me!.id, renter.msisdn);
    await uploadDocument(renter);
    // Someone else's booking and texts: never in this file.
    const other = await client.renter({ name: 'Ama Stranger' });
    const theirs = await bookFreshCar(ctx.app, other);
    // Their conversation with the company (CONV-1); another renter's is never in the file.
    await renter.upload('/api/conversation/messages', [{ name: 'body', value: 'Hello from Yaw' }]);
    await other.upload('/api/conversation/messages', [{ name: 'body', value: 'Hello from Ama' }]);

    // What they saved (AREA-5, SAVED-1); another renter's never.
    const favourite = await insertCar(ctx.db, { make: 'Kia', model: 'Sorento' });
    expect((await renter.put(`/api/favourites/${favourite.id}`)).statusCode).toBe(204);
    expect((await other.put(`/api/favourites/${favourite.id}`)).statusCode).toBe(204);
    await renter.post('/api/saved-searches', { name: 'Kia for Yaw', make: 'Kia' });
    await other.post('/api/saved-searches', { name: 'Kia for Ama', make: 'Kia' });

    const res = await renter.get('/api/account/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="carlink-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.profile).toMatchObject({ name: 'Yaw Export', msisdn: renter.msisdn });
    expect(data.bookings).toMatchObject([{ booking_code: trip.bookingCode, status: 'completed' }]);
    expect(data.payments).toMatchObject([
      { booking_code: trip.bookingCode, status: 'success', wallet_msisdn: renter.msisdn },
    ]);
    expect(data.documents).toMatchObject([
      { kind: 'ghana_card', ghana_card_pin: 'GHA-123456789-0' },
    ]);
    // The sign-up's code text is there, its code hidden.
    const codeText = data.text_messages.find((t: { kind: string }) => t.kind === 'code');
    expect(codeText.to).toBe(renter.msisdn);
    expect(codeText.body).not.toMatch(/\d{6}/);

    expect(data.conversation).toMatchObject([{ author: 'renter', body: 'Hello from Yaw' }]);
    expect(data.favourites).toMatchObject([{ car_id: favourite.id, car: 'Kia Sorento' }]);
    expect(data.saved_searches).toMatchObject([
      { name: 'Kia for Yaw', filters: { make: 'Kia', start_date: null } },
    ]);
    expect(res.body).not.toContain('Kia for Ama');
    expect(res.body).not.toContain('Hello from Ama');
    expect(res.body).not.toContain(theirs.code);
    expect(res.body).not.toContain('Ama Stranger');
    expect(res.body).not.toContain(other.user.msisdn);
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('$argon2');
  });
});

describe('a renter closes their account (ACCT-31, ACCT-32)', () => {
  it('asks for the password', async () => {
    const renter = await client.renter();
    const res = await renter.post('/api/account/close', { password: 'Wrong@2026' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual([accountDataMessages.passwordWrong]);
    const none = await renter.post('/api/account/close', { password: '' });
    expect(none.json().errors.password).toEqual([accountDataMessages.passwordRequired]);
    expect((await renter.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('is refused while a trip is under way, a booking is not over, or a payment is open', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const base = {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: car.pricePerDayPesewas,
    };
    const close = () => renter.post('/api/account/close', { password: renter.user.password });

    const upcoming = await insertBooking(ctx.db, {
      ...base,
      startDate: day(10),
      endDate: day(11),
      status: 'confirmed',
    });
    let res = await close();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(accountDataMessages.bookingNotOver(upcoming.bookingCode));

    const out = await insertBooking(ctx.db, {
      ...base,
      startDate: day(-1),
      endDate: day(1),
      status: 'active',
      paymentStatus: 'paid',
    });
    res = await close();
    expect(res.json().message).toBe(accountDataMessages.tripUnderWay);

    await ctx.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(bookings.id, upcoming.id));
    await ctx.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, out.id));
    const [refund] = await ctx.db
      .insert(payments)
      .values({
        bookingId: upcoming.id,
        provider: 'sandbox',
        reference: `RF-${upcoming.bookingCode}`,
        amountPesewas: 100_00,
        status: 'refund_pending',
      })
      .returning();
    res = await close();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(accountDataMessages.paymentOpen(refund!.reference));
    expect((await renter.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('closes: signed out, documents deleted, bookings kept without name or number, the number free again', async () => {
    const password = 'Closing@2026';
    const renter = await client.signUp({ name: 'Kofi Closing', password });
    const [me] = await ctx.db.select().from(users).where(eq(users.msisdn, renter.msisdn));
    const userId = me!.id;
    const trip = await pastTrip(userId, renter.msisdn);
    const card = await uploadDocument(renter);
    const [cardRow] = await ctx.db
      .select()
      .from(customerDocuments)
      .where(eq(customerDocuments.id, card.id));
    const photo = documentFile(ctx.app.documentStore.dir, userId, cardRow!.fileKey);
    expect(await exists(photo)).toBe(true);
    // A photo sent to the company in their conversation (CONV-3).
    const wrote = await renter.upload('/api/conversation/messages', [
      { name: 'body', value: 'A scratch on the door' },
      { name: 'photos', value: await makeImage('jpeg'), filename: 'door.jpg', type: 'image/jpeg' },
    ]);
    expect(wrote.statusCode, wrote.body).toBe(201);
    const [sentPhoto] = await ctx.db
      .select()
      .from(conversationPhotos)
      .where(eq(conversationPhotos.userId, userId));
    const messagePhoto = documentFile(ctx.app.documentStore.dir, userId, sentPhoto!.fileKey);
    expect(await exists(messagePhoto)).toBe(true);
    // A second device, signed in too.
    const phone = await client.as({ msisdn: renter.msisdn, password });

    const res = await renter.post('/api/account/close', { password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(accountDataMessages.closed);

    // Every session ended.
    expect((await renter.get('/api/auth/me')).statusCode).toBe(401);
    expect((await phone.get('/api/auth/me')).statusCode).toBe(401);
    // The old number and password open nothing.
    const login = await client.post('/api/auth/login', { msisdn: renter.msisdn, password });
    expect(login.statusCode).toBe(401);

    // The documents are gone, their deletion recorded.
    expect(
      await ctx.db.select().from(customerDocuments).where(eq(customerDocuments.userId, userId)),
    ).toEqual([]);
    expect(await exists(photo)).toBe(false);
    const records = await ctx.db
      .select({ reason: documentDeletions.reason })
      .from(documentDeletions)
      .where(eq(documentDeletions.userId, userId));
    expect(records).toEqual([{ reason: 'account_closed' }]);
    // So are the photos they sent in their conversation; its words stay, like contact messages.
    expect(
      await ctx.db.select().from(conversationPhotos).where(eq(conversationPhotos.userId, userId)),
    ).toEqual([]);
    expect(await exists(messagePhoto)).toBe(false);

    // The booking and payment stay for the accounts, with the name and number replaced.
    const [account] = await ctx.db.select().from(users).where(eq(users.id, userId));
    expect(account).toMatchObject({
      name: CLOSED_ACCOUNT_NAME,
      msisdn: `closed-${userId}`,
      email: null,
      whatsapp: null,
    });
    expect(account!.closedAt).toBeInstanceOf(Date);
    const [kept] = await ctx.db.select().from(bookings).where(eq(bookings.id, trip.id));
    expect(kept).toMatchObject({ userId, totalPesewas: trip.totalPesewas, status: 'completed' });
    const [paid] = await ctx.db.select().from(payments).where(eq(payments.bookingId, trip.id));
    expect(paid!.status).toBe('success');
    expect(paid!.walletMsisdn).not.toBe(renter.msisdn);
    expect(paid!.walletMsisdn).toMatch(/\*/);
    const seen = await staff.get(`/api/admin/bookings/${trip.bookingCode}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.body).toContain(CLOSED_ACCOUNT_NAME);
    expect(seen.body).not.toContain('Kofi Closing');
    expect(seen.body).not.toContain(renter.msisdn);

    // The number may register again: a new account, with nothing of the old one.
    const again = await client.signUp({ name: 'Kofi Again', msisdn: renter.msisdn, password });
    expect(again.body.user.id).not.toBe(userId);
    const fresh = await again.get('/api/account/export');
    expect(fresh.json().bookings).toEqual([]);
    expect(fresh.body).not.toContain(trip.bookingCode);
  });

  it('a staff account is not closed from a profile', async () => {
    const res = await staff.post('/api/account/close', { password: staff.user.password });
    expect(res.statusCode).toBe(403);
    expect((await staff.get('/api/auth/me')).statusCode).toBe(200);
  });
});
