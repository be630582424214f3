import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertUser } from '../../src/server/db/factories';
import { authTickets, loginThrottles, phoneCodes } from '../../src/server/db/schema/index';
import { sweepAuthRecords } from '../../src/server/modules/auth/auth-sweep';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

/** Moves a number's codes, tickets and counters `hours` into the past. */
async function age(msisdn: string, hours: number) {
  const back = sql`make_interval(hours => ${hours})`;
  await ctx.db
    .update(phoneCodes)
    .set({ createdAt: sql`${phoneCodes.createdAt} - ${back}` })
    .where(eq(phoneCodes.msisdn, msisdn));
  await ctx.db
    .update(authTickets)
    .set({ createdAt: sql`${authTickets.createdAt} - ${back}` })
    .where(eq(authTickets.msisdn, msisdn));
  await ctx.db
    .update(loginThrottles)
    .set({ windowStartedAt: sql`${loginThrottles.windowStartedAt} - ${back}` })
    .where(sql`${loginThrottles.key} like ${`%${msisdn}%`}`);
}

const counts = async (msisdn: string) => ({
  codes: (await ctx.db.select().from(phoneCodes).where(eq(phoneCodes.msisdn, msisdn))).length,
  tickets: (await ctx.db.select().from(authTickets).where(eq(authTickets.msisdn, msisdn))).length,
  throttles: (
    await ctx.db
      .select()
      .from(loginThrottles)
      .where(sql`${loginThrottles.key} like ${`%${msisdn}%`}`)
  ).length,
});

describe('spent sign-in records are swept (ACCT-35)', () => {
  it('deletes codes, tickets and counters older than two days, and keeps the rest', async () => {
    const old = await insertUser(ctx.db);
    const recent = await insertUser(ctx.db);
    for (const user of [old, recent]) {
      expect(
        (await client.post('/api/auth/password/forgot', { msisdn: user.msisdn })).statusCode,
      ).toBe(202);
      expect(
        (await client.post('/api/auth/login', { msisdn: user.msisdn, password: 'Wrong@123' }))
          .statusCode,
      ).toBe(401);
    }
    await age(old.msisdn, 49);
    await age(recent.msisdn, 47);
    const before = await counts(recent.msisdn);
    expect(before).toEqual({ codes: 1, tickets: 1, throttles: expect.any(Number) });
    expect(before.throttles).toBeGreaterThan(0);
    expect((await counts(old.msisdn)).codes).toBe(1);

    const swept = await sweepAuthRecords(ctx.db);
    expect(swept).toMatchObject({ tickets: 1, codes: 1 });
    expect(await counts(old.msisdn)).toEqual({ codes: 0, tickets: 0, throttles: 0 });
    expect(await counts(recent.msisdn)).toEqual(before);

    // Within LIMIT-9's day the kept codes still count: the number's next reset still answers.
    expect(
      (await client.post('/api/auth/password/forgot', { msisdn: recent.msisdn })).statusCode,
    ).toBe(202);
  });
});
