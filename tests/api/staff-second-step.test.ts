import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/shared/messages';
import { rowsOf } from '../../src/server/db/client';
import { insertUser } from '../../src/server/db/factories';
import { authTickets, sessions, staffRecoveryCodes } from '../../src/server/db/schema/index';
import {
  chooseSmsSecondStep,
  currentTotpCode,
  StaffSessionActivity,
  TOTP_PERIOD_SECONDS,
} from '../../src/server/modules/auth/staff-second-step';
import { api, type Client } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

const login = (who: { msisdn: string; password: string }) =>
  client.post('/api/auth/login', { msisdn: who.msisdn, password: who.password });
const loginCode = (ticket: unknown, code: unknown) =>
  client.post('/api/auth/login/code', { ticket, code });
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
const me = (c: Client) => c.get('/api/auth/me');

const smsStaff = async () => {
  const staff = await insertUser(ctx.db, { role: 'staff' });
  await chooseSmsSecondStep(ctx.db, staff.id);
  return staff;
};

/** A staff account whose authenticator is set up; its key and recovery codes. */
async function staffWithAuthenticator() {
  const staff = await insertUser(ctx.db, { role: 'staff' });
  const setup = (await login(staff)).json();
  const done = await loginCode(setup.ticket, currentTotpCode(setup.secret));
  expect(done.statusCode, done.body).toBe(200);
  return { staff, secret: setup.secret as string, recoveryCodes: done.json().recovery_codes };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('staff sign in with a second step by SMS code (ACCT-22, ACCT-23)', () => {
  it('the password answers 202 with a ticket, and the code from the SMS gives the session', async () => {
    const staff = await smsStaff();
    const first = await login(staff);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({
      step: 'code',
      method: 'sms',
      ticket: expect.stringMatching(/^[\w-]{40,}$/),
      message: messages.login.staffCodeSent,
    });
    const code = await client.latestSmsCode(staff.msisdn);
    expect((await client.smsInbox(staff.msisdn))[0]).toMatch(/sign-in code/);

    const refused = await loginCode(first.json().ticket, wrong(code));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ code: [messages.phone.codeWrong] });

    const done = await loginCode(first.json().ticket, code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user).toMatchObject({ id: staff.id, role: 'staff' });
    expect(done.json()).not.toHaveProperty('recovery_codes');
    expect((await me(client.withToken(done.json().access_token))).statusCode).toBe(200);

    const again = await loginCode(first.json().ticket, code);
    expect(again.json().errors).toEqual({ ticket: [messages.login.ticketEnded] });
  });

  it('a wrong password gets the usual 401, and no code is sent', async () => {
    const staff = await smsStaff();
    const res = await login({ msisdn: staff.msisdn, password: 'Wrong@9999' });
    expect(res.statusCode).toBe(401);
    expect(await client.smsInbox(staff.msisdn)).toEqual([]);
  });

  it('an expired ticket is refused, even with its right code', async () => {
    const staff = await smsStaff();
    const { ticket } = (await login(staff)).json();
    const code = await client.latestSmsCode(staff.msisdn);
    await ctx.db
      .update(authTickets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTickets.userId, staff.id));
    const res = await loginCode(ticket, code);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ ticket: [messages.login.ticketEnded] });
  });

  it('signing in again at once sends another code: no minute to wait, as staff sign in often', async () => {
    const staff = await smsStaff();
    expect((await login(staff)).statusCode).toBe(202);
    expect((await login(staff)).statusCode).toBe(202);
    expect(await client.smsInbox(staff.msisdn)).toHaveLength(2);
  });

  it('a renter still signs in with the password alone (ACCT-3)', async () => {
    const renter = await insertUser(ctx.db);
    const res = await login(renter);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: renter.id, role: 'renter' } });
    expect(await client.smsInbox(renter.msisdn)).toEqual([]);
  });
});

