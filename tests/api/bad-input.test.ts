import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { insertCar } from '../../src/server/db/factories';
import { makeImage, multipartBody } from '../support/admin';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

/**
 * Odd requests a client, a proxy or a tester sends, each answered with its 4xx and a clear
 * message (API-2, LIMIT-10, API-9): never a 500, never stored half-understood.
 */
const ctx = await setupTestApp();
const client = api(ctx.app);
const renter = await client.renter();
const staff = await client.staff();

/** A multipart body cut off part-way through, as a dropped mobile connection leaves it. */
async function truncatedUpload(fields: { name: string; value: string }[], file: string) {
  const { body, headers } = await multipartBody([
    ...fields,
    {
      name: file,
      value: await makeImage('jpeg', 400, 300),
      filename: 'card.jpg',
      type: 'image/jpeg',
    },
  ]);
  return { payload: body.subarray(0, Math.floor(body.length * 0.6)), headers };
}

describe('a truncated multipart body answers 400 (API-9)', () => {
  it('on a renter uploading a document', async () => {
    const { payload, headers } = await truncatedUpload(
      [{ name: 'type', value: 'ghana_card' }],
      'front',
    );
    // Raw on purpose: the client's upload() always sends a whole body.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/documents',
      payload,
      headers: { ...headers, authorization: `Bearer ${renter.token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.http.incompleteUpload });
  });

  it('on staff uploading a car photo', async () => {
    const car = await insertCar(ctx.db);
    const { payload, headers } = await truncatedUpload([{ name: 'alt', value: 'Front' }], 'file');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/cars/${car.id}/photos`,
      payload,
      headers: { ...headers, authorization: `Bearer ${staff.token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.http.incompleteUpload });
  });
});

describe('numbers out of range answer 422, or 404 for an id in the path (API-9)', () => {
  it.each([
    '/api/admin/sms/failed?before=2147483648',
    '/api/admin/sms/failed?before=99999999999999999999',
  ])('%s', async (url) => {
    const res = await staff.get(url);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(messages.http.validation);
  });

  it('an id in the path past what the database holds names nothing: 404', async () => {
    const res = await staff.get('/api/admin/customers/2147483648/sms');
    expect(res.statusCode).toBe(404);
  });
});

describe('a body that is not UTF-8 answers 400 (LIMIT-10)', () => {
  it('is refused, not stored with replacement characters', async () => {
    const before = Buffer.from('{"name":"Ama ', 'utf8');
    const after = Buffer.from(' Mensah"}', 'utf8');
    // Raw on purpose: the bytes 0xC3 0x28 are not UTF-8, which no serialiser writes.
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      payload: Buffer.concat([before, Buffer.from([0xc3, 0x28]), after]),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${renter.token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.http.invalidCharacters });
    const me = await renter.get('/api/auth/me');
    expect(me.json().user.name).not.toContain('\uFFFD');
  });

  it('in a query string too', async () => {
    const res = await client.get('/api/get/cars?make=%C3%28');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.http.invalidCharacters });
  });
});

describe('methods a path does not answer (API-9)', () => {
  it('an unknown method answers 405 with Allow', async () => {
    const res = await ctx.app.inject({ method: 'QUERY' as 'GET', url: '/api/get/cars' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.json()).toEqual({ message: messages.http.methodNotAllowed });
  });

  it('an unknown method on a path no route has is 404, as any other method there', async () => {
    // QUERY without a content type fails reading its body before the not-found handler.
    const res = await ctx.app.inject({ method: 'QUERY' as 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: messages.http.notFound });
  });

  it('a named path is not taken for an id: /api/bookings/create takes POST only', async () => {
    const options = await ctx.app.inject({ method: 'OPTIONS', url: '/api/bookings/create' });
    expect(options.headers.allow).toBe('POST');
    const get = await renter.get('/api/bookings/create');
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
  });

  it('Allow lists only what the path answers: photos/order takes PUT, not DELETE', async () => {
    const car = await insertCar(ctx.db);
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: `/api/admin/cars/${car.id}/photos/order`,
    });
    expect(res.headers.allow?.split(', ').sort()).toEqual(['PUT']);
    const wrong = await staff.delete(`/api/admin/cars/${car.id}/photos/order`);
    expect(wrong.statusCode).toBe(405);
  });

  it('an id-shaped segment still reaches the route with the parameter', async () => {
    const res = await ctx.app.inject({ method: 'OPTIONS', url: '/api/admin/cars/1/photos/7' });
    expect(res.headers.allow).toBe('DELETE');
  });
});
