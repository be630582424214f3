import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminBranch } from '../../src/shared/schemas/branches.staff';
import type { AdminCar } from '../../src/shared/schemas/cars.staff';
import { catalogueState, extraPrices } from '../../src/server/db/schema/index';
import { branchInput, carInput } from '../support/admin';
import { api, day } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);
const staff = await client.staff();

async function branches(): Promise<AdminBranch[]> {
  const res = await staff.get('/api/admin/branches');
  expect(res.statusCode).toBe(200);
  return res.json().branches;
}

async function addBranch(overrides: Record<string, unknown> = {}): Promise<AdminBranch> {
  const res = await staff.post('/api/admin/branches', branchInput(overrides));
  expect(res.statusCode).toBe(201);
  return res.json().branch;
}

async function addCar(branchId: number, overrides: Record<string, unknown> = {}) {
  const res = await staff.post('/api/admin/cars', carInput(branchId, overrides));
  expect(res.statusCode).toBe(201);
  return res.json().car as AdminCar;
}

const catalogueVersion = async () =>
  (await ctx.db.select().from(catalogueState).where(eq(catalogueState.id, 1)))[0]?.version;

describe('STAFF-1: only staff manage branches and prices', () => {
  // 401 for a visitor and 403 for a renter on every one of these routes: admin-auth.test.ts.
  it('a renter changes nothing', async () => {
    const renter = await client.renter();
    const before = await branches();
    await renter.put(`/api/admin/branches/${before[0]!.id}`, branchInput({ name: 'Hijacked' }));
    expect(await branches()).toEqual(before);
  });
});

