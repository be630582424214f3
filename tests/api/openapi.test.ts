import { describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);
const renter = await client.renter();

interface Schema {
  type?: string;
  format?: string;
  pattern?: string;
  maxLength?: number;
  enum?: unknown[];
  multipleOf?: number;
  anyOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
}
interface Operation {
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { headers?: Record<string, unknown> }>;
}
const doc = (await client.get('/api/openapi.json')).json() as {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
};
const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
);
const operation = (method: string, path: string) => doc.paths[path]![method]!;
const bodyOf = (method: string, path: string) =>
  operation(method, path).requestBody!.content['application/json']!.schema;
const queryOf = (method: string, path: string, name: string) =>
  operation(method, path).parameters!.find((p) => p.in === 'query' && p.name === name)!.schema;

/** What a string schema of the shapes used here accepts: patterns, length, enum, anyOf, allOf. */
function accepts(schema: Schema, value: string): boolean {
  if (schema.anyOf && !schema.anyOf.some((s) => accepts(s, value))) return false;
  if (schema.allOf && !schema.allOf.every((s) => accepts(s, value))) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.pattern && !new RegExp(schema.pattern).test(value)) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  return true;
}

describe('methods and addresses', () => {
  it('answers 405 with Allow for a known address asked with the wrong method', async () => {
    const list = await client.post('/api/get/cars', {});
    expect(list.statusCode).toBe(405);
    expect(list.headers.allow).toBe('GET, HEAD');
    expect(list.json()).toEqual({ message: expect.any(String) });

    const car = await client.delete('/api/cars/12');
    expect(car.statusCode).toBe(405);
    expect(car.headers.allow).toBe('GET, HEAD');

    const login = await client.put('/api/auth/login', {});
    expect(login.statusCode).toBe(405);
    expect(login.headers.allow).toBe('POST');
  });

  it('still answers 404 for an address no route has', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await client.request(method, '/api/nothing-here');
      expect(res.statusCode, method).toBe(404);
      expect(res.headers.allow, method).toBeUndefined();
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
  });
});

describe('who asks is checked before what they send', () => {
  const invalid = [
    { method: 'POST', url: '/api/bookings/create', payload: { car_id: 'x', start_date: 1 } },
    { method: 'PATCH', url: '/api/auth/me', payload: { name: 5 } },
    { method: 'POST', url: '/api/payments/sandbox/REF-1', payload: { decision: 'maybe' } },
  ] as const;

  it.each(invalid)(
    '$method $url: 401 without a token, not 422',
    async ({ method, url, payload }) => {
      const res = await client.request(method, url, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String) });
    },
  );

  it('401 without a token also for a body that cannot be read', async () => {
    // Truncated JSON text, sent as it is.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings/create',
      headers: { 'content-type': 'application/json' },
      payload: '{"car_id": ',
    });
    expect(res.statusCode).toBe(401);
  });

  it('a signed-in renter with the same invalid body gets 422', async () => {
    const { method, url, payload } = invalid[0];
    const res = await renter.request(method, url, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('car_id');
  });
});

