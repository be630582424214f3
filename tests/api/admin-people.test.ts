import { describe, expect, it } from 'vitest';
import type { AdminCustomer } from '../../src/shared/schemas/console';
import type { AdminContactMessage } from '../../src/shared/schemas/inbox.staff';
import { contactMessages, newsletterSubscriptions } from '../../src/server/db/schema/index';
import { insertBooking, insertCar } from '../../src/server/db/factories';
import { api, day } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);
const staff = await client.staff();

describe('customers', () => {
  it('searches renters by name or phone, with their booking counts', async () => {
    const tag = `Nana${Date.now().toString(36)}`;
    const renter = await client.renter({ name: `${tag} Agyeman`, msisdn: '0551239876' });
    const car = await insertCar(ctx.db);
    const base = { userId: renter.user.id, carId: car.id, pricePerDayPesewas: 100_00 };
    await insertBooking(ctx.db, {
      ...base,
      startDate: day(1),
      endDate: day(2),
    });
    await insertBooking(ctx.db, {
      ...base,
      startDate: day(5),
      endDate: day(6),
      status: 'cancelled',
    });

    for (const q of [
      tag.toLowerCase(),
      '0551239876',
      '055123',
      '233551239876',
      '+233 55 123 9876',
    ]) {
      const res = await staff.get(`/api/admin/customers?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().customers.map((c: AdminCustomer) => c.id)).toEqual([renter.user.id]);
    }
    const [customer] = (await staff.get(`/api/admin/customers?q=${tag}`)).json().customers;
    expect(customer).toMatchObject({
      name: `${tag} Agyeman`,
      msisdn: '233551239876',
      bookings_count: 2,
      live_bookings_count: 1,
      last_booking_at: expect.any(String),
    });

    // Staff are not customers.
    expect(
      (await staff.get(`/api/admin/customers?q=${encodeURIComponent('Abena Staff')}`)).json()
        .customers,
    ).toEqual([]);
    expect((await staff.get('/api/admin/customers?q=zzzznobody')).json()).toMatchObject({
      customers: [],
      total: 0,
      last_page: 1,
    });
  });

  it("shows one customer's bookings, newest first and paged, and 404 for anyone else", async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const base = { userId: renter.user.id, carId: car.id, pricePerDayPesewas: 100_00 };
    const older = await insertBooking(ctx.db, {
      ...base,
      startDate: day(1),
      endDate: day(1),
    });
    const newer = await insertBooking(ctx.db, {
      ...base,
      startDate: day(3),
      endDate: day(3),
    });
    const res = await staff.get(`/api/admin/customers/${renter.user.id}?limit=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      customer: { id: renter.user.id, bookings_count: 2 },
      total: 2,
      last_page: 2,
    });
    expect(res.json().bookings.map((b: { booking_code: string }) => b.booking_code)).toEqual([
      newer.bookingCode,
    ]);
    const page2 = await staff.get(`/api/admin/customers/${renter.user.id}?limit=1&page=2`);
    expect(page2.json().bookings.map((b: { booking_code: string }) => b.booking_code)).toEqual([
      older.bookingCode,
    ]);
    expect((await staff.get(`/api/admin/customers/${staff.user.id}`)).statusCode).toBe(404);
    expect((await staff.get('/api/admin/customers/999999')).statusCode).toBe(404);
  });
});

describe('messages', () => {
  it('lists contact messages newest first with the unread count, and marks one read', async () => {
    const sent = await client.post('/api/contact', {
      first_name: 'Kojo',
      last_name: 'Mensah',
      email: 'kojo@example.com',
      phone: '0244111222',
      message: 'Do you deliver to Kumasi?',
    });
    expect(sent.statusCode).toBe(201);
    const [older] = await ctx.db
      .insert(contactMessages)
      .values({
        firstName: 'Old',
        lastName: 'Note',
        email: 'o@example.com',
        phone: '0244000000',
        message: 'Earlier',
        createdAt: new Date(Date.now() - 86_400_000),
      })
      .returning();

    const list = (await staff.get('/api/admin/messages/contact')).json();
    const ids = list.messages.map((m: AdminContactMessage) => m.id);
    expect(list.messages[0]).toMatchObject({
      first_name: 'Kojo',
      last_name: 'Mensah',
      message: 'Do you deliver to Kumasi?',
      read_at: null,
    });
    expect(ids.indexOf(older!.id)).toBeGreaterThan(0);

    const read = await staff.post(`/api/admin/messages/contact/${older!.id}/read`);
    expect(read.json().message.read_at).toEqual(expect.any(String));
    const again = await staff.post(`/api/admin/messages/contact/${older!.id}/read`);
    expect(again.json().message.read_at).toBe(read.json().message.read_at);
    expect((await staff.get('/api/admin/messages/contact')).json().unread).toBe(list.unread - 1);
    expect((await staff.post('/api/admin/messages/contact/999999/read')).statusCode).toBe(404);
  });

  it('lists newsletter sign-ups newest first, paged', async () => {
    await ctx.db
      .insert(newsletterSubscriptions)
      .values({ email: 'first@example.com', createdAt: new Date(Date.now() - 60_000) });
    await client.post('/api/newsletter', { email: 'second@example.com' });
    const res = await staff.get('/api/admin/messages/newsletter?limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      subscriptions: [{ email: 'second@example.com' }],
      limit: 1,
      page: 1,
    });
    expect(res.json().total).toBeGreaterThanOrEqual(2);
    expect((await staff.get('/api/admin/messages/newsletter?limit=1000')).statusCode).toBe(422);
  });
});