describe('an authenticator app, set up at the first sign-in (ACCT-24, ACCT-25)', () => {
  it('the first sign-in shows the key as a QR code; its first code confirms it and gives ten recovery codes once', async () => {
    const staff = await insertUser(ctx.db, { role: 'staff' });
    const first = await login(staff);
    expect(first.statusCode).toBe(202);
    const setup = first.json();
    expect(setup).toMatchObject({ step: 'setup', message: messages.login.staffSetup });
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_uri).toMatch(
      new RegExp(
        `^otpauth://totp/CarLink%20Ghana:%2B${staff.msisdn.slice(0, 3)}.*secret=${setup.secret}`,
      ),
    );
    expect(setup.qr_svg).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qr_svg.split(',')[1], 'base64').toString()).toMatch(/^<svg/);

    const refused = await loginCode(setup.ticket, wrong(currentTotpCode(setup.secret)));
    expect(refused.statusCode).toBe(422);

    const done = await loginCode(setup.ticket, currentTotpCode(setup.secret));
    expect(done.statusCode, done.body).toBe(200);
    const codes: string[] = done.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Kept only as digests.
    const stored = await ctx.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.userId, staff.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.join()).not.toContain(row.codeHash);

    // From now on: a code from the app, no setup, no recovery codes in the answer.
    const next = await login(staff);
    expect(next.json()).toEqual({
      step: 'code',
      method: 'totp',
      ticket: expect.any(String),
      message: messages.login.staffAuthenticator,
    });
    expect(await client.smsInbox(staff.msisdn)).toEqual([]);
  });

  it('a later sign-in takes the current code from the app, once: the same code cannot be used again', async () => {
    const { staff, secret } = await staffWithAuthenticator();
    // The next time step: the setup's own code was the step before.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + TOTP_PERIOD_SECONDS * 1000 });
    const code = currentTotpCode(secret);
    const first = (await login(staff)).json();
    const done = await loginCode(first.ticket, code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).not.toHaveProperty('recovery_codes');

    const replay = await loginCode((await login(staff)).json().ticket, code);
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors).toEqual({ code: [messages.phone.codeWrong] });
  });

  it('a recovery code is taken in place of a code, once', async () => {
    const { staff, recoveryCodes } = await staffWithAuthenticator();
    const [code] = recoveryCodes;
    // As typed off paper: capitals and spaces are fine.
    const typed = code.toUpperCase().replace('-', ' ');
    const done = await loginCode((await login(staff)).json().ticket, typed);
    expect(done.statusCode, done.body).toBe(200);

    const reused = await loginCode((await login(staff)).json().ticket, code);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ code: [messages.phone.codeWrong] });
    // Another account's code is no use either.
    const other = await staffWithAuthenticator();
    const foreign = await loginCode((await login(staff)).json().ticket, other.recoveryCodes[0]);
    expect(foreign.statusCode).toBe(422);
  });

  it('five wrong codes end the ticket', async () => {
    const { staff, secret } = await staffWithAuthenticator();
    const { ticket } = (await login(staff)).json();
    for (let i = 0; i < 5; i++) {
      const res = await loginCode(ticket, wrong(currentTotpCode(secret)));
      expect(res.json().errors).toEqual({ code: [messages.phone.codeWrong] });
    }
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + TOTP_PERIOD_SECONDS * 1000 });
    const res = await loginCode(ticket, currentTotpCode(secret));
    expect(res.json().errors).toEqual({ ticket: [messages.login.ticketEnded] });
  });

  it('a setup ticket takes no recovery code, and a code ticket no SMS code of another sign-in', async () => {
    const { staff, recoveryCodes } = await staffWithAuthenticator();
    const fresh = await insertUser(ctx.db, { role: 'staff' });
    const setup = (await login(fresh)).json();
    expect((await loginCode(setup.ticket, recoveryCodes[0])).statusCode).toBe(422);
    // The account still has that code: it was never this account's to use.
    const done = await loginCode((await login(staff)).json().ticket, recoveryCodes[0]);
    expect(done.statusCode).toBe(200);
  });
});

