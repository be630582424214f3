import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/client';
import { insertBooking, insertCar, insertUser } from '../../src/server/db/factories';
import { users } from '../../src/server/db/schema/index';
import { messages } from '../../src/shared/messages';
import { adminMessages } from '../../src/shared/staff-messages';
import { carInput } from '../support/admin';
import { api, bookingBody, day } from '../support/api';
import { setupTestApp } from '../support/test-app';

/**
 * Roles and branches (ROLE-1 to ROLE-9) beyond the matrix test's one request per route: what
 * a manager's and an agent's lists, dashboard and choices keep to, and a switched-off account.
 */
const ctx = await setupTestApp();
const client = api(ctx.app);

const branchIds = rowsOf<{ id: number }>(
  await ctx.db.execute(sql`select id from branches order by id`),
).map((r) => r.id);
const [here, there] = branchIds as [number, number];

const owner = await client.staff();
const manager = await client.staff({ staffRole: 'manager', branchIds: [here] });
const agent = await client.staff({ staffRole: 'agent', branchIds: [here] });

// One customer who rents here, one who rents only there, one who has not rented yet.
const localCar = await insertCar(ctx.db, { branchId: here });
const farCar = await insertCar(ctx.db, { branchId: there });
const local = await insertUser(ctx.db, { name: 'Kojo Local' });
const far = await insertUser(ctx.db, { name: 'Ama Faraway' });
const newcomer = await insertUser(ctx.db, { name: 'Yaw Newcomer' });
const book = (userId: number, car: typeof localCar, from: number) =>
  insertBooking(ctx.db, {
    userId,
    carId: car.id,
    pricePerDayPesewas: car.pricePerDayPesewas,
    startDate: day(from),
    endDate: day(from + 1),
    status: 'confirmed',
    paymentStatus: 'paid',
  });
const localBooking = await book(local.id, localCar, 0);
const farBooking = await book(far.id, farCar, 0);

const codesOf = (body: { bookings: { booking_code: string }[] }) =>
  body.bookings.map((b) => b.booking_code);

describe('a manager or an agent works at their branches (ROLE-5)', () => {
  it("lists only their branches' bookings; the owner sees both", async () => {
    for (const who of [manager, agent]) {
      const res = await who.get('/api/admin/bookings?limit=100');
      expect(res.statusCode).toBe(200);
      expect(codesOf(res.json())).toContain(localBooking.bookingCode);
      expect(codesOf(res.json())).not.toContain(farBooking.bookingCode);
    }
    const all = codesOf((await owner.get('/api/admin/bookings?limit=100')).json());
    expect(all).toEqual(expect.arrayContaining([localBooking.bookingCode, farBooking.bookingCode]));
  });

  it('marks in the branch list which branches are theirs: every one for the owner', async () => {
    const yours = async (who: typeof owner) =>
      Object.fromEntries(
        (await who.get('/api/admin/branches'))
          .json()
          .branches.map((b: { id: number; yours: boolean }) => [b.id, b.yours]),
      );
    for (const who of [manager, agent]) {
      const marks = await yours(who);
      expect(Object.keys(marks)).toHaveLength(branchIds.length);
      expect(marks[here]).toBe(true);
      expect(marks[there]).toBe(false);
    }
    expect(Object.values(await yours(owner)).every((mark) => mark === true)).toBe(true);
  });

  it("lists only their branches' cars", async () => {
    const ids = (await agent.get('/api/admin/cars?limit=100'))
      .json()
      .cars.map((c: { id: number }) => c.id);
    expect(ids).toContain(localCar.id);
    expect(ids).not.toContain(farCar.id);
  });

  it('lists the customers who rent at their branches, and those who have not rented yet', async () => {
    const names = (await agent.get('/api/admin/customers?limit=100'))
      .json()
      .customers.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Kojo Local', 'Yaw Newcomer']));
    expect(names).not.toContain('Ama Faraway');
    expect((await agent.get(`/api/admin/customers/${far.id}`)).statusCode).toBe(404);
    expect((await agent.get(`/api/admin/customers/${newcomer.id}`)).statusCode).toBe(200);
  });

  it('finds any customer by phone number, to take their booking (the one exception)', async () => {
    const res = await agent.get(`/api/admin/customers/lookup?msisdn=${far.msisdn}`);
    expect(res.statusCode).toBe(200);
  });

  it("books and quotes only their branches' cars", async () => {
    const quote = (carId: number) =>
      agent.get(
        `/api/admin/bookings/quote?car_id=${carId}&start_date=${day(40)}&end_date=${day(41)}`,
      );
    expect((await quote(localCar.id)).statusCode).toBe(200);
    const refused = await quote(farCar.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(adminMessages.carNotFound);
    const booked = await agent.post('/api/admin/bookings', {
      ...bookingBody(farCar.id, day(40), day(41)),
      payment_method: 'payOnPickup',
      msisdn: local.msisdn,
    });
    expect(booked.statusCode).toBe(404);
  });

  it('adds and moves cars only to their branches', async () => {
    const added = await manager.post('/api/admin/cars', carInput(there));
    expect(added.statusCode).toBe(422);
    expect(added.json().errors.branch_id).toEqual([adminMessages.branchOutOfScope]);
    const ours = await manager.post('/api/admin/cars', carInput(here));
    expect(ours.statusCode).toBe(201);
    const moved = await manager.put(`/api/admin/cars/${ours.json().car.id}`, carInput(there));
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.branch_id).toEqual([adminMessages.branchOutOfScope]);
    // An agent does not run the fleet at all (ROLE-3).
    expect((await agent.post('/api/admin/cars', carInput(here))).statusCode).toBe(403);
  });

  it("gives the day's work at their branches on the dashboard, and the company's figures to the owner", async () => {
    const mine = (await agent.get('/api/admin/dashboard')).json();
    expect(codesOf({ bookings: mine.pickups })).toContain(localBooking.bookingCode);
    expect(codesOf({ bookings: mine.pickups })).not.toContain(farBooking.bookingCode);
    expect(mine).toMatchObject({
      revenue: null,
      deposits: null,
      utilisation: null,
      sms_today: null,
    });
    const company = (await owner.get('/api/admin/dashboard')).json();
    expect(codesOf({ bookings: company.pickups })).toEqual(
      expect.arrayContaining([localBooking.bookingCode, farBooking.bookingCode]),
    );
    expect(company.revenue).not.toBeNull();
  });

  it('refuses a role the matrix does not list, with a message that says why (ROLE-4)', async () => {
    const res = await agent.put('/api/admin/extra-prices', {});
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(adminMessages.roleForbidden);
  });
});

describe('a switched-off staff account (ROLE-9)', () => {
  it('is refused at once, on its open session and at sign-in', async () => {
    const leaver = await client.staff({
      staffRole: 'agent',
      branchIds: [here],
      password: 'Leaver@123',
    });
    expect((await leaver.get('/api/admin/bookings')).statusCode).toBe(200);
    await ctx.db
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(eq(users.id, leaver.user.id));
    const open = await leaver.get('/api/admin/bookings');
    expect(open.statusCode).toBe(401);
    expect(open.json().message).toBe(messages.session.deactivated);
    const signIn = await client.post('/api/auth/login', {
      msisdn: leaver.user.msisdn,
      password: 'Leaver@123',
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(messages.session.deactivated);
    // A wrong password learns nothing about the account.
    const wrong = await client.post('/api/auth/login', {
      msisdn: leaver.user.msisdn,
      password: 'Wrong@1234',
    });
    expect(wrong.statusCode).toBe(401);
  });
});
