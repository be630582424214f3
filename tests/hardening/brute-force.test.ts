import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema/index';
import { normalizeMsisdn } from '../../src/shared/phone';
import { startAppProcess } from './support/app-process';
import { prepareDatabase } from './support/fleet';
import { countBy, sendPatiently } from './support/http';
import { setupRecordedApp } from './support/in-process-app';
import { scratchPostgresUnavailable, type ScratchCluster } from './support/postgres-cluster';
import { sharedCluster } from './support/shared-cluster';

/**
 * Brute force. The basics (five failed logins per number and address, then 429 with
 * Retry-After; thirty per number from all addresses; 300 login requests per address per 15
 * minutes: LIMIT-1, LIMIT-8, LIMIT-3) are in tests/api/auth.test.ts and
 * tests/api/rate-limits.test.ts; the second step past LIMIT-8 in
 * tests/api/sign-in-second-step.test.ts. This adds what an attacker would try next: spreading the
 * guesses over several app processes, hiding behind forged X-Forwarded-For headers, and
 * cracking a stolen hash offline.
 *
 * Shown to catch:
 * - the code as it was: TRUST_PROXY went to Fastify as `true` (every hop trusted), so a client
 *   writing its own X-Forwarded-For before the proxy's entry was never limited: 301 of 301
 *   answered 422 ("behind the reverse proxy" failed). Fixed in app.ts: one hop is trusted;
 * - the per-number counter kept in process memory (a broken variant): all 9 guesses spread
 *   over two processes got 401, none 429;
 * - argon2 at m=4096 (a broken variant): "memory in KiB" failed;
 * - the code before ACCT-17: past LIMIT-8 the owner's right password got 429 too ("the right
 *   one gets a second step" failed: expected 429 to be 202).
 */
const unavailable = scratchPostgresUnavailable();

/** Login bodies that fail validation: no hashing, still counted against the address. */
const junk = { msisdn: '1', password: '1' };

const behindProxy = await setupRecordedApp({ trustProxy: true });
const exposed = await setupRecordedApp({ trustProxy: false });

describe('per address, behind the reverse proxy (TRUST_PROXY)', () => {
  const proxy = '10.0.0.2';
  const login = (forwardedFor: string) =>
    behindProxy.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: junk,
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('limits each client by the address the proxy saw, whatever it claims before that', async () => {
    // nginx appends the address it saw to whatever X-Forwarded-For the client sent.
    const statuses = [];
    for (let i = 0; i < 301; i++)
      statuses.push((await login(`198.51.100.${i % 250}, 203.0.113.7`)).statusCode);
    expect(countBy(statuses, (s) => s)).toEqual({ 422: 300, 429: 1 });
    const blocked = await login('192.0.2.99, 203.0.113.7');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another customer behind the same proxy (or the same carrier NAT) is not affected.
    expect((await login('203.0.113.8')).statusCode).toBe(422);
  });
});

describe('per address, with no proxy in front', () => {
  it('a forged X-Forwarded-For does not buy a fresh allowance', async () => {
    const statuses = [];
    for (let i = 0; i < 301; i++) {
      const res = await exposed.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: junk,
        remoteAddress: '203.0.113.50',
        headers: { 'x-forwarded-for': `198.51.100.${i % 250}` },
      });
      statuses.push(res.statusCode);
    }
    expect(countBy(statuses, (s) => s)).toEqual({ 422: 300, 429: 1 });
  });
});

describe('password hashes', () => {
  const { app, db } = exposed;

  it("are argon2id with at least OWASP's parameters (m=19 MiB, t=2, p=1), salted, full length", async () => {
    const password = 'Kente@2026!';
    const hashes: string[] = [];
    for (const msisdn of ['0245550101', '0245550102']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Yaw Darko', msisdn, password },
      });
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.msisdn, normalizeMsisdn(msisdn)));
      hashes.push(row!.hash);
    }

    for (const stored of hashes) {
      // PHC string format: $argon2id$v=19$m=…,t=…,p=…$<salt>$<hash>, base64 without padding.
      const match =
        /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(
          stored,
        );
      expect(match, `not a PHC argon2 string: ${stored.slice(0, 30)}…`).not.toBeNull();
      const [, algorithm, version, m, t, p, salt, hash] = match!;
      expect(algorithm).toBe('argon2id');
      expect(Number(version)).toBe(19);
      expect(Number(m), 'memory in KiB').toBeGreaterThanOrEqual(19_456);
      expect(Number(t), 'iterations').toBeGreaterThanOrEqual(2);
      expect(Number(p), 'parallelism').toBeGreaterThanOrEqual(1);
      expect(Buffer.from(salt!, 'base64').length, 'salt bytes').toBeGreaterThanOrEqual(16);
      expect(Buffer.from(hash!, 'base64').length, 'hash bytes').toBeGreaterThanOrEqual(32);
    }
    // Same password, different salts: a stolen table cannot be cracked once for everyone.
    expect(hashes[0]).not.toBe(hashes[1]);
  });
});

