import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { buildUser, insertUser } from '../../src/server/db/factories';
import {
  authTickets,
  loginThrottles,
  phoneCodes,
  sandboxSms,
  users,
} from '../../src/server/db/schema/index';
import { api, type Client } from '../support/api';
import { isPostgres, setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

// Each request from its own address: this file asks for more codes than LIMIT-3 lets one
// address ask for (30 in 10 minutes), and the per-number rules are what it checks.
let addresses = 0;
const forgot = (msisdn: string) =>
  client.post(
    '/api/auth/password/forgot',
    { msisdn },
    { remoteAddress: `10.20.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}` },
  );
/** Asks for a reset code and answers the ticket this "device" keeps. */
const ticketFor = async (msisdn: string) => {
  const res = await forgot(msisdn);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().ticket as string;
};
const reset = (ticket: string, code: string, password = 'Newpass@2026') =>
  client.post('/api/auth/password/reset', {
    ticket,
    code,
    password,
    password_confirmation: password,
  });
/** A minute later: the number may be sent another code (LIMIT-9). */
const aMinuteLater = async (msisdn: string) => {
  await ctx.db
    .update(phoneCodes)
    .set({ createdAt: sql`${phoneCodes.createdAt} - interval '61 seconds'` })
    .where(eq(phoneCodes.msisdn, msisdn));
  await ctx.db
    .update(authTickets)
    .set({ createdAt: sql`${authTickets.createdAt} - interval '61 seconds'` })
    .where(eq(authTickets.msisdn, msisdn));
};
const login = (msisdn: string, password: string, remoteAddress = '127.0.0.1') =>
  client.post('/api/auth/login', { msisdn, password }, { remoteAddress });
const me = (who: Client) => who.get('/api/auth/me');

const forgotMessage = 'If this number has an account, we have sent it a code.';
const wrongCodeBody = {
  message: messages.phone.codeWrong,
  errors: { code: [messages.phone.codeWrong] },
};
const ticketEndedBody = {
  message: messages.password.ticketEnded,
  errors: { ticket: [messages.password.ticketEnded] },
};
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('forgot password (ACCT-13)', () => {
  it('answers 202 with the same shape, a message and a ticket, for a registered and an unknown number', async () => {
    const user = await insertUser(ctx.db);
    const known = await forgot(user.msisdn);
    const unknown = await forgot(buildUser().msisdn);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: forgotMessage, ticket: expect.any(String) });
    expect(unknown.json()).toEqual({ message: forgotMessage, ticket: expect.any(String) });
    expect(unknown.json().ticket).toHaveLength(known.json().ticket.length);
    expect(unknown.json().ticket).not.toBe(known.json().ticket);
    // Only the registered number got a text.
    expect(await client.latestSmsCode(user.msisdn)).toMatch(/^\d{6}$/);
  });

  it('stores no code and sends nothing for an unknown number', async () => {
    const stranger = buildUser().msisdn;
    await forgot(stranger);
    await ctx.app.sms.idle();
    const normalised = `233${stranger.slice(1)}`;
    expect(
      await ctx.db.select().from(sandboxSms).where(eq(sandboxSms.recipient, normalised)),
    ).toEqual([]);
    expect(await ctx.db.select().from(phoneCodes).where(eq(phoneCodes.msisdn, normalised))).toEqual(
      [],
    );
  });

  it('answers 429 within 60 s of the last request, the same for a registered and an unknown number (LIMIT-9)', async () => {
    const user = await insertUser(ctx.db);
    const stranger = buildUser().msisdn;
    expect((await forgot(user.msisdn)).statusCode).toBe(202);
    expect((await forgot(stranger)).statusCode).toBe(202);
    const known = await forgot(user.msisdn);
    const unknown = await forgot(stranger);
    expect(known.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(known.json().message).toMatch(
      /^Please wait (60|59|58) seconds before asking for another code\.$/,
    );
    expect(unknown.json()).toEqual(known.json());
    const retryAfter = Number(known.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(known.json().message).toBe(messages.phone.resendTooSoon(retryAfter));
    expect(unknown.headers['retry-after']).toBe(known.headers['retry-after']);
    await ctx.app.sms.idle();
    const inbox = await ctx.db
      .select()
      .from(sandboxSms)
      .where(eq(sandboxSms.recipient, user.msisdn));
    expect(inbox).toHaveLength(1);
    // A minute later the next may be asked for.
    await aMinuteLater(user.msisdn);
    expect((await forgot(user.msisdn)).statusCode).toBe(202);
  });

  it('answers 202 past the hourly send limit, and then sends nothing more', async () => {
    const user = await insertUser(ctx.db);
    for (let i = 0; i < 6; i++) {
      expect((await forgot(user.msisdn)).statusCode).toBe(202);
      await aMinuteLater(user.msisdn);
    }
    await ctx.app.sms.idle();
    const inbox = await ctx.db
      .select()
      .from(sandboxSms)
      .where(eq(sandboxSms.recipient, user.msisdn));
    expect(inbox).toHaveLength(5);
  });

  it('takes about as long for an unknown number as for a registered one, however slow the SMS provider', async () => {
    // A provider that takes 400 ms: were the text waited for, registered numbers would show.
    const gateway = ctx.app.sms.gateway;
    const realSend = gateway.send.bind(gateway);
    (gateway as { send: typeof realSend }).send = async (message) => {
      await new Promise((r) => setTimeout(r, 400));
      return realSend(message);
    };
    try {
      const timed = async (msisdn: string) => {
        await ctx.app.sms.idle();
        const started = performance.now();
        expect((await forgot(msisdn)).statusCode).toBe(202);
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i++) {
        known.push(await timed((await insertUser(ctx.db)).msisdn));
        unknown.push(await timed(buildUser().msisdn));
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      expect(median(known)).toBeLessThan(300);
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(150);
    } finally {
      (gateway as { send: typeof realSend }).send = realSend;
      await ctx.app.sms.idle();
    }
  });

  it('refuses a number that is not valid with 422 on the field', async () => {
    const res = await forgot('+000244123456');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ msisdn: [messages.phone.invalid] });
  });
});