describe("a staff member's own second step in the console (ACCT-26)", () => {
  it('switches to SMS codes and back to a newly set up authenticator', async () => {
    const signedIn = await client.staff();
    const staff = signedIn.user;
    expect((await signedIn.get('/api/auth/second-step')).json()).toEqual({
      method: 'totp',
      authenticator_ready: true,
      recovery_codes_left: 10,
    });

    const sms = await signedIn.put('/api/auth/second-step', { method: 'sms' });
    expect(sms.json()).toMatchObject({ method: 'sms', authenticator_ready: true });
    expect((await login(staff)).json()).toMatchObject({ step: 'code', method: 'sms' });

    const started = await signedIn.post('/api/auth/second-step/authenticator');
    expect(started.statusCode).toBe(201);
    const { secret, qr_svg } = started.json();
    expect(qr_svg).toMatch(/^data:image\/svg\+xml;base64,/);
    // Until confirmed, nothing changes.
    expect((await login(staff)).json()).toMatchObject({ method: 'sms' });
    const wrongConfirm = await signedIn.post('/api/auth/second-step/authenticator/confirm', {
      code: wrong(currentTotpCode(secret)),
    });
    expect(wrongConfirm.statusCode).toBe(422);
    const confirmed = await signedIn.post('/api/auth/second-step/authenticator/confirm', {
      code: currentTotpCode(secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      method: 'totp',
      authenticator_ready: true,
      recovery_codes_left: 10,
    });
    expect(confirmed.json().recovery_codes).toHaveLength(10);
    expect((await login(staff)).json()).toMatchObject({ step: 'code', method: 'totp' });
  });

  it('refuses the authenticator as the method before one is set up, and renters altogether', async () => {
    const fresh = await insertUser(ctx.db, { role: 'staff' });
    await chooseSmsSecondStep(ctx.db, fresh.id);
    const signedIn = await client.as(fresh);
    const res = await signedIn.put('/api/auth/second-step', { method: 'totp' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ method: [messages.secondStep.authenticatorNotSetUp] });
    const renter = await client.renter();
    expect((await renter.get('/api/auth/second-step')).statusCode).toBe(403);
  });
});

describe('staff sessions end after 30 minutes idle and 12 hours in all (ACCT-27)', () => {
  const at = (minutes: number, start: number) =>
    vi.useFakeTimers({ toFake: ['Date'], now: start + minutes * 60_000 });

  it('each request keeps a staff session going; 30 minutes without one ends it', async () => {
    const staff = await client.staff();
    const start = Date.now();
    at(29, start);
    expect((await me(staff)).statusCode).toBe(200);
    at(58, start);
    expect((await me(staff)).statusCode).toBe(200);
    at(89, start);
    const res = await me(staff);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.session.expired });
    // Ended for good: later requests do not bring it back.
    at(90, start);
    expect((await me(staff)).statusCode).toBe(401);
  });

  it('a busy staff session still ends 12 hours after it began', async () => {
    const staff = await client.staff();
    const start = Date.now();
    for (let minutes = 25; minutes < 12 * 60; minutes += 25) {
      at(minutes, start);
      expect((await me(staff)).statusCode, `after ${minutes} minutes`).toBe(200);
    }
    at(12 * 60 + 1, start);
    expect((await me(staff)).statusCode).toBe(401);
  });

  it("a renter's session is unchanged: 45 minutes idle is fine, 60 minutes in all is the end", async () => {
    const renter = await client.renter();
    const start = Date.now();
    at(45, start);
    expect((await me(renter)).statusCode).toBe(200);
    at(61, start);
    expect((await me(renter)).statusCode).toBe(401);
  });

  it('writes the last use at most once a minute, and processes agree on it', async () => {
    const staff = await client.staff();
    const [session] = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, staff.user.id));
    const one = new StaffSessionActivity(ctx.db);
    const two = new StaffSessionActivity(ctx.db);
    const start = Date.now();
    const lastSeen = async () =>
      rowsOf<{ last_seen_at: string | Date }>(
        await ctx.db.execute(
          sql`select last_seen_at from session_activity where session_id = ${session!.id}`,
        ),
      )[0]!;

    expect(await one.touch(session!.id, start)).toBe(true);
    const written = new Date((await lastSeen()).last_seen_at).getTime();
    // Within the minute this process writes nothing.
    expect(await one.touch(session!.id, start + 30_000)).toBe(true);
    expect(new Date((await lastSeen()).last_seen_at).getTime()).toBe(written);
    // Another process saw it used 20 minutes in…
    expect(await two.touch(session!.id, start + 20 * 60_000)).toBe(true);
    // …so 45 minutes in it is 25 minutes idle for this one too.
    expect(await one.touch(session!.id, start + 45 * 60_000)).toBe(true);
    expect(await two.touch(session!.id, start + 76 * 60_000)).toBe(false);
    expect(await one.touch(session!.id, start + 76 * 60_000)).toBe(false);
  });
});
