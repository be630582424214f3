import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();

/** Requests from one address (inject lets a test choose it). */
const fromIp = (ip: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

describe('per-IP limits are generous but real (PRODUCT.md P2.10)', () => {
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
