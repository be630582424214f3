import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../src/server/db/schema/index';
import { insertCar } from '../../src/server/db/factories';
import { api, bookingBody, day } from '../support/api';
import { isPostgres, setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

describe('the booking invariant under concurrency', () => {
  it('50 simultaneous bookings of one car for overlapping dates: exactly one 201, the rest 409', async () => {
    const car = await insertCar(ctx.db);
    // On PostgreSQL, two app instances share the database, as two processes would.
    const apps = isPostgres() ? [ctx.app, await ctx.secondApp()] : [ctx.app];
    const renters = await Promise.all(Array.from({ length: 10 }, () => client.renter()));

    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api(apps[i % apps.length]!)
          .withToken(renters[i % renters.length]!.token)
          .post(
            '/api/bookings/create',
            // Every range overlaps day 10.
            bookingBody(
              car.id,
              day(8 + (i % 3)),
              day(10 + (i % 4)),
              i % 2 ? { payment_method: 'mobile_money', network: 'mtn' } : {},
            ),
          ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const rows = await ctx.db.select().from(bookings).where(eq(bookings.carId, car.id));
    expect(rows).toHaveLength(1);
  });

  it('the database itself refuses an overlapping live booking (exclusion constraint)', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const base = {
      userId: renter.user.id,
      carId: car.id,
      branchId: car.branchId,
      days: 2,
      pricePerDayPesewas: 100_00,
      lineCostPesewas: 200_00,
      depositPesewas: 200_00,
      totalPesewas: 400_00,
      destination: 'Accra',
      destinationType: 1,
      paymentMethod: 'payOnPickup',
      startDate: day(30),
      endDate: day(32),
    };
    await ctx.db.insert(bookings).values({ ...base, bookingCode: 'CL-AAAAA2' });
    const attempt = ctx.db.insert(bookings).values({
      ...base,
      bookingCode: 'CL-AAAAA3',
      startDate: day(32),
      endDate: day(33),
    });
    await expect(attempt).rejects.toMatchObject({ cause: { code: '23P01' } });
    // A cancelled booking does not count.
    await ctx.db
      .insert(bookings)
      .values({ ...base, bookingCode: 'CL-AAAAA4', status: 'cancelled' });
  });
});
