import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { insertCar, insertUser } from '../../src/server/db/factories';
import { createOrPromoteStaff } from '../../src/server/modules/auth/staff-accounts';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { phoneCodes, sandboxSms, users } from '../../src/server/db/schema/index';
import { api, bookingBody, day, type Client } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

const verify = (renter: Client, code: string) => renter.post('/api/auth/phone/verify', { code });
const sendCode = (renter: Client) => renter.post('/api/auth/phone/send-code');

/** Moves the number's codes back in time, as if `seconds` had passed. */
const age = (msisdn: string, seconds: number) =>
  ctx.db
    .update(phoneCodes)
    .set({
      createdAt: sql`${phoneCodes.createdAt} - make_interval(secs => ${seconds})`,
      expiresAt: sql`${phoneCodes.expiresAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(phoneCodes.msisdn, msisdn));

const wrongCodeBody = {
  message: messages.phone.codeWrong,
  errors: { code: [messages.phone.codeWrong] },
};

describe('registering sends a code; the user says whether the number is verified (ACCT-10)', () => {
  it('sends a 6-digit code by SMS and answers phone_verified: false', async () => {
    const renter = await client.signUp({ msisdn: '+233 24 555 0101' });
    const { msisdn, body } = renter;
    expect(body.user.phone_verified).toBe(false);
    expect(msisdn).toBe('233245550101');
    const code = await client.latestSmsCode('024 555 0101');
    expect(code).toMatch(/^\d{6}$/);
    // Only a digest is stored.
    const [row] = await ctx.db.select().from(phoneCodes).where(eq(phoneCodes.msisdn, msisdn));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.purpose).toBe('verify');

    const me = await renter.get('/api/auth/me');
    expect(me.json().user.phone_verified).toBe(false);
  });

  it('the right code verifies the number, and every place the user is returned says so', async () => {
    const renter = await client.signUp();
    const { msisdn } = renter;
    const res = await verify(renter, await client.latestSmsCode(msisdn));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ user: expect.objectContaining({ msisdn, phone_verified: true }) });

    const me = await renter.get('/api/auth/me');
    expect(me.json().user.phone_verified).toBe(true);
    const login = await client.post('/api/auth/login', { msisdn, password: 'Secret@123' });
    expect(login.json().user.phone_verified).toBe(true);
    const profile = await renter.patch('/api/auth/me', { name: 'Esi Quaye-Mensah' });
    expect(profile.json().user.phone_verified).toBe(true);
  });

  it('a used code does not work again', async () => {
    const renter = await client.signUp();
    const { msisdn } = renter;
    const code = await client.latestSmsCode(msisdn);
    expect((await verify(renter, code)).statusCode).toBe(200);
    // Verified already: the answer is the user as it is, whatever is typed.
    expect((await verify(renter, code)).json().user.phone_verified).toBe(true);
    // The code is spent all the same: with the number unverified again, it is refused.
    await ctx.db.update(users).set({ phoneVerifiedAt: null }).where(eq(users.msisdn, msisdn));
    const again = await verify(renter, code);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(wrongCodeBody);
  });

  it('an expired code is refused (codes work for 10 minutes)', async () => {
    const renter = await client.signUp();
    const { msisdn } = renter;
    const code = await client.latestSmsCode(msisdn);
    await age(msisdn, 10 * 60 + 1);
    const res = await verify(renter, code);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(wrongCodeBody);
  });

  it('a code still works just before its 10 minutes are up', async () => {
    const renter = await client.signUp();
    const { msisdn } = renter;
    const code = await client.latestSmsCode(msisdn);
    await age(msisdn, 10 * 60 - 30);
    expect((await verify(renter, code)).statusCode).toBe(200);
  });

  it('five wrong tries end the code: the sixth try, even with the right code, is refused', async () => {
    const renter = await client.signUp();
    const { msisdn } = renter;
    const code = await client.latestSmsCode(msisdn);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await verify(renter, wrong);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(wrongCodeBody);
    }
    const sixth = await verify(renter, code);
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json()).toEqual(wrongCodeBody);
    const me = await renter.get('/api/auth/me');
    expect(me.json().user.phone_verified).toBe(false);
  });

  it('four wrong tries leave the code working', async () => {
    const renter = await client.signUp();
    const { msisdn } = renter;
    const code = await client.latestSmsCode(msisdn);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await verify(renter, wrong)).statusCode).toBe(422);
    expect((await verify(renter, code)).statusCode).toBe(200);
  });

  it('malformed codes are wrong codes, and do not count as tries', async () => {
    const renter = await client.signUp();
    const { msisdn } = renter;
    for (const typed of ['12345', '1234567', 'abcdef', '12 345']) {
      const res = await verify(renter, typed);
      expect(res.statusCode, typed).toBe(422);
    }
    const empty = await verify(renter, '');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ code: [messages.phone.codeRequired] });
    expect((await verify(renter, await client.latestSmsCode(msisdn))).statusCode).toBe(200);
  });

  it('needs a session: 401 without one', async () => {
    expect((await verify(client, '123456')).statusCode).toBe(401);
    expect((await sendCode(client)).statusCode).toBe(401);
  });
});

describe('asking for another code (ACCT-11, LIMIT-9)', () => {
  it('refuses a new code within 60 seconds, with Retry-After and a clear message', async () => {
    const renter = await client.signUp();
    const res = await sendCode(renter);
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.json().message).toBe(messages.phone.resendTooSoon(retryAfter));
  });

  it('after 60 seconds sends a new code that replaces the old one', async () => {
    const renter = await client.signUp();
    const { msisdn } = renter;
    const first = await client.latestSmsCode(msisdn);
    await age(msisdn, 61);
    const res = await sendCode(renter);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: messages.phone.codeSent });
    const second = await client.latestSmsCode(msisdn);
    if (first !== second) expect((await verify(renter, first)).statusCode).toBe(422);
    expect((await verify(renter, second)).statusCode).toBe(200);
  });

  it('sends at most five codes to a number in an hour', async () => {
    const renter = await client.signUp();
    const { msisdn } = renter;
    for (let i = 0; i < 4; i++) {
      await age(msisdn, 61);
      expect((await sendCode(renter)).statusCode).toBe(202);
    }
    await age(msisdn, 61);
    const sixth = await sendCode(renter);
    expect(sixth.statusCode).toBe(429);
    // The oldest of the five was sent 5 × 61 s ago: the next one is allowed an hour after it.
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeLessThanOrEqual(3600 - 5 * 61);
    expect(retryAfter).toBeGreaterThan(3600 - 5 * 61 - 10);
    expect(sixth.json().message).toMatch(/Too many codes for this number/);
    await ctx.app.sms.idle();
    const inbox = await ctx.db.select().from(sandboxSms).where(eq(sandboxSms.recipient, msisdn));
    expect(inbox).toHaveLength(5);
  });

  it('answers 202 and sends nothing to a number that is already verified', async () => {
    const renter = await client.renter();
    expect((await sendCode(renter)).statusCode).toBe(202);
    await ctx.app.sms.idle();
    const inbox = await ctx.db
      .select()
      .from(sandboxSms)
      .where(eq(sandboxSms.recipient, renter.user.msisdn));
    expect(inbox).toHaveLength(0);
  });

  it('two requests at once send one code, never two', async () => {
    const renter = await client.signUp();
    const { msisdn } = renter;
    await age(msisdn, 61);
    const answers = await Promise.all([sendCode(renter), sendCode(renter), sendCode(renter)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 429, 429]);
  });
});

describe('booking needs a verified number (ACCT-12)', () => {
  it('refuses with 403 before verification and books after it', async () => {
    const car = await insertCar(ctx.db);
    const renter = await client.signUp();
    const { msisdn } = renter;
    const booking = bookingBody(car.id, day(3), day(5), { destination: 'Cape Coast' });
    const before = await renter.post('/api/bookings/create', booking);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({ message: messages.phone.verifyToBook });

    expect((await verify(renter, await client.latestSmsCode(msisdn))).statusCode).toBe(200);
    const after = await renter.post('/api/bookings/create', booking);
    expect(after.statusCode, after.body).toBe(201);
  });

  it('a visitor still gets 401, not 403', async () => {
    const car = await insertCar(ctx.db);
    const res = await client.post(
      '/api/bookings/create',
      bookingBody(car.id, day(3), day(5), { destination: 'Cape Coast' }),
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('numbers are parsed by the library (ACCT-1)', () => {
  it('registering a number that is not a valid mobile number: 422 on the field', async () => {
    for (const msisdn of ['+000244123456', '0302123456', '0101234567']) {
      const res = await client.post('/api/auth/register', {
        name: 'Esi Quaye',
        msisdn,
        password: 'Secret@123',
      });
      expect(res.statusCode, msisdn).toBe(422);
      expect(res.json().errors).toEqual({ msisdn: [messages.phone.invalid] });
    }
  });

  it('an older account whose number the library refuses (a landline) still signs in', async () => {
    const [legacy] = await ctx.db
      .insert(users)
      .values({
        name: 'Old Account',
        msisdn: '233302123456',
        passwordHash: await hashPassword('Secret@123'),
      })
      .returning();
    const res = await client.post('/api/auth/login', {
      msisdn: '0302123456',
      password: 'Secret@123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(legacy!.id);
  });

  it('00233… signs in to the account registered as 0…', async () => {
    await client.signUp({ msisdn: '0245550199' });
    const res = await client.post('/api/auth/login', {
      msisdn: '00233245550199',
      password: 'Secret@123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.msisdn).toBe('233245550199');
  });
});

describe('the sandbox phone (RUN-12)', () => {
  it('lists the messages to a number, newest first, whatever form the number is written in', async () => {
    const renter = await client.signUp({ msisdn: '0245550177' });
    const { msisdn } = renter;
    await age(msisdn, 61);
    expect((await sendCode(renter)).statusCode).toBe(202);
    await ctx.app.sms.idle();
    for (const to of ['0245550177', '233245550177', '+233 24 555 0177', '00233245550177']) {
      const res = await client.get(`/api/sandbox/sms?to=${encodeURIComponent(to)}`);
      expect(res.statusCode).toBe(200);
      const inbox = res.json().messages as { to: string; body: string; created_at: string }[];
      expect(inbox).toHaveLength(2);
      expect(inbox.every((m) => m.to === '233245550177')).toBe(true);
      expect(Date.parse(inbox[0]!.created_at)).toBeGreaterThanOrEqual(
        Date.parse(inbox[1]!.created_at),
      );
    }
    const other = await client.get('/api/sandbox/sms?to=0245550178');
    expect(other.json()).toEqual({ messages: [] });
  });

  it('refuses a number that is not valid with 422', async () => {
    const res = await client.get('/api/sandbox/sms?to=%2B000244123456');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ to: [messages.phone.invalid] });
  });
});

describe('accounts that start verified (ACCT-9, ACCT-10)', () => {
  it('staff made by the command line are verified, whether created or promoted', async () => {
    const created = await createOrPromoteStaff(ctx.db, {
      name: 'Kwame Asante',
      msisdn: '0245550401',
      password: 'Strong@Pass1',
    });
    const unverified = await insertUser(ctx.db, { phoneVerified: false });
    await createOrPromoteStaff(ctx.db, { msisdn: unverified.msisdn });
    const rows = await ctx.db.select().from(users);
    const byNumber = (msisdn: string) => rows.find((row) => row.msisdn === msisdn)!;
    expect(created.msisdn).toBe('233245550401');
    expect(byNumber('233245550401').phoneVerifiedAt).not.toBeNull();
    expect(byNumber(unverified.msisdn)).toMatchObject({ role: 'staff' });
    expect(byNumber(unverified.msisdn).phoneVerifiedAt).not.toBeNull();
  });

  it('test factories make verified users unless told otherwise', async () => {
    expect((await insertUser(ctx.db)).phoneVerifiedAt).not.toBeNull();
    expect((await insertUser(ctx.db, { phoneVerified: false })).phoneVerifiedAt).toBeNull();
  });
});

describe('the OpenAPI document', () => {
  it('describes the new routes with their bodies and answers', async () => {
    const doc = (await client.get('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    type Schema = {
      properties?: Record<string, Schema>;
      required?: string[];
      items?: Schema;
      anyOf?: Schema[];
    };
    const body = (path: string) =>
      (
        doc.paths[path]!.post!.requestBody as {
          content: Record<string, { schema: Schema }>;
        }
      ).content['application/json']!.schema;
    const answer = (path: string, method: string, status: string) =>
      (
        (doc.paths[path]![method]!.responses as Record<string, unknown>)[status] as {
          content: Record<string, { schema: Schema }>;
        }
      ).content['application/json']!.schema;

    expect(Object.keys(body('/api/auth/phone/verify').properties!)).toEqual(['code']);
    expect(
      answer('/api/auth/phone/verify', 'post', '200').properties!.user!.properties!.phone_verified,
    ).toBeDefined();
    expect(answer('/api/auth/phone/send-code', 'post', '429')).toBeDefined();
    expect(Object.keys(body('/api/auth/password/forgot').properties!)).toEqual(['msisdn']);
    expect(Object.keys(answer('/api/auth/password/forgot', 'post', '202').properties!)).toEqual([
      'message',
      'ticket',
    ]);
    expect(body('/api/auth/password/reset').required!.sort()).toEqual(
      ['code', 'ticket', 'password', 'password_confirmation'].sort(),
    );
    // ACCT-17: the second step of a sign-in past the number's limit; ACCT-22: a staff
    // member's code, or the authenticator's setup.
    const pending = answer('/api/auth/login', 'post', '202');
    expect(pending.anyOf!.map((one) => one.required!.sort())).toEqual([
      ['message', 'step', 'ticket'].sort(),
      ['message', 'otpauth_uri', 'qr_svg', 'secret', 'step', 'ticket'].sort(),
    ]);
    expect(body('/api/auth/login/code').required!.sort()).toEqual(['code', 'ticket']);
    expect(answer('/api/auth/login/code', 'post', '200').properties!.access_token).toBeDefined();
    expect(body('/api/auth/password/change').required!.sort()).toEqual(
      ['current_password', 'password', 'password_confirmation'].sort(),
    );
    expect(answer('/api/auth/logout-all', 'post', '200').properties!.message).toBeDefined();
    const inbox = answer('/api/sandbox/sms', 'get', '200');
    expect(Object.keys(inbox.properties!.messages!.items!.properties!)).toEqual([
      'to',
      'body',
      'created_at',
    ]);
    expect(answer('/api/auth/login', 'post', '200').properties!.user!.required).toContain(
      'phone_verified',
    );
    // Booking says it may answer 403 until the number is verified.
    expect(answer('/api/bookings/create', 'post', '403').properties!.message).toBeDefined();
  });
});
