import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { insertUser } from '../../src/server/db/factories';
import { chooseSmsSecondStep } from '../../src/server/modules/auth/staff-second-step';
import { defaultSmsConfig } from '../../src/server/modules/sms/sms.plugin';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

/** ACCT-23, RUN-19: staff sign-in codes by SMS have their own hourly limit per number. */
const ctx = await setupTestApp({ sms: { ...defaultSmsConfig, staffSignInCodesPerHour: 3 } });
const client = api(ctx.app);

describe('staff sign-in codes an hour per number (ACCT-23)', () => {
  it('sends up to the limit with no minute between them, then 429 saying when', async () => {
    const staff = await insertUser(ctx.db, { role: 'staff' });
    await chooseSmsSecondStep(ctx.db, staff.id);
    const login = () =>
      client.post('/api/auth/login', { msisdn: staff.msisdn, password: staff.password });
    for (let i = 0; i < 3; i++) expect((await login()).statusCode).toBe(202);
    const refused = await login();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(messages.phone.tooManyCodes(60));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(await client.smsInbox(staff.msisdn)).toHaveLength(3);
    // Another staff member's number has its own.
    const other = await insertUser(ctx.db, { role: 'staff' });
    await chooseSmsSecondStep(ctx.db, other.id);
    const theirs = await client.post('/api/auth/login', {
      msisdn: other.msisdn,
      password: other.password,
    });
    expect(theirs.statusCode).toBe(202);
  });
});