describe.skipIf(unavailable)(
  `per phone number, across processes${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let cluster: ScratchCluster;
    afterAll(async () => cluster?.release());

    it("five wrong passwords from one address, spread over two processes, lock that address on both, not the owner's (LIMIT-1)", async () => {
      cluster = sharedCluster();
      const fleet = await prepareDatabase(cluster, 'brute', { cars: 0, renters: 1 });
      // Behind a reverse proxy, as production runs: the client is the address it appends.
      const apps = await Promise.all(
        [0, 1].map(() =>
          startAppProcess({ env: { DATABASE_URL: fleet.url, TRUST_PROXY: 'true' } }),
        ),
      );
      const victim = fleet.renters[0]!;
      const attempt = (i: number, password: string, from: string) =>
        sendPatiently(apps[i % 2]!.url, 'POST', '/api/auth/login', {
          body: { msisdn: victim.msisdn, password },
          headers: { 'x-forwarded-for': from },
        });

      const stranger = '198.51.100.23';
      const guesses = await Promise.all(
        Array.from({ length: 9 }, (_, i) => attempt(i, `Guess@${1000 + i}`, stranger)),
      );
      // However they interleave, at most five guesses are ever checked.
      expect(
        countBy(guesses, (g) => g.status),
        apps.map((a) => a.output()).join('\n'),
      ).toEqual({ 401: 5, 429: 4 });

      for (const i of [0, 1]) {
        const right = await attempt(i, victim.password, stranger);
        expect(right.status, `the right password from the stranger's address on process ${i}`).toBe(
          429,
        );
        expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
        expect(JSON.parse(right.body).message).toMatch(/Too many attempts for this phone number/);
      }
      // The owner, from their own address, signs in on either process.
      for (const i of [0, 1]) {
        const owner = await attempt(i, victim.password, '203.0.113.77');
        expect(owner.status, `the owner on process ${i}`).toBe(200);
      }
    });

    it('thirty failures from many addresses, spread over two processes, stop wrong passwords on both (LIMIT-8); the right one gets a second step (ACCT-17)', async () => {
      const fleet = await prepareDatabase(cluster, 'spread', { cars: 0, renters: 1 });
      const apps = await Promise.all(
        [0, 1].map(() =>
          startAppProcess({ env: { DATABASE_URL: fleet.url, TRUST_PROXY: 'true' } }),
        ),
      );
      const victim = fleet.renters[0]!;
      const guesses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          sendPatiently(apps[i % 2]!.url, 'POST', '/api/auth/login', {
            body: { msisdn: victim.msisdn, password: `Guess@${i}` },
            headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
          }),
        ),
      );
      expect(countBy(guesses, (g) => g.status)).toEqual({ 401: 30, 429: 10 });
      for (const i of [0, 1]) {
        const guess = await sendPatiently(apps[i]!.url, 'POST', '/api/auth/login', {
          body: { msisdn: victim.msisdn, password: 'Guess@again' },
          headers: { 'x-forwarded-for': `203.0.113.${80 + i}` },
        });
        expect(guess.status, `a fresh address's wrong password on process ${i}`).toBe(429);
        expect(Number(guess.headers['retry-after'])).toBeGreaterThan(15 * 60);
      }
      // The owner is never kept out: the right password asks for the SMS code instead.
      const owner = await sendPatiently(apps[1]!.url, 'POST', '/api/auth/login', {
        body: { msisdn: victim.msisdn, password: victim.password },
        headers: { 'x-forwarded-for': '203.0.113.78' },
      });
      expect(owner.status).toBe(202);
      expect(JSON.parse(owner.body)).toMatchObject({ step: 'code', ticket: expect.any(String) });
    });
  },
);
