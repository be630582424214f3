import { describe, expect, it } from 'vitest';
import { insertCar } from '../../src/server/db/factories';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);
const renter = await client.renter();
const car = await insertCar(ctx.db);

/** Every write endpoint, with the headers it needs to get past authentication. */
const writeEndpoints = [
  { url: '/api/auth/register', headers: {} },
  { url: '/api/auth/login', headers: {} },
  { url: '/api/bookings/create', headers: renter.headers },
];

const expectCleanError = (
  res: { statusCode: number; body: string; json(): unknown },
  label: string,
) => {
  expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, label).toBeLessThan(500);
  const body = res.json() as { message?: unknown };
  expect(typeof body.message, label).toBe('string');
  expect(res.body, label).not.toMatch(
    /stack|at \w+ \(|node_modules|select .+ from|insert into|SQLSTATE|ZodError/i,
  );
};

describe('bad input never gets a 5xx', () => {
  for (const endpoint of writeEndpoints) {
    it(`${endpoint.url}: malformed, wrong-typed, oversized and missing`, async () => {
      // Raw text with a content type of the test's choosing, sent as it is.
      const send = (payload: string, contentType = 'application/json') =>
        ctx.app.inject({
          method: 'POST',
          url: endpoint.url,
          headers: { ...endpoint.headers, 'content-type': contentType },
          payload,
        });

      const malformed = await send('{"msisdn": ');
      expect(malformed.statusCode).toBe(400);
      expectCleanError(malformed, 'malformed');

      const oversized = await send(JSON.stringify({ name: 'x'.repeat(100_000) }));
      expect(oversized.statusCode).toBe(413);
      expectCleanError(oversized, 'oversized');

      const cases: unknown[] = [
        {},
        [],
        'null',
        42,
        {
          msisdn: 244123456,
          password: true,
          name: ['a'],
          car_id: 'one',
          start_date: 20261201,
          destination: {},
          destination_type: null,
          payment_method: 7,
        },
        { __proto__: { admin: true }, constructor: { prototype: { x: 1 } } },
        {
          car_id: car.id,
          start_date: '2026-02-30',
          end_date: '9999-99-99',
          destination: 'x'.repeat(5000),
          destination_type: 1e308,
          payment_method: 'cash',
        },
        { name: '\u0000\uFFFF', msisdn: '０２４４１２３４５６', password: '\uD800' },
      ];
      for (const payload of cases) {
        const res = await send(typeof payload === 'string' ? payload : JSON.stringify(payload));
        expectCleanError(res, JSON.stringify(payload).slice(0, 80));
      }

      const xml = await send('<a/>', 'application/xml');
      expect(xml.statusCode).toBe(415);
      expectCleanError(xml, 'xml');
    });
  }

  it('a __proto__ key in JSON is refused, not merged', async () => {
    // Raw text: an object literal's __proto__ would set the prototype, not send the key.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"msisdn":"0244123456","password":"secret1","__proto__":{"role":"staff"}}',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the API surface', () => {
  it('serves an OpenAPI document that describes the booking endpoint', async () => {
    const res = await client.get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/bookings/create'].post.requestBody).toBeDefined();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/get/cars', '/api/auth/login', '/api/cars/{id}']),
    );
  });

  it('health reports the database', async () => {
    const res = await client.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('sends security headers', async () => {
    const res = await client.get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