describe('branches (STAFF-10)', () => {
  it('lists the three branches by name, with the cars on offer at each', async () => {
    const list = await branches();
    expect(list.map((b) => b.name).slice(0, 3)).toEqual([
      'East Legon office',
      'Kotoka International Airport',
      'Kumasi office',
    ]);
    expect(list.find((b) => b.name === 'Kotoka International Airport')).toMatchObject({
      town: 'Accra',
      opens: '07:00',
      closes: '21:00',
      is_airport: true,
      car_count: expect.any(Number),
    });

    const branch = await addBranch();
    expect(branch.car_count).toBe(0);
    await addCar(branch.id);
    const retired = await addCar(branch.id);
    await addCar(branch.id);
    expect((await staff.post(`/api/admin/cars/${retired.id}/retire`)).statusCode).toBe(200);
    expect((await branches()).find((b) => b.id === branch.id)!.car_count).toBe(2);
  });

  it('adds a branch that renters see in GET /api/branches', async () => {
    const branch = await addBranch({ name: '  Tema office  ', is_airport: true });
    expect(branch).toMatchObject({
      name: 'Tema office',
      town: 'Takoradi',
      opens: '08:00',
      closes: '18:30',
      is_airport: true,
      car_count: 0,
      created_at: expect.any(String),
    });
    const open = await client.get('/api/branches');
    expect(open.statusCode).toBe(200);
    expect(open.json().branches).toContainEqual(
      expect.objectContaining({ id: branch.id, name: 'Tema office', is_airport: true }),
    );
  });

  it('edits every field of a branch', async () => {
    const branch = await addBranch();
    const res = await staff.put(
      `/api/admin/branches/${branch.id}`,
      branchInput({
        name: `Cape Coast office ${branch.id}`,
        town: 'Cape Coast',
        address: 'Commercial Street, Cape Coast',
        phone: '+233332000555',
        opens: '06:30',
        closes: '22:00',
        is_airport: true,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().branch).toMatchObject({
      id: branch.id,
      name: `Cape Coast office ${branch.id}`,
      town: 'Cape Coast',
      address: 'Commercial Street, Cape Coast',
      phone: '+233332000555',
      opens: '06:30',
      closes: '22:00',
      is_airport: true,
    });
    expect((await branches()).find((b) => b.id === branch.id)).toEqual({
      ...res.json().branch,
      yours: true,
    });
  });

  it('lists every wrong field at once with its message', async () => {
    const res = await staff.post('/api/admin/branches', {
      name: ' ',
      town: 'x'.repeat(61),
      address: '',
      opens: '7am',
      closes: '25:00',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Name is required'],
      town: ['Town must be 60 characters or less'],
      address: ['Address is required'],
      phone: ['Phone is required'],
      opens: ['Opening time must look like 07:00'],
      closes: ['Closing time must look like 21:00'],
    });

    const hours = await staff.post(
      '/api/admin/branches',
      branchInput({ opens: '18:00', closes: '09:00' }),
    );
    expect(hours.statusCode).toBe(422);
    expect(hours.json().errors).toEqual({ closes: ['Closing time must be after opening time'] });
    const same = await staff.post(
      '/api/admin/branches',
      branchInput({ opens: '09:00', closes: '09:00' }),
    );
    expect(same.json().errors).toEqual({ closes: ['Closing time must be after opening time'] });

    // BOOK-20: the hours are checked along with the other fields, not after them (but not
    // beside an empty required text: zod stops at its 'required', see requiredText).
    const all = await staff.post(
      '/api/admin/branches',
      branchInput({ name: 'N'.repeat(81), opens: '18:00', closes: '09:00' }),
    );
    expect(all.json().errors).toEqual({
      name: ['Name must be 80 characters or less'],
      closes: ['Closing time must be after opening time'],
    });

    // A body that is no object is one 422, never a crash in a cross-field check.
    for (const body of ['null', '"branch"', '[1]', '42']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/branches',
        headers: { ...staff.headers, 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode).toBe(422);
    }

    const notBoolean = await staff.post(
      '/api/admin/branches',
      branchInput({ is_airport: 'maybe' }),
    );
    expect(notBoolean.statusCode).toBe(422);
    expect(Object.keys(notBoolean.json().errors)).toEqual(['is_airport']);
  });

  it('refuses a second branch of the same name (capitals and spaces aside), also on edit', async () => {
    const first = await addBranch({ name: 'Ho office' });
    const again = await staff.post('/api/admin/branches', branchInput({ name: 'ho   OFFICE' }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ name: ['There is already a branch with this name'] });

    const other = await addBranch();
    const rename = await staff.put(
      `/api/admin/branches/${other.id}`,
      branchInput({ name: 'HO office' }),
    );
    expect(rename.json().errors).toEqual({ name: ['There is already a branch with this name'] });
    // Keeping its own name is no clash.
    const keep = await staff.put(
      `/api/admin/branches/${first.id}`,
      branchInput({ name: 'Ho office', phone: '+233362000666' }),
    );
    expect(keep.statusCode).toBe(200);
  });

  it('answers 404 for an unknown branch, also for an id that cannot be one', async () => {
    const missing = await staff.put('/api/admin/branches/999999', branchInput());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Branch not found.' });
    for (const id of ['abc', '0', '-1']) {
      expect((await staff.put(`/api/admin/branches/${id}`, branchInput())).statusCode).toBe(404);
    }
  });

  it("bumps the catalogue version, so renters' car pages show the new name at once", async () => {
    const branch = await addBranch();
    const car = await addCar(branch.id);
    // Warm the catalogue cache, then rename the branch behind it.
    const before = await client.get(`/api/cars/${car.id}`);
    expect(before.json().car.branch).toEqual({
      id: branch.id,
      name: branch.name,
      town: 'Takoradi',
    });
    const version = await catalogueVersion();

    const renamed = await staff.put(
      `/api/admin/branches/${branch.id}`,
      branchInput({ name: `Sekondi office ${branch.id}`, town: 'Sekondi' }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(await catalogueVersion()).toBeGreaterThan(version!);
    const after = await client.get(`/api/cars/${car.id}`);
    expect(after.json().car.branch).toEqual({
      id: branch.id,
      name: `Sekondi office ${branch.id}`,
      town: 'Sekondi',
    });
    const list = await client.get(`/api/get/cars?q=${encodeURIComponent(car.model)}`);
    expect(list.json().all_cars[0].branch.town).toBe('Sekondi');
    // STAFF-34: the car's town follows its branch's.
    expect(after.json().car.location.city).toBe('Sekondi');
  });
});

describe('extra prices (STAFF-12)', () => {
  const prices = {
    chauffeur_per_day: 175.5,
    out_of_station_per_day: 120,
    child_seat_per_day: 0,
    delivery_fee: 95.25,
    airport_fee: 60,
  };

  it('shows the prices in cedis, and saves every one in pesewas', async () => {
    const before = await staff.get('/api/admin/extra-prices');
    expect(before.statusCode).toBe(200);
    expect(before.json().prices).toEqual({
      chauffeur_per_day: 150,
      out_of_station_per_day: 100,
      child_seat_per_day: 30,
      delivery_fee: 80,
      airport_fee: 50,
    });

    const version = await catalogueVersion();
    const saved = await staff.put('/api/admin/extra-prices', prices);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ prices, updated_at: expect.any(String) });
    expect((await staff.get('/api/admin/extra-prices')).json().prices).toEqual(prices);
    const rows = await ctx.db.select().from(extraPrices);
    expect(Object.fromEntries(rows.map((r) => [r.key, r.amountPesewas]))).toEqual({
      chauffeur_per_day: 175_50,
      out_of_station_per_day: 120_00,
      child_seat_per_day: 0,
      delivery_fee: 95_25,
      airport_fee: 60_00,
    });
    // Quotes read the prices through the catalogue's version (docs/decisions/003).
    expect(await catalogueVersion()).toBeGreaterThan(version!);

    // Amounts typed into a form arrive as text.
    const asText = await staff.put('/api/admin/extra-prices', {
      ...Object.fromEntries(Object.entries(prices).map(([k, v]) => [k, String(v)])),
      airport_fee: '55',
    });
    expect(asText.json().prices).toEqual({ ...prices, airport_fee: 55 });
  });

  it('refuses empty, negative, over-large, over-precise and missing amounts, each on its field', async () => {
    const before = (await staff.get('/api/admin/extra-prices')).json().prices;
    const res = await staff.put('/api/admin/extra-prices', {
      chauffeur_per_day: '',
      out_of_station_per_day: -1,
      child_seat_per_day: 100_001,
      delivery_fee: 12.345,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      chauffeur_per_day: ['Enter an amount in cedis'],
      out_of_station_per_day: ['An amount cannot be negative'],
      child_seat_per_day: ['An amount must be GH₵ 100,000 or less'],
      delivery_fee: ['Use at most two decimals'],
      airport_fee: ['Enter an amount in cedis'],
    });
    const words = await staff.put('/api/admin/extra-prices', { ...prices, airport_fee: 'free' });
    expect(words.json().errors).toEqual({ airport_fee: ['Enter an amount in cedis'] });
    expect((await staff.get('/api/admin/extra-prices')).json().prices).toEqual(before);
  });

  it('a price changed by staff reaches the quote at once; a booking already made keeps its lines', async () => {
    const airport = (await branches()).find((b) => b.is_airport)!;
    const car = await addCar(airport.id, { price_per_day: 400 });
    const quote = async () => {
      const query = new URLSearchParams({
        car_id: String(car.id),
        start_date: day(2),
        end_date: day(4),
        destination_type: '1',
        chauffeur: 'true',
      });
      const res = await client.get(`/api/bookings/quote?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { lines: { label: string; amount: number }[]; total_cost: number };
    };
    await staff.put('/api/admin/extra-prices', {
      ...prices,
      chauffeur_per_day: 100,
      airport_fee: 40,
    });
    const first = await quote();
    expect(first.lines).toContainEqual({ label: 'Chauffeur (2 days)', amount: 200 });
    expect(first.lines).toContainEqual({ label: 'Airport pickup fee', amount: 40 });

    await staff.put('/api/admin/extra-prices', {
      ...prices,
      chauffeur_per_day: 130,
      airport_fee: 45,
    });
    const second = await quote();
    expect(second.lines).toContainEqual({ label: 'Chauffeur (2 days)', amount: 260 });
    expect(second.lines).toContainEqual({ label: 'Airport pickup fee', amount: 45 });
    expect(second.total_cost - first.total_cost).toBe(65);
  });
});
