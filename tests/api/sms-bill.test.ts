import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { phoneCodes, sandboxSms, smsOutbox } from '../../src/server/db/schema/index';
import { buildUser } from '../../src/server/db/factories';
import { defaultSmsConfig } from '../../src/server/modules/sms/sms.plugin';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

/**
 * The SMS bill (decision 028): only the countries the company serves (LIMIT-16), sign-ups per
 * address (LIMIT-17), codes per number per day (LIMIT-9). The company-wide budget has its own
 * file (sms-code-budget.test.ts): every code in the database counts towards it.
 */
const ctx = await setupTestApp({ sms: { ...defaultSmsConfig, countries: ['GH', 'NG'] } });
const client = api(ctx.app);

// Valid mobile numbers of three countries (libphonenumber-js's examples).
const NIGERIA = '+234 802 123 4567';
const UK = '+44 7400 123456';
const outside = { msisdn: ['We can only send text messages to numbers in Ghana and Nigeria.'] };

describe('numbers of the countries the company serves only (LIMIT-16)', () => {
  it('registers a number of a listed country, and refuses any other on msisdn', async () => {
    const nigerian = await client.post('/api/auth/register', {
      name: 'Chidi Okafor',
      msisdn: NIGERIA,
      password: 'Secret@123',
    });
    expect(nigerian.statusCode, nigerian.body).toBe(201);

    const british = await client.post('/api/auth/register', {
      name: 'Jane Smith',
      msisdn: UK,
      password: 'Secret@123',
    });
    expect(british.statusCode).toBe(422);
    expect(british.json().errors).toEqual(outside);
  });

  it('refuses a reset code for a number outside them', async () => {
    const res = await client.post('/api/auth/password/forgot', { msisdn: UK });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(outside);
  });

  it('sends no code to an older account whose number is outside them', async () => {
    const renter = await client.renter({ msisdn: '+447400123457', phoneVerified: false });
    const res = await renter.post('/api/auth/phone/send-code');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: outside.msisdn[0], errors: outside });
    const codes = await ctx.db
      .select()
      .from(phoneCodes)
      .where(eq(phoneCodes.userId, renter.user.id));
    expect(codes).toHaveLength(0);
  });

  it('never texts a number outside them, whatever queued it', async () => {
    const renter = await client.renter({ msisdn: '+447400123458' });
    await ctx.db.transaction((tx) =>
      ctx.app.sms.queue(
        tx,
        { to: '447400123458', body: 'CarLink: hello' },
        'account',
        renter.user.id,
      ),
    );
    await ctx.app.sms.idle();
    const [row] = await ctx.db.select().from(smsOutbox).where(eq(smsOutbox.userId, renter.user.id));
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.lastError).toContain('SMS_COUNTRIES');
    const inbox = await ctx.db
      .select()
      .from(sandboxSms)
      .where(eq(sandboxSms.recipient, '447400123458'));
    expect(inbox).toHaveLength(0);
  });
});

describe('sign-ups per client address (LIMIT-17)', () => {
  const signUpFrom = (remoteAddress: string, msisdn = buildUser().msisdn) =>
    client.post(
      '/api/auth/register',
      { name: 'Yaw Mensah', msisdn, password: 'Secret@123' },
      { remoteAddress },
    );

  it('takes 20 an hour from one address, then 429 with Retry-After; others still sign up', async () => {
    const address = '10.17.0.1';
    // A refused sign-up is not a sign-up: it spends nothing.
    const taken = buildUser().msisdn;
    expect((await signUpFrom(address, taken)).statusCode).toBe(201);
    expect((await signUpFrom(address, taken)).statusCode).toBe(409);
    for (let i = 1; i < 20; i++) expect((await signUpFrom(address)).statusCode).toBe(201);

    const refused = await signUpFrom(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many new accounts from this network\. Please try again in \d+ minutes?\.$/,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    expect((await signUpFrom('10.17.0.2')).statusCode).toBe(201);
  });
});

describe('codes per number per day (LIMIT-9)', () => {
  it('sends at most 5 codes a day to one number: the 6th gets 429 in hours', async () => {
    const renter = await client.renter({ phoneVerified: false });
    // Five codes earlier today, each more than an hour ago: the hourly limit is not the one.
    for (const hoursAgo of [6, 5, 4, 3, 2]) {
      await ctx.db.insert(phoneCodes).values({
        userId: renter.user.id,
        msisdn: renter.user.msisdn,
        purpose: 'verify',
        codeHash: 'x'.repeat(64),
        expiresAt: sql`now() - make_interval(hours => ${hoursAgo}) + interval '10 minutes'`,
        createdAt: sql`now() - make_interval(hours => ${hoursAgo})`,
      });
    }
    const res = await renter.post('/api/auth/phone/send-code');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(
      'Too many codes for this number today. Please try again in 18 hours.',
    );
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(17 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(18 * 3600);

    // Nor by the reset route, which still answers 202 (ACCT-13).
    const forgot = await client.post('/api/auth/password/forgot', { msisdn: renter.user.msisdn });
    expect(forgot.statusCode).toBe(202);
    const recent = await ctx.db
      .select()
      .from(phoneCodes)
      .where(
        and(
          eq(phoneCodes.userId, renter.user.id),
          sql`${phoneCodes.createdAt} > now() - interval '1 hour'`,
        ),
      );
    expect(recent).toHaveLength(0);
  });
});
