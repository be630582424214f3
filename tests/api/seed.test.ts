import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookings,
  branches,
  carImages,
  cars,
  payments,
  staffBranches,
  users,
} from '../../src/server/db/schema/index';
import {
  DEMO_AGENT,
  DEMO_MANAGER,
  DEMO_RENTER,
  DEMO_STAFF,
  seedDemoData,
} from '../../src/server/demo/seed';
import { todayInAccra } from '../../src/shared/dates';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

describe('demo data (RUN-4)', () => {
  it('fills an empty database once, and the demo logins work', async () => {
    expect(await seedDemoData(ctx.db)).toBe(true);
    expect(await seedDemoData(ctx.db)).toBe(false);

    const [carCount] = await ctx.db.select({ n: count() }).from(cars);
    expect(Number(carCount!.n)).toBeGreaterThanOrEqual(30);
    const [imageCount] = await ctx.db.select({ n: count() }).from(carImages);
    expect(Number(imageCount!.n)).toBeGreaterThanOrEqual(2 * Number(carCount!.n));

    const [staff] = await ctx.db.select().from(users).where(eq(users.msisdn, '233244000000'));
    expect(staff).toMatchObject({ role: 'staff', name: DEMO_STAFF.name });

    const res = await client.post('/api/auth/login', {
      msisdn: DEMO_RENTER.msisdn,
      password: DEMO_RENTER.password,
    });
    expect(res.statusCode).toBe(200);
    // The demo renter can book at once (ACCT-10).
    expect(res.json().user.phone_verified).toBe(true);
    // Each demo staff member's second step is a code on the sandbox phone (RUN-18).
    for (const account of [DEMO_STAFF, DEMO_MANAGER, DEMO_AGENT]) {
      const staffLogin = await client.post('/api/auth/login', {
        msisdn: account.msisdn,
        password: account.password,
      });
      expect(staffLogin.statusCode).toBe(202);
      expect(staffLogin.json()).toMatchObject({ step: 'code', method: 'sms' });
      const done = await client.post('/api/auth/login/code', {
        ticket: staffLogin.json().ticket,
        code: await client.latestSmsCode(account.msisdn),
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().user).toMatchObject({ role: 'staff', phone_verified: true });
    }
    const [renter] = await ctx.db.select().from(users).where(eq(users.msisdn, '233244000001'));
    expect(renter).toMatchObject({ role: 'renter', staffRole: null });
    const history = await ctx.db.select().from(bookings).where(eq(bookings.userId, renter!.id));
    expect(history.map((b) => b.status).sort()).toEqual(['cancelled', 'completed']);
  });

  it('has one staff member of each role, with their branches (STAFF-44)', async () => {
    const expected = [
      { account: DEMO_STAFF, msisdn: '233244000000', role: 'owner', branches: [] as string[] },
      {
        account: DEMO_MANAGER,
        msisdn: '233244000002',
        role: 'manager',
        branches: ['East Legon office', 'Kotoka International Airport'],
      },
      { account: DEMO_AGENT, msisdn: '233244000003', role: 'agent', branches: ['Kumasi office'] },
    ];
    for (const { account, msisdn, role, branches: names } of expected) {
      const [row] = await ctx.db.select().from(users).where(eq(users.msisdn, msisdn));
      expect(row).toMatchObject({ role: 'staff', staffRole: role, name: account.name });
      const theirs = await ctx.db
        .select({ name: branches.name })
        .from(staffBranches)
        .innerJoin(branches, eq(branches.id, staffBranches.branchId))
        .where(eq(staffBranches.userId, row!.id));
      expect(theirs.map((b) => b.name).sort()).toEqual(names);
      expect(account.password).toBe('Staff@1234');
      const signedIn = await client.as(account);
      const me = (await signedIn.get('/api/auth/me')).json();
      expect(me.user ?? me).toMatchObject({ staff_role: role });
    }
  });

  it('has enough real reviews for the home page, and leaves the demo renter’s trip to review (REVIEW-5)', async () => {
    const site = (await client.get('/api/reviews')).json();
    expect(site.count).toBeGreaterThanOrEqual(3);
    expect(site.reviews.length).toBeGreaterThanOrEqual(3);
    const renter = await client.as(DEMO_RENTER);
    const history = await renter.get('/api/bookings/history');
    const completed = history
      .json()
      .bookings.find((b: { status: string }) => b.status === 'completed');
    const review = await renter.get(`/api/bookings/${completed.booking_code}/review`);
    expect(review.json()).toEqual({ review: null, can_review: true });
  });

  it('has every customer join before their own first booking', async () => {
    const rows = await ctx.db
      .select({ joined: users.createdAt, booked: bookings.createdAt, name: users.name })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.joined <= row.booked, row.name).toBe(true);
  });

  it('has the money behind every booking it marks paid, as the lifecycle would leave it (STAFF-33)', async () => {
    const paid = await ctx.db.select().from(bookings).where(eq(bookings.paymentStatus, 'paid'));
    expect(paid.length).toBeGreaterThan(0);
    for (const booking of paid) {
      const succeeded = await ctx.db
        .select()
        .from(payments)
        .where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'success')));
      const taken = succeeded.reduce((sum, p) => sum + p.amountPesewas, 0);
      expect(taken, `${booking.bookingCode} has no payment equal to its total`).toBe(
        booking.totalPesewas,
      );
      // Cash at the counter for pay on pickup, an approved charge for mobile money.
      const cash = booking.paymentMethod === 'payOnPickup';
      for (const payment of succeeded) {
        expect(payment.provider === 'cash', booking.bookingCode).toBe(cash);
        expect(payment.paidAt, booking.bookingCode).not.toBeNull();
        expect(payment.paidAt!.getTime()).toBeGreaterThanOrEqual(booking.createdAt.getTime());
        expect(payment.paidAt!.getTime()).toBeLessThanOrEqual(Date.now());
      }
    }
    // Both ways of paying appear in the demo, and nothing unpaid has money taken.
    expect(new Set(paid.map((b) => b.paymentMethod))).toEqual(
      new Set(['payOnPickup', 'mobile_money']),
    );
    const unpaid = await ctx.db
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(payments, eq(payments.bookingId, bookings.id))
      .where(and(eq(bookings.paymentStatus, 'unpaid'), eq(payments.status, 'success')));
    expect(unpaid).toEqual([]);
  });

  it('shows that money, less the deposits, in the dashboard revenue on the days it was taken (STAFF-7, HAND-9)', async () => {
    const staff = await client.as(DEMO_STAFF);
    const dashboard = await staff.get('/api/admin/dashboard');
    expect(dashboard.statusCode).toBe(200);
    const daily: { date: string; amount: number }[] = dashboard.json().revenue.daily;
    const since = daily[0]!.date;
    const succeeded = await ctx.db
      .select({
        amount: payments.amountPesewas,
        purpose: payments.purpose,
        paidAt: payments.paidAt,
        deposit: bookings.depositPesewas,
      })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(eq(payments.status, 'success'));
    // Rental income only: the deposit a booking's payment carries is the renter's money.
    const expected = succeeded
      .filter((p) => todayInAccra(p.paidAt!) >= since)
      .reduce(
        (sum, p) => sum + p.amount - (p.purpose === 'booking' ? Math.min(p.deposit, p.amount) : 0),
        0,
      );
    const shown = daily.reduce((sum, day) => sum + Math.round(day.amount * 100), 0);
    // The latest demo trip was paid 20 days ago: always inside this month or the last.
    expect(expected).toBeGreaterThan(0);
    expect(shown).toBe(expected);
  });

  it('serves every seeded image', async () => {
    const images = await ctx.db.select({ url: carImages.url }).from(carImages);
    for (const { url } of images.slice(0, 40)) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
    }
  });
});
