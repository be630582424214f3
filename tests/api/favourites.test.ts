import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import type { FavouritesResponse } from '../../src/shared/schemas/favourites';
import { insertCar } from '../../src/server/db/factories';
import { branches, cars, favourites } from '../../src/server/db/schema/index';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

// AREA-5 to AREA-8: favourites belong to the account, the same on every device.

const ctx = await setupTestApp();
const client = api(ctx.app);
const [branch] = await ctx.db.select({ id: branches.id }).from(branches).limit(1);
const newCar = (model = 'Picanto') =>
  insertCar(ctx.db, { branchId: branch!.id, make: 'Kia', model, year: 2023 });

describe('a renter keeps favourites in the account (AREA-5, AREA-6)', () => {
  it('saves, lists newest first with the cars, and removes; saving twice changes nothing', async () => {
    const renter = await client.renter();
    const [a, b, c] = [await newCar('Rio'), await newCar('Sportage'), await newCar('Sorento')];
    for (const car of [a, b, c, b]) {
      const res = await renter.put(`/api/favourites/${car.id}`);
      expect(res.statusCode, res.body).toBe(204);
    }
    const list = (await renter.get('/api/favourites')).json<FavouritesResponse>();
    expect(list.total).toBe(3);
    expect(list.next_before).toBeNull();
    expect(list.favourites.map((f) => f.car_id)).toEqual([c.id, b.id, a.id]);
    expect(list.favourites[0]!.car).toMatchObject({ id: c.id, title: '2023 Kia Sorento' });
    expect((await renter.get('/api/favourites/ids')).json()).toEqual({
      car_ids: [c.id, b.id, a.id],
    });

    expect((await renter.delete(`/api/favourites/${b.id}`)).statusCode).toBe(204);
    // Removing one that is not saved is done already.
    expect((await renter.delete(`/api/favourites/${b.id}`)).statusCode).toBe(204);
    expect((await renter.get('/api/favourites/ids')).json()).toEqual({ car_ids: [c.id, a.id] });
  });

  it('pages by keyset: `before` is the previous page’s next_before', async () => {
    const renter = await client.renter();
    const saved: number[] = [];
    for (let i = 0; i < 5; i++) {
      const car = await newCar(`Model ${i}`);
      await renter.put(`/api/favourites/${car.id}`);
      saved.unshift(car.id);
    }
    const first = (await renter.get('/api/favourites?limit=2')).json<FavouritesResponse>();
    expect(first.favourites.map((f) => f.car_id)).toEqual(saved.slice(0, 2));
    expect(first.total).toBe(5);
    const second = (
      await renter.get(`/api/favourites?limit=2&before=${first.next_before}`)
    ).json<FavouritesResponse>();
    expect(second.favourites.map((f) => f.car_id)).toEqual(saved.slice(2, 4));
    const last = (
      await renter.get(`/api/favourites?limit=2&before=${second.next_before}`)
    ).json<FavouritesResponse>();
    expect(last.favourites.map((f) => f.car_id)).toEqual(saved.slice(4));
    expect(last.next_before).toBeNull();
  });

  it('refuses an unknown or retired car or a malformed id (404), and a bad limit (422)', async () => {
    const renter = await client.renter();
    const unknown = await renter.put('/api/favourites/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.cars.notFound });

    const car = await newCar();
    await renter.put(`/api/favourites/${car.id}`);
    await ctx.db.update(cars).set({ retiredAt: new Date() }).where(eq(cars.id, car.id));
    // Kept, but shown nowhere while the car is out of the fleet; it cannot be saved again.
    expect((await renter.get('/api/favourites')).json()).toMatchObject({
      favourites: [],
      total: 0,
    });
    expect((await renter.put(`/api/favourites/${car.id}`)).statusCode).toBe(404);

    // A malformed id in the path names nothing (API-2's house rule for paths).
    for (const url of ['/api/favourites/abc', '/api/favourites/0']) {
      const res = await renter.put(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: messages.http.notFound });
    }
    const badLimit = await renter.get('/api/favourites?limit=500');
    expect(badLimit.statusCode).toBe(422);
    expect(badLimit.json().errors.limit).toBeDefined();
  });
});

describe('favourites are the account’s own (AREA-8)', () => {
  it('another renter never sees or changes them; a visitor is asked to sign in', async () => {
    const ama = await client.renter();
    const kofi = await client.renter();
    const car = await newCar();
    await ama.put(`/api/favourites/${car.id}`);

    expect((await kofi.get('/api/favourites')).json()).toMatchObject({ favourites: [], total: 0 });
    expect((await kofi.get('/api/favourites/ids')).json()).toEqual({ car_ids: [] });
    // Kofi removing the same car touches only his own list.
    await kofi.delete(`/api/favourites/${car.id}`);
    expect((await ama.get('/api/favourites/ids')).json()).toEqual({ car_ids: [car.id] });

    for (const [method, url] of [
      ['GET', '/api/favourites'],
      ['GET', '/api/favourites/ids'],
      ['PUT', `/api/favourites/${car.id}`],
      ['DELETE', `/api/favourites/${car.id}`],
      ['POST', '/api/favourites/merge'],
    ] as const) {
      const res = await client.request(
        method,
        url,
        method === 'POST' ? { car_ids: [] } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('closing the account (ACCT-31)', () => {
  it('deletes its favourites', async () => {
    const renter = await client.renter();
    const car = await newCar();
    await renter.put(`/api/favourites/${car.id}`);
    const closed = await renter.post('/api/account/close', { password: renter.user.password });
    expect(closed.statusCode, closed.body).toBe(200);
    const left = await ctx.db
      .select()
      .from(favourites)
      .where(eq(favourites.userId, renter.user.id));
    expect(left).toEqual([]);
  });
});

describe('what the browser kept is merged at sign-in (AREA-7)', () => {
  it('adds the browser’s cars in their order, keeps the account’s, ignores unknown ids, and is idempotent', async () => {
    const renter = await client.renter();
    const [kept, x, y] = [await newCar('Kept'), await newCar('X'), await newCar('Y')];
    await renter.put(`/api/favourites/${kept.id}`);

    // The browser's wishlist is oldest first; `kept` is in it too, and an id no car has.
    const body = { car_ids: [x.id, kept.id, 999999, y.id, x.id] };
    const first = await renter.post('/api/favourites/merge', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ car_ids: [y.id, x.id, kept.id] });

    const again = await renter.post('/api/favourites/merge', body);
    expect(again.json()).toEqual(first.json());
    // An empty browser just learns the account's list.
    expect((await renter.post('/api/favourites/merge', { car_ids: [] })).json()).toEqual(
      first.json(),
    );
  });

  it('refuses a body that is not a list of car ids, or too long a list (422)', async () => {
    const renter = await client.renter();
    for (const body of [
      {},
      { car_ids: 'all' },
      { car_ids: ['x'] },
      { car_ids: Array(501).fill(1) },
    ]) {
      const res = await renter.post('/api/favourites/merge', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(Object.keys(res.json().errors ?? {})[0]).toMatch(/^car_ids/);
    }
  });
});