describe('reset password with the code (ACCT-13)', () => {
  it('sets the new password, verifies the number, and ends every session', async () => {
    const user = await insertUser(ctx.db, { phoneVerified: false });
    const first = await login(user.msisdn, user.password);
    const session = client.withToken(first.json().access_token);
    expect((await me(session)).statusCode).toBe(200);

    const ticket = await ticketFor(user.msisdn);
    const res = await reset(ticket, await client.latestSmsCode(user.msisdn));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.password.resetDone });

    // The session is over at once, even though this process had it cached.
    expect((await me(session)).statusCode).toBe(401);
    expect((await login(user.msisdn, user.password)).statusCode).toBe(401);
    const fresh = await login(user.msisdn, 'Newpass@2026');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user.phone_verified).toBe(true);
    // The owner is told by SMS, with no code or password in it (ACCT-19).
    const [newest] = await client.smsInbox(user.msisdn);
    expect(newest).toMatch(/password of your CarLink account was changed/);
    expect(newest).not.toMatch(/\d{6}|Newpass/);
  });

  it('accepts the number in any form, and ignores a msisdn sent with the reset', async () => {
    const user = await insertUser(ctx.db, { msisdn: '0245550311' });
    const ticket = await ticketFor('+233 24 555 0311');
    const res = await client.post('/api/auth/password/reset', {
      ticket,
      msisdn: '0245550999',
      code: await client.latestSmsCode('0245550311'),
      password: 'Newpass@2026',
      password_confirmation: 'Newpass@2026',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(user.msisdn, 'Newpass@2026')).statusCode).toBe(200);
  });

  it('a code works once, and so does its ticket', async () => {
    const user = await insertUser(ctx.db);
    const ticket = await ticketFor(user.msisdn);
    const code = await client.latestSmsCode(user.msisdn);
    expect((await reset(ticket, code)).statusCode).toBe(200);
    const again = await reset(ticket, code, 'Third@2026');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(ticketEndedBody);
    expect((await login(user.msisdn, 'Newpass@2026')).statusCode).toBe(200);
  });

  it('a wrong code, or any code with an unknown-number ticket, gets the same 422 and changes nothing', async () => {
    const user = await insertUser(ctx.db);
    const ticket = await ticketFor(user.msisdn);
    const code = await client.latestSmsCode(user.msisdn);
    const wrongTry = await reset(ticket, wrong(code));
    expect(wrongTry.statusCode).toBe(422);
    expect(wrongTry.json()).toEqual(wrongCodeBody);

    const unknown = await reset(await ticketFor(buildUser().msisdn), code);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toBe(wrongTry.body);

    await ctx.db
      .update(phoneCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(phoneCodes.msisdn, user.msisdn));
    const expired = await reset(ticket, code);
    expect(expired.statusCode).toBe(422);
    expect(expired.body).toBe(wrongTry.body);
    expect((await login(user.msisdn, user.password)).statusCode).toBe(200);
  });

  it('a missing, made-up or expired ticket is refused on the ticket field', async () => {
    const missing = await client.post('/api/auth/password/reset', {
      code: '123456',
      password: 'Newpass@2026',
      password_confirmation: 'Newpass@2026',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ ticket: ['Ticket is required'] });
    const madeUp = await reset('y'.repeat(43), '123456');
    expect(madeUp.json()).toEqual(ticketEndedBody);

    const user = await insertUser(ctx.db);
    const ticket = await ticketFor(user.msisdn);
    await ctx.db
      .update(authTickets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTickets.msisdn, user.msisdn));
    const expired = await reset(ticket, await client.latestSmsCode(user.msisdn));
    expect(expired.json()).toEqual(ticketEndedBody);
  });

  it("a stranger's wrong codes, with their own ticket, never spend the owner's code", async () => {
    const user = await insertUser(ctx.db);
    // The stranger, who knows only the number, asks first and guesses six times.
    const strangers = await ticketFor(user.msisdn);
    for (let i = 0; i < 5; i++) {
      expect((await reset(strangers, String(100000 + i), 'Stolen@2026')).json()).toEqual(
        wrongCodeBody,
      );
    }
    expect((await reset(strangers, '100005', 'Stolen@2026')).json()).toEqual(ticketEndedBody);
    // The owner asks a minute later on their phone and the code sent for their ticket works.
    await aMinuteLater(user.msisdn);
    const owners = await ticketFor(user.msisdn);
    const code = await client.latestSmsCode(user.msisdn);
    // Even the owner's code is useless with the stranger's (ended) ticket …
    expect((await reset(strangers, code, 'Stolen@2026')).statusCode).toBe(422);
    // … while the stranger guessing after the owner asked does not touch it either.
    const third = await (async () => {
      await aMinuteLater(user.msisdn);
      return ticketFor(user.msisdn);
    })();
    for (let i = 0; i < 5; i++) await reset(third, wrong(code), 'Stolen@2026');
    expect((await reset(owners, code)).statusCode).toBe(200);
    expect((await login(user.msisdn, 'Newpass@2026')).statusCode).toBe(200);
  });

  it('the code sent for one ticket does not work with another', async () => {
    const user = await insertUser(ctx.db);
    const first = await ticketFor(user.msisdn);
    const firstCode = await client.latestSmsCode(user.msisdn);
    await aMinuteLater(user.msisdn);
    const second = await ticketFor(user.msisdn);
    const secondCode = await client.latestSmsCode(user.msisdn);
    if (firstCode !== secondCode) expect((await reset(second, firstCode)).statusCode).toBe(422);
    // Both tickets still work with their own code: a newer request ends no older one.
    expect((await reset(first, firstCode)).statusCode).toBe(200);
    expect((await reset(second, secondCode, 'Third@2026')).statusCode).toBe(200);
  });

  it('a verification code is not a reset code', async () => {
    const user = await insertUser(ctx.db, { phoneVerified: false });
    const session = await login(user.msisdn, user.password);
    const signedIn = client.withToken(session.json().access_token);
    const ticket = await ticketFor(user.msisdn);
    await aMinuteLater(user.msisdn);
    expect((await signedIn.post('/api/auth/phone/send-code')).statusCode).toBe(202);
    const res = await reset(ticket, await client.latestSmsCode(user.msisdn));
    expect(res.statusCode).toBe(422);
  });

  it('follows the register password rules and needs a matching confirmation', async () => {
    const user = await insertUser(ctx.db);
    const ticket = await ticketFor(user.msisdn);
    const weak = await reset(ticket, '123456', 'short');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual([messages.register.passwordMin]);
    const mismatch = await client.post('/api/auth/password/reset', {
      ticket,
      code: '123456',
      password: 'Newpass@2026',
      password_confirmation: 'Newpass@2027',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({
      password_confirmation: [messages.register.confirmMatch],
    });
  });

  it("gets the owner back in past the number's sign-in limits", async () => {
    const user = await insertUser(ctx.db);
    // A stranger tries from thirty addresses and fills the number's hourly allowance.
    for (let i = 0; i < 30; i++) await login(user.msisdn, `Guess@${i}`, `198.51.100.${i + 1}`);
    const locked = await login(user.msisdn, 'Wrong@2026', '203.0.113.9');
    expect(locked.statusCode).toBe(429);

    const ticket = await ticketFor(user.msisdn);
    expect((await reset(ticket, await client.latestSmsCode(user.msisdn))).statusCode).toBe(200);
    expect((await login(user.msisdn, 'Newpass@2026', '203.0.113.9')).statusCode).toBe(200);
    // The stranger's failures are gone: only the owner's own (released) attempt is counted.
    const left = await ctx.db.select().from(loginThrottles);
    const counted = left.filter((row) => row.key.includes(user.msisdn));
    expect(counted.map((row) => row.failures)).toEqual([0]);
  });

  it('lets the owner take back a number a stranger registered and never verified', async () => {
    // Someone registers the owner's number and does not (cannot) verify it.
    const taken = await client.post('/api/auth/register', {
      name: 'Not The Owner',
      msisdn: '0245550355',
      password: 'Stolen@123',
    });
    expect(taken.statusCode).toBe(201);
    const strangersSession = client.withToken(taken.json().access_token);
    // A minute later (one code a minute per number, whatever it is for)…
    await ctx.db
      .update(phoneCodes)
      .set({ createdAt: sql`${phoneCodes.createdAt} - interval '61 seconds'` })
      .where(eq(phoneCodes.msisdn, '233245550355'));

    // The owner, holding the phone, resets the password with the code the phone receives.
    const ticket = await ticketFor('0245550355');
    const code = await client.latestSmsCode('0245550355');
    expect((await reset(ticket, code, 'Mine@2026!')).statusCode).toBe(200);
    expect((await me(strangersSession)).statusCode).toBe(401);
    const owner = await login('0245550355', 'Mine@2026!');
    expect(owner.json().user.phone_verified).toBe(true);
  });
});

