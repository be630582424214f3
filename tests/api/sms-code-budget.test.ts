import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsOutbox } from '../../src/server/db/schema/index';
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
  it('refuses codes past it with 503 and tells the first staff account once', async () => {
    // The earliest staff account stands for the owner until staff roles exist.
    const owner = await client.staff({ name: 'Owner' });
    const manager = await client.staff({ name: 'Manager' });

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

    // The owner is told once this hour, however many are refused; the others are not.
    const ownerTexts = await client.smsInbox(owner.user.msisdn);
    expect(ownerTexts).toHaveLength(1);
    expect(ownerTexts[0]).toMatch(/3 codes/);
    expect(await client.smsInbox(manager.user.msisdn)).toHaveLength(0);
    const alerts = await ctx.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.kind, 'code_budget_alert'));
    expect(alerts).toHaveLength(1);
  });
});
