import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { insertUser } from '../../src/server/db/factories';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

/** Requests from one address (inject lets a test choose it). */
const fromIp = (ip: string, url: string, payload: object) =>
  client.post(url, payload, { remoteAddress: ip });

describe('per-IP limits are generous but real (LIMIT-3)', () => {
  it('login: 300 requests per 15 minutes from one address, then 429 with Retry-After', async () => {
    // Invalid bodies are cheap (no password hashing) and still count against the address.
    const bad = { msisdn: '1', password: '1' };
    for (let i = 0; i < 300; i++) {
      const res = await fromIp('10.9.0.1', '/api/auth/login', bad);
      expect(res.statusCode).toBe(422);
    }
    const blocked = await fromIp('10.9.0.1', '/api/auth/login', bad);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toEqual({ message: messages.http.tooManyRequests });
    // Another address (another customer) is not affected.
    expect((await fromIp('10.9.0.2', '/api/auth/login', bad)).statusCode).toBe(422);
  });

  it('register: 60 requests per 10 minutes from one address', async () => {
    for (let i = 0; i < 60; i++) {
      expect((await fromIp('10.9.1.1', '/api/auth/register', {})).statusCode).toBe(422);
    }
    expect((await fromIp('10.9.1.1', '/api/auth/register', {})).statusCode).toBe(429);
  });
});

describe('who asks is checked before the address is counted (LIMIT-3)', () => {
  it("a visitor's calls to a signed-in route get 401 and spend nothing of the address's allowance", async () => {
    // 60 per 10 minutes is the address's allowance on this route; a visitor sends more.
    for (let i = 0; i < 61; i++) {
      expect((await fromIp('10.9.3.1', '/api/auth/phone/send-code', {})).statusCode).toBe(401);
    }
    // A renter behind the same address (a shared mobile network) still has all of it.
    const renter = await client.renter({ phoneVerified: false });
    const sent = await renter.post('/api/auth/phone/send-code', undefined, {
      remoteAddress: '10.9.3.1',
    });
    expect(sent.statusCode).toBe(202);
  });
});

describe('per-number limit on registration', () => {
  it('five attempts for one number in 15 minutes, then 429', async () => {
    const body = { name: 'Abena Osei', msisdn: '0276543210', password: 'Secret@123' };
    expect((await fromIp('10.9.2.1', '/api/auth/register', body)).statusCode).toBe(201);
    for (let i = 0; i < 4; i++) {
      expect((await fromIp(`10.9.2.${i + 2}`, '/api/auth/register', body)).statusCode).toBe(409);
    }
    const blocked = await fromIp('10.9.2.9', '/api/auth/register', body);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

describe('sign-in limits never lock the owner out (LIMIT-1, LIMIT-8)', () => {
  const login = (ip: string, msisdn: string, password: string) =>
    fromIp(ip, '/api/auth/login', { msisdn, password });

  it("a stranger's five failures block the stranger's address, not the owner's correct password from theirs", async () => {
    const owner = await insertUser(ctx.db);
    for (let i = 0; i < 5; i++) {
      expect((await login('198.51.100.7', owner.msisdn, `Guess@${i}`)).statusCode).toBe(401);
    }
    const strangerBlocked = await login('198.51.100.7', owner.msisdn, 'Guess@99');
    expect(strangerBlocked.statusCode).toBe(429);
    expect(Number(strangerBlocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(strangerBlocked.json().message).toMatch(/Too many attempts for this phone number/);
    // Even the right password from the stranger's address waits.
    expect((await login('198.51.100.7', owner.msisdn, owner.password)).statusCode).toBe(429);

    expect((await login('203.0.113.20', owner.msisdn, owner.password)).statusCode).toBe(200);
  });

  it("the owner's own five failures block only their own address, and a success clears them", async () => {
    const owner = await insertUser(ctx.db);
    for (let i = 0; i < 4; i++) await login('203.0.113.21', owner.msisdn, `Typo@${i}`);
    expect((await login('203.0.113.21', owner.msisdn, owner.password)).statusCode).toBe(200);
    // Cleared: five more tries before the address is blocked again.
    for (let i = 0; i < 5; i++) {
      expect((await login('203.0.113.21', owner.msisdn, `Typo@${i}`)).statusCode).toBe(401);
    }
    expect((await login('203.0.113.21', owner.msisdn, owner.password)).statusCode).toBe(429);
  });

  it('thirty failures an hour from any addresses stop every wrong password, with Retry-After; the right one gets a second step', async () => {
    const owner = await insertUser(ctx.db);
    for (let i = 0; i < 30; i++) {
      // One try from each of thirty addresses: no address reaches its own limit.
      expect((await login(`192.0.2.${i + 1}`, owner.msisdn, `Guess@${i}`)).statusCode).toBe(401);
    }
    // The owner's right password still gets in, by a code (ACCT-17).
    expect((await login('203.0.113.22', owner.msisdn, owner.password)).statusCode).toBe(202);
    const blocked = await login('203.0.113.22', owner.msisdn, 'Wrong@2026');
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(15 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
  });

  it("the owner's successful sign-ins never use up the number's allowance", async () => {
    const owner = await insertUser(ctx.db);
    for (let i = 0; i < 29; i++) await login(`192.0.2.${100 + i}`, owner.msisdn, `Guess@${i}`);
    for (let i = 0; i < 5; i++) {
      expect((await login('203.0.113.23', owner.msisdn, owner.password)).statusCode).toBe(200);
    }
  });

  it("an address blocked on one number costs nothing of the number's allowance", async () => {
    const owner = await insertUser(ctx.db);
    // One address hammers 40 times: 5 are checked, the rest refused before counting.
    for (let i = 0; i < 40; i++) await login('198.51.100.66', owner.msisdn, `Guess@${i}`);
    // 25 more from other addresses still fit in the number's 30.
    for (let i = 0; i < 24; i++) {
      expect((await login(`192.0.2.${200 + i}`, owner.msisdn, `Guess@${i}`)).statusCode).toBe(401);
    }
    expect((await login('203.0.113.24', owner.msisdn, owner.password)).statusCode).toBe(200);
  });
});