describe('password change and signing out everywhere (ACCT-14)', () => {
  const change = (who: Client, current: string, next = 'Changed@2026') =>
    who.post('/api/auth/password/change', {
      current_password: current,
      password: next,
      password_confirmation: next,
    });

  it('changes the password and ends every other session, keeping this one', async () => {
    const renter = await client.renter();
    const other = client.withToken(
      (await login(renter.user.msisdn, renter.user.password)).json().access_token,
    );
    expect((await me(other)).statusCode).toBe(200);

    const res = await change(renter, renter.user.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.password.changed });
    expect((await me(renter)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(renter.user.msisdn, renter.user.password)).statusCode).toBe(401);
    expect((await login(renter.user.msisdn, 'Changed@2026')).statusCode).toBe(200);
    // A text tells the owner, so a change they did not make does not go unnoticed (ACCT-19).
    const [newest] = await client.smsInbox(renter.user.msisdn);
    expect(newest).toMatch(/password of your CarLink account was changed/);
    expect(newest).toMatch(/Forgot password/);
  });

  it('refuses a wrong current password on its field and changes nothing', async () => {
    const renter = await client.renter();
    const res = await change(renter, 'Wrong@1234');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: [messages.password.currentWrong] });
    expect((await login(renter.user.msisdn, renter.user.password)).statusCode).toBe(200);
    expect(await client.smsInbox(renter.user.msisdn)).not.toContainEqual(
      expect.stringMatching(/password of your CarLink account was changed/),
    );
  });

  it('stops guessing the current password after five wrong tries', async () => {
    const renter = await client.renter();
    for (let i = 0; i < 5; i++) expect((await change(renter, `Wrong@${i}`)).statusCode).toBe(422);
    const blocked = await change(renter, renter.user.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('needs a session and the register password rules', async () => {
    expect((await change(client, 'Secret@123')).statusCode).toBe(401);
    const renter = await client.renter();
    const weak = await change(renter, renter.user.password, 'weakpassword');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual([messages.register.passwordComplexity]);
  });

  it('logout-all ends every session at once, this one included', async () => {
    const renter = await client.renter();
    const other = client.withToken(
      (await login(renter.user.msisdn, renter.user.password)).json().access_token,
    );
    // Both sign-ins are cached now.
    expect((await me(renter)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    const res = await renter.post('/api/auth/logout-all');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.password.loggedOutEverywhere });
    expect((await me(renter)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    // Other users keep theirs.
    const someoneElse = await client.renter();
    expect((await me(someoneElse)).statusCode).toBe(200);
  });

  it.runIf(isPostgres())('logout-all counts at once in another process too', async () => {
    const second = await ctx.secondApp();
    const renter = await client.renter();
    const there = () => me(api(second).withToken(renter.token));
    expect((await there()).statusCode).toBe(200);
    expect((await renter.post('/api/auth/logout-all')).statusCode).toBe(200);
    expect((await there()).statusCode).toBe(401);
  });
});

describe('users table', () => {
  it('keeps a verified number verified when the password is reset', async () => {
    const user = await insertUser(ctx.db);
    const [before] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    await reset(await ticketFor(user.msisdn), await client.latestSmsCode(user.msisdn));
    const [after] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.phoneVerifiedAt).toEqual(before!.phoneVerifiedAt);
  });
});

describe('malformed bodies', () => {
  it.each(['/api/auth/password/reset', '/api/auth/password/forgot'])(
    '%s with no body, null or an array: 4xx, never 500',
    async (url) => {
      for (const payload of ['', 'null', '[]', '"text"']) {
        // Raw JSON text, sent as it is.
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${url} ${payload}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${payload}`).toBeLessThan(500);
      }
    },
  );
});
