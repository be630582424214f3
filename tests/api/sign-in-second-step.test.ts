import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { insertUser } from '../../src/server/db/factories';
import { authTickets, phoneCodes } from '../../src/server/db/schema/index';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

const login = (msisdn: string, password: string, remoteAddress = '203.0.113.50') =>
  client.post('/api/auth/login', { msisdn, password }, { remoteAddress });
const loginCode = (ticket: unknown, code: unknown) =>
  client.post('/api/auth/login/code', { ticket, code });

/** A stranger's five wrong passwords from each of six addresses: the number's 30 (LIMIT-8). */
async function lockNumber(msisdn: string) {
  for (let a = 0; a < 6; a++) {
    for (let i = 0; i < 5; i++) {
      expect((await login(msisdn, `Guess@${a}${i}`, `198.51.100.${a + 1}`)).statusCode).toBe(401);
    }
  }
}

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('the owner always gets in: past the number limit, a second step by SMS (ACCT-17)', () => {
  it('the right password answers 202 with a ticket, and the SMS code gives the session', async () => {
    const owner = await insertUser(ctx.db);
    await lockNumber(owner.msisdn);

    const first = await login(owner.msisdn, owner.password);
    expect(first.statusCode, first.body).toBe(202);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'step', 'ticket']);
    expect(body.step).toBe('code');
    expect(body.message).toBe(messages.login.codeSent);
    expect(body.ticket).toMatch(/^[\w-]{40,}$/);
    // The ticket is stored only as a digest.
    const stored = await ctx.db.select().from(authTickets);
    expect(stored.some((row) => row.ticketHash === body.ticket)).toBe(false);

    const code = await client.latestSmsCode(owner.msisdn);
    const done = await loginCode(body.ticket, code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status_code: '010',
      message: 'Login successful',
      user: { id: owner.id, msisdn: owner.msisdn },
    });
    const me = await client.withToken(done.json().access_token).get('/api/auth/me');
    expect(me.statusCode).toBe(200);

    // A ticket works once.
    const again = await loginCode(body.ticket, code);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ ticket: [messages.login.ticketEnded] });
  });

  it("a stranger's reset codes never use up the owner's sign-in codes (LIMIT-9)", async () => {
    const owner = await insertUser(ctx.db);
    await lockNumber(owner.msisdn);
    // Anyone who knows the number may ask for reset codes: the hour's five and the day's five,
    // the last one a moment ago.
    for (let i = 0; i < 5; i++) {
      if (i > 0) {
        // A minute later each time (LIMIT-9 counts from the codes and from the tickets).
        await ctx.db
          .update(phoneCodes)
          .set({ createdAt: sql`${phoneCodes.createdAt} - interval '61 seconds'` })
          .where(eq(phoneCodes.msisdn, owner.msisdn));
        await ctx.db
          .update(authTickets)
          .set({ createdAt: sql`${authTickets.createdAt} - interval '61 seconds'` })
          .where(eq(authTickets.msisdn, owner.msisdn));
      }
      const forgot = await client.post(
        '/api/auth/password/forgot',
        { msisdn: owner.msisdn },
        { remoteAddress: `192.0.2.${i + 1}` },
      );
      expect(forgot.statusCode).toBe(202);
    }
    expect(await client.smsInbox(owner.msisdn)).toHaveLength(5);

    // Only the owner has the password: their sign-in code still goes, and they get in.
    const res = await login(owner.msisdn, owner.password);
    expect(res.statusCode, res.body).toBe(202);
    const code = await client.latestSmsCode(owner.msisdn);
    expect(
      (await client.smsInbox(owner.msisdn)).filter((t) => /sign-in code/.test(t)),
    ).toHaveLength(1);
    expect((await loginCode(res.json().ticket, code)).statusCode).toBe(200);
  });

  it('a wrong password past the limit still gets the 429 of LIMIT-8, and no code is sent', async () => {
    const owner = await insertUser(ctx.db);
    await lockNumber(owner.msisdn);
    const res = await login(owner.msisdn, 'Wrong@999');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many attempts for this phone number/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(15 * 60);
    expect(await client.smsInbox(owner.msisdn)).toEqual([]);
  });

  it('an unknown number past the limit gets the same 429, whatever the password', async () => {
    const msisdn = '0245550901';
    await lockNumber(msisdn);
    const res = await login(msisdn, 'Secret@123');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many attempts for this phone number/);
  });

  it('wrong codes count per ticket: five end it, never the owner', async () => {
    const owner = await insertUser(ctx.db);
    await lockNumber(owner.msisdn);
    const ticket = (await login(owner.msisdn, owner.password)).json().ticket as string;
    const code = await client.latestSmsCode(owner.msisdn);
    for (let i = 0; i < 5; i++) {
      const res = await loginCode(ticket, wrong(code));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ code: [messages.phone.codeWrong] });
    }
    // The ticket is over, even with the right code.
    const ended = await loginCode(ticket, code);
    expect(ended.statusCode).toBe(422);
    expect(ended.json().errors).toEqual({ ticket: [messages.login.ticketEnded] });

    // The owner starts again a minute later (LIMIT-9) and gets in.
    await ctx.db
      .update(phoneCodes)
      .set({ createdAt: sql`${phoneCodes.createdAt} - interval '61 seconds'` })
      .where(eq(phoneCodes.msisdn, owner.msisdn));
    const next = await login(owner.msisdn, owner.password);
    expect(next.statusCode).toBe(202);
    const done = await loginCode(next.json().ticket, await client.latestSmsCode(owner.msisdn));
    expect(done.statusCode).toBe(200);
  });

  it('wrong codes sent at once still count one by one: five, then the ticket is over', async () => {
    const owner = await insertUser(ctx.db);
    await lockNumber(owner.msisdn);
    const ticket = (await login(owner.msisdn, owner.password)).json().ticket as string;
    const code = await client.latestSmsCode(owner.msisdn);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => loginCode(ticket, wrong(code))),
    );
    const fields = answers.map((res) => Object.keys(res.json().errors)[0]);
    expect(fields.filter((f) => f === 'code')).toHaveLength(5);
    expect(fields.filter((f) => f === 'ticket')).toHaveLength(3);
    expect((await loginCode(ticket, code)).statusCode).toBe(422);
  });

  it('an unknown, made-up or expired ticket is refused on the ticket field', async () => {
    const unknown = await loginCode('x'.repeat(43), '123456');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      message: messages.login.ticketEnded,
      errors: { ticket: [messages.login.ticketEnded] },
    });

    const owner = await insertUser(ctx.db);
    await lockNumber(owner.msisdn);
    const ticket = (await login(owner.msisdn, owner.password)).json().ticket as string;
    const code = await client.latestSmsCode(owner.msisdn);
    await ctx.db.update(authTickets).set({ expiresAt: sql`now() - interval '1 second'` });
    const expired = await loginCode(ticket, code);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toEqual({ ticket: [messages.login.ticketEnded] });
  });

  it('a reset ticket is no sign-in ticket', async () => {
    const owner = await insertUser(ctx.db);
    const forgot = await client.post('/api/auth/password/forgot', { msisdn: owner.msisdn });
    const res = await loginCode(forgot.json().ticket, await client.latestSmsCode(owner.msisdn));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ ticket: [messages.login.ticketEnded] });
  });

  it('refuses a body without ticket or code with 422 on the fields', async () => {
    const res = await client.post('/api/auth/login/code', {});
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['code', 'ticket']);
  });

  it('below the limit the right password signs in at once, as before (ACCT-3)', async () => {
    const owner = await insertUser(ctx.db);
    const res = await login(owner.msisdn, owner.password);
    expect(res.statusCode).toBe(200);
    expect(await client.smsInbox(owner.msisdn)).toEqual([]);
  });
});
