import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, carImages, cars, users } from '../../src/server/db/schema/index';
import { DEMO_RENTER, DEMO_STAFF, seedDemoData } from '../../src/server/db/seed';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();

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

    for (const account of [DEMO_RENTER, DEMO_STAFF]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { msisdn: account.msisdn, password: account.password },
      });
      expect(res.statusCode).toBe(200);
      // The demo renter can book at once (ACCT-10).
      expect(res.json().user.phone_verified).toBe(true);
    }
    const [renter] = await ctx.db.select().from(users).where(eq(users.msisdn, '233244000001'));
    const history = await ctx.db.select().from(bookings).where(eq(bookings.userId, renter!.id));
    expect(history.map((b) => b.status).sort()).toEqual(['cancelled', 'completed']);
  });

  it('has enough real reviews for the home page, and leaves the demo renter’s trip to review (REVIEW-5)', async () => {
    const site = (await ctx.app.inject({ method: 'GET', url: '/api/reviews' })).json();
    expect(site.count).toBeGreaterThanOrEqual(3);
    expect(site.reviews.length).toBeGreaterThanOrEqual(3);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { msisdn: DEMO_RENTER.msisdn, password: DEMO_RENTER.password },
    });
    const headers = { authorization: `Bearer ${login.json().access_token}` };
    const history = await ctx.app.inject({ method: 'GET', url: '/api/bookings/history', headers });
    const completed = history
      .json()
      .bookings.find((b: { status: string }) => b.status === 'completed');
    const review = await ctx.app.inject({
      method: 'GET',
      url: `/api/bookings/${completed.booking_code}/review`,
      headers,
    });
    expect(review.json()).toEqual({ review: null, can_review: true });
  });

  it('serves every seeded image', async () => {
    const images = await ctx.db.select({ url: carImages.url }).from(carImages);
    for (const { url } of images.slice(0, 40)) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
    }
  });
});
