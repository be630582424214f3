import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { buildUser, insertUser } from '../../src/server/db/factories';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

const logLines: string[] = [];
const ctx = await setupTestApp({
  logger: {
    level: 'info',
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    }),
  },
});
const client = api(ctx.app);

const invalidCharacters = { message: messages.http.invalidCharacters };
/** Raw JSON text: escapes a serialiser would never write get through as they are. */
const postRaw = (url: string, payload: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

describe('bad characters are refused with 400, never a 500 (LIMIT-10)', () => {
  it.each([
    ['a NUL in a field', '{"msisdn":"0244123456\\u0000","password":"Secret@123"}'],
    ['a lone high surrogate', '{"msisdn":"0244123456","password":"Secret\\ud800@123"}'],
    ['a lone low surrogate', '{"msisdn":"0244123456","password":"\\udc00Secret@123"}'],
    ['reversed surrogates', '{"msisdn":"0244123456","password":"Secret@123\\udc00\\ud800"}'],
    ['a NUL in a key', '{"msisdn":"0244123456","password":"Secret@123","x\\u0000":1}'],
    [
      'a NUL deep in an array',
      '{"msisdn":"0244123456","password":"Secret@123","a":[[{"b":"\\u0000"}]]}',
    ],
  ])('%s', async (_what, payload) => {
    const res = await postRaw('/api/auth/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidCharacters);
  });

  it('in a query string too', async () => {
    for (const url of ['/api/get/cars?make=Toy%00ota', '/api/sandbox/sms?to=0244%00123456']) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual(invalidCharacters);
    }
  });

  it('in a signed-in request before anything is stored', async () => {
    const renter = await client.renter();
    const res = await renter.patch('/api/auth/me', { name: 'Ama\u0000 Mensah' });
    expect(res.statusCode).toBe(400);
  });

  it('real characters outside the basic plane pass (a surrogate pair is one character)', async () => {
    const res = await postRaw(
      '/api/auth/register',
      JSON.stringify({ name: 'Ama 😀 Mensah', msisdn: buildUser().msisdn, password: 'Secret@123' }),
    );
    expect(res.statusCode).toBe(201);
  });
});

describe('the log of failing requests (RUN-9)', () => {
  it('holds no password, hash, token, code, SQL parameter or whole phone number', async () => {
    logLines.length = 0;
    const secrets: string[] = [];
    const numbers: string[] = [];

    // A wrong password, and the right one.
    const user = await insertUser(ctx.db, { password: 'Right@Pass123' });
    numbers.push(user.msisdn);
    secrets.push('Right@Pass123', 'Wrong@Pass456', user.passwordHash);
    await client.post('/api/auth/login', { msisdn: user.msisdn, password: 'Wrong@Pass456' });
    const ok = await client.post('/api/auth/login', {
      msisdn: user.msisdn,
      password: 'Right@Pass123',
    });
    const token = ok.json().access_token as string;
    secrets.push(token);

    // A registration, a wrong code and the right one, a reset.
    const msisdn = buildUser().msisdn;
    const registered = await client.post('/api/auth/register', {
      name: 'Yaw Boakye',
      msisdn,
      password: 'Fresh@Pass789',
    });
    const stored = registered.json().user.msisdn as string;
    numbers.push(stored);
    secrets.push('Fresh@Pass789', registered.json().access_token);
    const code = await client.latestSmsCode(stored);
    secrets.push(code);
    const newcomer = client.withToken(registered.json().access_token);
    await newcomer.post('/api/auth/phone/verify', {
      code: code === '000000' ? '111111' : '000000',
    });
    await newcomer.post('/api/auth/password/change', {
      current_password: 'Not@Mine123',
      password: 'Other@Pass1',
      password_confirmation: 'Other@Pass1',
    });
    secrets.push('Not@Mine123', 'Other@Pass1');
    await client.get(`/api/sandbox/sms?to=${stored}`);

    // 500s: tables gone, so queries fail with their parameters in the driver's error.
    await ctx.db.execute(sql`drop table sandbox_sms`);
    const inbox = await client.get(`/api/sandbox/sms?to=${stored}`);
    expect(inbox.statusCode).toBe(500);
    // The code is stored, but the sandbox cannot take the text (whose query holds the code).
    const unsent = buildUser().msisdn;
    const unsentRes = await client.post('/api/auth/register', {
      name: 'Kwesi Arthur',
      msisdn: unsent,
      password: 'Unsent@Pass1',
    });
    expect(unsentRes.statusCode).toBe(201);
    numbers.push(unsentRes.json().user.msisdn);
    secrets.push('Unsent@Pass1', unsentRes.json().access_token);
    await ctx.app.sms.idle();
    await ctx.db.execute(sql`drop table phone_codes cascade`);
    const another = buildUser().msisdn;
    const failed = await client.post('/api/auth/register', {
      name: 'Efua Owusu',
      msisdn: another,
      password: 'Lost@Pass321',
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ message: messages.http.internal });
    numbers.push(`233${another.slice(1)}`);
    secrets.push('Lost@Pass321');
    await ctx.app.sms.idle();

    const log = logLines.join('\n');
    // The log did record the failures (the test would pass on an empty log otherwise).
    expect(log).toContain('unexpected error');
    expect(log).toContain('Failed query');
    expect(log).toContain('sms not sent');
    for (const secret of secrets) expect(log, 'a secret in the log').not.toContain(secret);
    for (const number of numbers) {
      expect(log, 'a whole number in the log').not.toContain(number);
      expect(log, 'a national number in the log').not.toContain(`0${number.slice(3)}`);
    }
    expect(log).toContain(`${numbers[1]!.slice(0, 5)}****${numbers[1]!.slice(-3)}`);
    expect(log).not.toMatch(/\$argon2id\$/);
    expect(log).not.toMatch(/"authorization"/i);
    // A failed query's values are hidden, its statement may stay.
    expect(log).not.toMatch(/params: (?!\[hidden\])/);
  });
});
