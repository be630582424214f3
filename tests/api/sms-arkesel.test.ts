import { Writable } from 'node:stream';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ArkeselSmsGateway } from '../../src/server/modules/sms/arkesel-sms';
import { SmsError } from '../../src/server/modules/sms/sms-gateway';
import { buildUser } from '../../src/server/db/factories';
import { FakeArkesel } from '../support/fake-arkesel';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

/** The real Arkesel client against a fake Arkesel on loopback (RUN-10). */
const arkesel = await new FakeArkesel().start();
afterAll(() => arkesel.stop());

const logLines: string[] = [];
const ctx = await setupTestApp({
  sms: {
    provider: 'arkesel',
    arkeselApiKey: arkesel.apiKey,
    arkeselSenderId: 'CarLink',
    arkeselBaseUrl: arkesel.url,
    timeoutMs: 500,
  },
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

const gateway = (apiKey = arkesel.apiKey) =>
  new ArkeselSmsGateway({ apiKey, senderId: 'CarLink', baseUrl: arkesel.url, timeoutMs: 300 });

beforeEach(() => {
  arkesel.received.length = 0;
});

describe('the Arkesel client', () => {
  it("sends one message as Arkesel's v2 API expects and returns its id", async () => {
    const receipt = await gateway().send({ to: '233244123456', body: 'Hello from CarLink' });
    expect(receipt.providerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(arkesel.received).toEqual([
      {
        sender: 'CarLink',
        message: 'Hello from CarLink',
        recipients: ['233244123456'],
        apiKey: arkesel.apiKey,
      },
    ]);
  });

  it('a wrong key is a configuration error whose message does not carry the key', async () => {
    const wrongKey = 'ak_wrong_key_1234567890';
    const error = await gateway(wrongKey)
      .send({ to: '233244123456', body: 'x' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(SmsError);
    expect(error).toMatchObject({ kind: 'config', status: 401 });
    expect(JSON.stringify({ ...error, message: error.message, stack: error.stack })).not.toContain(
      wrongKey,
    );
  });

  it.each([
    [402, 'config'],
    [403, 'config'],
    [422, 'rejected'],
    [429, 'unavailable'],
    [500, 'unavailable'],
    [503, 'unavailable'],
  ] as const)('an HTTP %i answer is a %s error', async (status, kind) => {
    arkesel.failNext({
      kind: 'status',
      status,
      body: { status: 'error', message: `said ${status}` },
    });
    const error = await gateway()
      .send({ to: '233244123456', body: 'x' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(SmsError);
    expect(error).toMatchObject({ kind, status });
    expect(error.message).toContain(`said ${status}`);
  });

  it('gives up after its timeout when Arkesel does not answer', async () => {
    arkesel.failNext({ kind: 'hang' });
    const started = Date.now();
    const error = await gateway()
      .send({ to: '233244123456', body: 'x' })
      .catch((e) => e);
    expect(error).toMatchObject({ kind: 'unavailable', message: 'Arkesel did not answer in time' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('an answer that is not JSON is a refusal, not a crash', async () => {
    arkesel.failNext({ kind: 'garbage' });
    const error = await gateway()
      .send({ to: '233244123456', body: 'x' })
      .catch((e) => e);
    expect(error).toMatchObject({ kind: 'rejected' });
  });

  it('a number Arkesel lists as invalid is a rejected message', async () => {
    arkesel.unreachable.add('233200000001');
    const error = await gateway()
      .send({ to: '233200000001', body: 'x' })
      .catch((e) => e);
    expect(error).toMatchObject({ kind: 'rejected' });
  });

  it('an unreachable Arkesel is unavailable', async () => {
    const gone = new ArkeselSmsGateway({
      apiKey: arkesel.apiKey,
      senderId: 'CarLink',
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 300,
    });
    await expect(gone.send({ to: '233244123456', body: 'x' })).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });
});

describe('the app with SMS_PROVIDER=arkesel', () => {
  it('registering sends the code through Arkesel', async () => {
    const msisdn = buildUser().msisdn;
    const renter = await client.signUp({ name: 'Kojo Antwi', msisdn });
    await ctx.app.sms.idle();
    expect(arkesel.received).toHaveLength(1);
    expect(arkesel.received[0]!.recipients).toEqual([renter.msisdn]);
    const code = /\b(\d{6})\b/.exec(arkesel.received[0]!.message)![1]!;
    const verify = await renter.post('/api/auth/phone/verify', { code });
    expect(verify.json().user.phone_verified).toBe(true);
  });

  it('has no sandbox phone', async () => {
    const res = await client.get('/api/sandbox/sms?to=0244123456');
    expect(res.statusCode).toBe(404);
  });

  it('a failed send still answers the request, and the log names neither the key, the code nor the number', async () => {
    for (const fault of [
      { kind: 'status', status: 401 },
      { kind: 'status', status: 500 },
      { kind: 'hang' },
    ] as const) {
      logLines.length = 0;
      arkesel.failNext(fault);
      const msisdn = buildUser().msisdn;
      const res = await client.post('/api/auth/register', {
        name: 'Kojo Antwi',
        msisdn,
        password: 'Secret@123',
      });
      expect(res.statusCode).toBe(201);
      await ctx.app.sms.idle();
      const stored = res.json().user.msisdn as string;
      const log = logLines.join('\n');
      expect(log, JSON.stringify(fault)).toContain('sms not sent');
      expect(log).not.toContain(arkesel.apiKey);
      expect(log).not.toContain(stored);
      expect(log).toContain(`${stored.slice(0, 5)}****${stored.slice(-3)}`);
      expect(log).not.toMatch(/code is \d{6}/);
    }
  });
});