describe('the OpenAPI document', () => {
  it('names the server and gives every operation a summary', () => {
    expect(doc.servers?.[0]?.url).toBe('http://localhost:3000');
    expect(operations.length).toBeGreaterThan(30);
    for (const { name, op } of operations) expect(op.summary, name).toBeTruthy();
  });

  it('declares security: [] on public operations and the bearer scheme on protected ones', () => {
    expect(operation('get', '/api/get/cars').security).toEqual([]);
    expect(operation('post', '/api/auth/login').security).toEqual([]);
    expect(operation('post', '/api/payments/webhook/paystack').security).toEqual([]);
    const bearer = [{ bearerAuth: [] }];
    expect(operation('post', '/api/bookings/create').security).toEqual(bearer);
    expect(operation('get', '/api/auth/me').security).toEqual(bearer);
    expect(operation('get', '/api/admin/dashboard').security).toEqual(bearer);
    for (const { name, op } of operations) {
      expect(Array.isArray(op.security), name).toBe(true);
      if (op.security!.length) expect(op.responses, name).toHaveProperty('401');
    }
    expect(operation('get', '/api/admin/cars').responses).toHaveProperty('403');
  });

  it('lists the answers every operation can give: 400, 503 with Retry-After, 415 for bodies', () => {
    for (const { name, op } of operations) {
      expect(op.responses, name).toHaveProperty('400');
      expect(op.responses['503']?.headers, name).toHaveProperty('Retry-After');
    }
    for (const [method, path] of [
      ['post', '/api/bookings/create'],
      ['post', '/api/auth/register'],
      ['patch', '/api/auth/me'],
      ['put', '/api/admin/cars/{id}'],
    ] as const) {
      expect(Object.keys(operation(method, path).responses)).toEqual(
        expect.arrayContaining(['413', '415', '422']),
      );
    }
    // The webhook reads any media type (the signature covers the raw bytes).
    expect(operation('post', '/api/payments/webhook/paystack').responses).not.toHaveProperty('415');
    expect(operation('get', '/api/get/cars').responses).not.toHaveProperty('415');
    expect(operation('post', '/api/auth/login').responses['429']?.headers).toHaveProperty(
      'Retry-After',
    );
  });

  it('gives dates, emails, enums, patterns and decimals as the validation has them', () => {
    const booking = bodyOf('post', '/api/bookings/create').properties!;
    expect(booking.start_date?.format).toBe('date');
    expect(booking.end_date?.format).toBe('date');
    expect(booking.destination_type?.anyOf?.map((s) => s.enum)).toEqual([
      [1, 2],
      ['1', '2'],
    ]);
    expect(booking.wallet_msisdn?.pattern).toBeDefined();
    expect(bodyOf('post', '/api/contact').properties!.email?.format).toBe('email');
    expect(bodyOf('post', '/api/newsletter').properties!.email?.format).toBe('email');
    expect(bodyOf('post', '/api/admin/cars').properties!.price_per_day?.multipleOf).toBe(0.01);
    expect(JSON.stringify(queryOf('get', '/api/get/cars', 'start_date'))).toContain(
      '"format":"date"',
    );
    // A staff action's note is optional, and so is its whole body.
    expect(operation('post', '/api/admin/bookings/{code}/record-cash').requestBody?.required).toBe(
      false,
    );
    expect(operation('post', '/api/bookings/create').requestBody?.required).toBe(true);
    const upload = operation('post', '/api/admin/cars/{id}/photos').requestBody!.content;
    expect(upload['multipart/form-data']?.schema.properties?.file).toMatchObject({
      type: 'string',
      format: 'binary',
    });
  });
});

describe('the document and the server agree', () => {
  it('on the car filters: a list of body types, in any case', async () => {
    const schema = queryOf('get', '/api/get/cars', 'body_type');
    for (const value of ['suv', 'SUV,Sedan', ' suv , ,van,', 'tank', 'suv;van', 'suv van', '']) {
      const res = await client.get(`/api/get/cars?body_type=${encodeURIComponent(value)}`);
      expect(res.statusCode, JSON.stringify(value)).toBe(accepts(schema, value) ? 200 : 422);
    }
  });

  it('on door counts', async () => {
    const schema = queryOf('get', '/api/get/cars', 'doors');
    for (const value of ['2,4', ' 5 ', '0', '61', '4.0', '0x4', '60']) {
      const res = await client.get(`/api/get/cars?doors=${encodeURIComponent(value)}`);
      expect(res.statusCode, JSON.stringify(value)).toBe(accepts(schema, value) ? 200 : 422);
    }
  });

  it('on numbers in a JSON body: a number (or its text from a form), never true or [1]', async () => {
    const booking = bodyOf('post', '/api/bookings/create').properties!;
    expect(booking.car_id?.type).toBe('integer');
    for (const [field, value] of [
      ['car_id', true],
      ['car_id', [1]],
      ['destination_type', true],
      ['destination_type', [2]],
      ['destination_type', ' 1'],
    ] as const) {
      const res = await renter.post('/api/bookings/create', { [field]: value });
      expect(res.statusCode, `${field}: ${JSON.stringify(value)}`).toBe(422);
      expect(res.json().errors, `${field}: ${JSON.stringify(value)}`).toHaveProperty(field);
    }
  });

  it('on dates: real calendar days only', async () => {
    const schema = queryOf('get', '/api/cars/{id}/availability', 'from');
    const values = ['2026-02-28', '2028-02-29', '2026-02-29', '2100-02-29', '2000-02-29'];
    for (const value of [...values, '0000-01-01', '2026-1-01', ' 2026-01-01', '2026-01-01x', '']) {
      // No car 999999: a valid query is answered 404, an invalid one 422 before the lookup.
      const res = await client.get(
        `/api/cars/999999/availability?from=${encodeURIComponent(value)}`,
      );
      expect(res.statusCode, JSON.stringify(value)).toBe(accepts(schema, value) ? 404 : 422);
    }
  });
});

describe("the SMS provider's delivery report", () => {
  it('is documented as it answers: 204 with no content (MSG-8)', async () => {
    for (const method of ['get', 'post']) {
      const answer = operation(method, '/api/sms/delivery-report').responses['204'] as {
        content?: unknown;
      };
      expect(answer).toBeDefined();
      expect(answer.content).toBeUndefined();
    }
    const res = await client.get('/api/sms/delivery-report?sms_id=x&status=DELIVERED');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['content-type']).toBeUndefined();
  });
});
