import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsOutbox, users } from '../../src/server/db/schema/index';
import { buildUser } from '../../src/server/db/factories';
import { defaultSmsConfig } from '../../src/server/modules/sms/sms.plugin';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

/**
 * The company-wide hourly budget of codes (LIMIT-18, decision 028), in a file of its own: every
 * code in this database counts towards it. A budget of 3 stands for SMS_CODE_BUDGET_PER_HOUR.
 */
const ctx = await setupTestApp({ sms: { ...defaultSmsConfig, codeBudgetPerHour: 3 } });
const client = api(ctx.app);

describe('the hourly budget of codes (LIMIT-18)', () => {
  it('refuses codes past it with 503 and tells each active owner once', async () => {
    // Made first, so "the earliest staff account" would wrongly pick them.
    const manager = await client.staff({ name: 'Manager', staffRole: 'manager' });
    const owner = await client.staff({ name: 'Owner', staffRole: 'owner' });
    const coOwner = await client.staff({ name: 'Co-owner', staffRole: 'owner' });
    const gone = await client.staff({ name: 'Former owner', staffRole: 'owner' });
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.user.id));

    for (let i = 0; i < 3; i++) {
      const renter = await client.renter({ phoneVerified: false });
      expect((await renter.post('/api/auth/phone/send-code')).statusCode).toBe(202);
    }
    const late = await client.renter({ phoneVerified: false });
    const refused = await late.post('/api/auth/phone/send-code');
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toMatch(
      /^We cannot send more codes right now\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await client.smsInbox(late.user.msisdn)).toHaveLength(0);

    // Registering would send a code: refused the same way, and no account is made.
    const msisdn = buildUser().msisdn;
    const register = await client.post('/api/auth/register', {
      name: 'Kwesi Late',
      msisdn,
      password: 'Secret@123',
    });
    expect(register.statusCode).toBe(503);
    const login = await client.post('/api/auth/login', { msisdn, password: 'Secret@123' });
    expect(login.statusCode).toBe(401);

    // A reset still answers 202 and sends nothing (ACCT-13).
    const forgot = await client.post('/api/auth/password/forgot', { msisdn: late.user.msisdn });
    expect(forgot.statusCode).toBe(202);
    expect(await client.smsInbox(late.user.msisdn)).toHaveLength(0);

    // Each active owner is told once this hour, however many are refused; no one else is.
    const alerts = await ctx.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.kind, 'code_budget_alert'));
    expect(alerts.map((a) => a.userId).sort()).toEqual([owner.user.id, coOwner.user.id].sort());
    expect(alerts.map((a) => a.userId)).not.toContain(manager.user.id);
    expect(alerts.map((a) => a.userId)).not.toContain(gone.user.id);
    for (const told of [owner, coOwner]) {
      const texts = await client.smsInbox(told.user.msisdn);
      expect(texts.filter((t) => /3 codes/.test(t))).toHaveLength(1);
    }
  });
});
