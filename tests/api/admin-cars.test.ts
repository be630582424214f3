import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, PHOTOS_PER_CAR_MAX } from '../../src/shared/car-photos';
import type { AdminBranch } from '../../src/shared/schemas/branches.staff';
import type { AdminCar } from '../../src/shared/schemas/cars.staff';
import { bookings, carImages, cars } from '../../src/server/db/schema/index';
import { insertBooking, insertCar } from '../../src/server/db/factories';
import { makeImage } from '../support/admin';
import { api, day } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);
const staff = await client.staff();

/** The demo branches of migration 0017, by name. */
const branchList: AdminBranch[] = (await staff.get('/api/admin/branches')).json().branches;
const branchId = (name: string) => branchList.find((b) => b.name === name)!.id;
const eastLegon = branchId('East Legon office');
const kumasi = branchId('Kumasi office');

const carInput = (overrides: Record<string, unknown> = {}) => ({
  make: 'Suzuki',
  model: 'Swift',
  year: 2022,
  description: 'Small, thrifty and easy to park in Osu.',
  body_type: 'hatchback',
  transmission: 'manual',
  fuel_type: 'petrol',
  colour: 'Burning Red',
  no_of_doors: 5,
  seat_capacity: 5,
  has_airconditioning: true,
  has_bluetooth: false,
  usb_charger: true,
  price_per_day: 350.5,
  old_price: null,
  city: 'Accra – Osu',
  lat: 5.556,
  long: -0.182,
  branch_id: eastLegon,
  ...overrides,
});

async function createCar(overrides: Record<string, unknown> = {}): Promise<AdminCar> {
  const res = await staff.post('/api/admin/cars', carInput(overrides));
  expect(res.statusCode).toBe(201);
  return res.json().car;
}

const upload = (carId: number, file: Buffer, filename: string, type: string, alt?: string) =>
  staff.upload(`/api/admin/cars/${carId}/photos`, [
    ...(alt ? [{ name: 'alt', value: alt }] : []),
    { name: 'file', value: file, filename, type },
  ]);

describe('adding and editing cars', () => {
  it('adds a car that renters see at once in /api/get/cars and /api/cars/:id', async () => {
    // Warm the catalogue cache first, so the test proves the cache notices the new car.
    await client.get('/api/get/cars?limit=50');
    const car = await createCar({ model: `Swift ${Date.now()}` });
    expect(car).toMatchObject({
      make: 'Suzuki',
      price_per_day: 350.5,
      old_price: null,
      retired: false,
      photos: [],
    });
    expect(car.title).toBe(`2022 Suzuki ${car.model}`);

    const list = await client.get(`/api/get/cars?q=${encodeURIComponent(car.model)}`);
    expect(list.json().all_cars.map((c: { id: number }) => c.id)).toEqual([car.id]);
    const detail = await client.get(`/api/cars/${car.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().car).toMatchObject({
      price: 350.5,
      body_type: 'hatchback',
      transmission: 'manual',
    });
  });

  it('validates every field and says which one is wrong', async () => {
    const res = await staff.post(
      '/api/admin/cars',
      carInput({
        make: '',
        year: 1980,
        body_type: 'tank',
        price_per_day: 0,
        old_price: 100,
        lat: 51.5,
        no_of_doors: 9,
        price_per_day_extra: 'ignored',
      }),
    );
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(Object.keys(errors).sort()).toEqual([
      'body_type',
      'lat',
      'make',
      'no_of_doors',
      'price_per_day',
      'year',
    ]);
    expect(errors.make).toEqual(['Make is required']);

    const oldPrice = await staff.post(
      '/api/admin/cars',
      carInput({ price_per_day: 400, old_price: 300 }),
    );
    expect(oldPrice.json().errors).toEqual({
      old_price: ['Old price must be higher than the price per day'],
    });
  });

  it('an empty required number is required, words are not a number (not read as 0)', async () => {
    const res = await staff.post(
      '/api/admin/cars',
      carInput({ year: '', price_per_day: '  ', lat: 'north', long: '' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      year: ['Year is required'],
      price_per_day: ['Price per day is required'],
      lat: ['Latitude must be a number'],
      long: ['Longitude is required'],
    });
  });

  it('accepts what a form sends: numbers as text, empty optional numbers, checkbox values', async () => {
    const car = await createCar({
      year: '2020',
      price_per_day: '420',
      old_price: '',
      no_of_doors: '',
      seat_capacity: '7',
      has_bluetooth: 'on',
      usb_charger: 'false',
    });
    expect(car).toMatchObject({
      year: 2020,
      price_per_day: 420,
      old_price: null,
      no_of_doors: null,
      seat_capacity: 7,
      has_bluetooth: true,
      usb_charger: false,
    });
  });

  it('edits every field; a price change leaves existing bookings as they were', async () => {
    const car = await createCar({ price_per_day: 500 });
    const renter = await client.renter();
    await renter.book(car.id, day(3), day(5), {
      destination: 'Cape Coast',
      destination_type: 2,
    });

    const edited = await staff.put(
      `/api/admin/cars/${car.id}`,
      carInput({
        make: 'Toyota',
        model: 'Yaris',
        year: 2023,
        description: 'Newer.',
        body_type: 'sedan',
        transmission: 'automatic',
        fuel_type: 'hybrid',
        colour: 'Grey',
        no_of_doors: 4,
        seat_capacity: 5,
        has_airconditioning: false,
        has_bluetooth: true,
        usb_charger: false,
        price_per_day: 800,
        old_price: 900,
        city: 'Kumasi',
        lat: 6.69,
        long: -1.62,
        branch_id: kumasi,
        weekly_price: 5000,
        deposit: 300,
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().car).toMatchObject({
      title: '2023 Toyota Yaris',
      body_type: 'sedan',
      transmission: 'automatic',
      fuel_type: 'hybrid',
      colour: 'Grey',
      has_airconditioning: false,
      has_bluetooth: true,
      usb_charger: false,
      price_per_day: 800,
      old_price: 900,
      city: 'Kumasi',
      lat: 6.69,
      long: -1.62,
      branch: { id: kumasi, name: 'Kumasi office', town: 'Kumasi' },
      weekly_price: 5000,
      deposit: 300,
    });
    expect((await client.get(`/api/cars/${car.id}`)).json().car.price).toBe(800);

    const history = await renter.get('/api/bookings/history');
    expect(history.json().bookings[0]).toMatchObject({
      price_per_day: 500,
      line_cost: 1000,
      total_cost: 1200,
    });
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.carId, car.id));
    // PRICE-6: the booking keeps its price, deposit and branch.
    expect(row).toMatchObject({
      pricePerDayPesewas: 500_00,
      depositPesewas: 200_00,
      totalPesewas: 1200_00,
      branchId: eastLegon,
    });
  });

  it('puts the car at a branch, with a weekly price and a deposit (GH₵ 200 unless set)', async () => {
    const car = await createCar({ branch_id: kumasi, price_per_day: 300, weekly_price: 1800 });
    expect(car).toMatchObject({
      branch_id: kumasi,
      branch: { id: kumasi, name: 'Kumasi office', town: 'Kumasi' },
      weekly_price: 1800,
      deposit: 200,
    });
    const plain = await createCar({ weekly_price: '', deposit: '' });
    expect(plain).toMatchObject({ weekly_price: null, deposit: 200, branch_id: eastLegon });
    const none = await createCar({ deposit: 0 });
    expect(none.deposit).toBe(0);

    const moved = await staff.put(
      `/api/admin/cars/${car.id}`,
      carInput({ branch_id: eastLegon, price_per_day: 300, weekly_price: null, deposit: 350.5 }),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().car).toMatchObject({
      branch: { id: eastLegon, name: 'East Legon office' },
      weekly_price: null,
      deposit: 350.5,
    });
    const [row] = await ctx.db.select().from(cars).where(eq(cars.id, car.id));
    expect(row).toMatchObject({
      branchId: eastLegon,
      weeklyPricePesewas: null,
      depositPesewas: 350_50,
    });
  });

  it("takes the car's town from its branch, whatever city is sent (STAFF-34)", async () => {
    // Kumasi chosen with the form's old Accra default: the car is in Kumasi.
    const moved = await createCar({ branch_id: kumasi, city: 'Accra' });
    expect(moved).toMatchObject({ city: 'Kumasi', branch: { town: 'Kumasi' } });
    // No city at all: the branch's town.
    const { city: _city, ...withoutCity } = carInput();
    const res = await staff.post('/api/admin/cars', withoutCity);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().car.city).toBe('Accra');
    // A part of the branch's own town is kept: it says more.
    expect((await createCar({ branch_id: eastLegon, city: 'Accra – Osu' })).city).toBe(
      'Accra – Osu',
    );

    // Moving a car to another branch moves its town; renters see it there.
    const edited = await staff.put(`/api/admin/cars/${res.json().car.id}`, {
      ...withoutCity,
      branch_id: kumasi,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().car.city).toBe('Kumasi');
    const seen = await client.get(`/api/cars/${res.json().car.id}`);
    expect(seen.json().car.location.city).toBe('Kumasi');
  });

  it('refuses a missing or unknown branch, a weekly price of 7 days or more, and a bad deposit', async () => {
    for (const branch of [undefined, '', null, 'Kumasi', 0]) {
      const res = await staff.post('/api/admin/cars', carInput({ branch_id: branch }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ branch_id: ['Choose a branch'] });
    }
    const unknown = await staff.post('/api/admin/cars', carInput({ branch_id: 999_999 }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ branch_id: ['Choose a branch'] });

    const week = await staff.post(
      '/api/admin/cars',
      carInput({ price_per_day: 300, weekly_price: 2100 }),
    );
    expect(week.statusCode).toBe(422);
    expect(week.json().errors).toEqual({
      weekly_price: ['Weekly price must be less than 7 days at the price per day (GH₵ 2,100.00)'],
    });
    // BOOK-20: checked along with the other fields, not only once they are right.
    const together = await staff.post(
      '/api/admin/cars',
      carInput({ year: 1980, price_per_day: 300, weekly_price: 2500, old_price: 200 }),
    );
    expect(together.json().errors).toEqual({
      year: ['Year must be 1990 or later'],
      old_price: ['Old price must be higher than the price per day'],
      weekly_price: ['Weekly price must be less than 7 days at the price per day (GH₵ 2,100.00)'],
    });
    for (const body of ['null', '"car"', '[]']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/cars',
        headers: { ...staff.headers, 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode).toBe(422);
    }
    const justBelow = await createCar({ price_per_day: 300, weekly_price: 2099.99 });
    expect(justBelow.weekly_price).toBe(2099.99);

    const bad = await staff.post(
      '/api/admin/cars',
      carInput({ weekly_price: 'a week', deposit: -5 }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      weekly_price: ['Weekly price must be a number'],
      deposit: ['Deposit must be at least GH₵ 0'],
    });

    // An edit is checked the same way, and an unknown car is 404 before its branch is looked at.
    const car = await createCar();
    const edit = await staff.put(`/api/admin/cars/${car.id}`, carInput({ branch_id: 999_999 }));
    expect(edit.json().errors).toEqual({ branch_id: ['Choose a branch'] });
    expect(
      (await staff.put('/api/admin/cars/999999', carInput({ branch_id: 999_999 }))).statusCode,
    ).toBe(404);
  });

  it('answers 404 for a car that does not exist, and 422 for a bad body', async () => {
    expect((await staff.get('/api/admin/cars/999999')).statusCode).toBe(404);
    expect((await staff.put('/api/admin/cars/999999', carInput())).statusCode).toBe(404);
    expect((await staff.put('/api/admin/cars/1', { make: 'x' })).statusCode).toBe(422);
  });
});

describe('the fleet list', () => {
  it('searches, filters by make, body type and retirement, and pages', async () => {
    const tag = `Zq${Date.now().toString(36)}`;
    const a = await createCar({ make: tag, model: 'Alpha', body_type: 'suv' });
    const b = await createCar({ make: tag, model: 'Beta', body_type: 'van' });
    const c = await createCar({ make: tag, model: 'Gamma', body_type: 'suv' });
    expect((await staff.post(`/api/admin/cars/${c.id}/retire`)).statusCode).toBe(200);

    const ids = async (query: string) => {
      const res = await staff.get(`/api/admin/cars?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().cars.map((x: AdminCar) => x.id);
    };
    expect(await ids(`make=${tag}`)).toEqual([b.id, a.id]);
    expect(await ids(`make=${tag}&status=all`)).toEqual([c.id, b.id, a.id]);
    expect(await ids(`make=${tag}&status=retired`)).toEqual([c.id]);
    expect(await ids(`make=${tag.toLowerCase()}&body_type=suv&status=all`)).toEqual([c.id, a.id]);
    expect(await ids(`q=${tag.toLowerCase()}%20bet`)).toEqual([b.id]);
    expect(await ids(`q=2022%20${tag}%20alp`)).toEqual([a.id]);

    const page = await staff.get(`/api/admin/cars?make=${tag}&status=all&limit=2&page=2`);
    expect(page.json()).toMatchObject({ total: 3, page: 2, limit: 2, last_page: 2 });
    expect(page.json().cars.map((x: AdminCar) => x.id)).toEqual([a.id]);
    expect(page.json().makes).toContain(tag);
    expect((await staff.get('/api/admin/cars?body_type=tank')).statusCode).toBe(422);
  });

  it('filters by branch and shows each car with its branch', async () => {
    const tag = `Br${Date.now().toString(36)}`;
    const a = await createCar({ make: tag, branch_id: kumasi });
    const b = await createCar({ make: tag, branch_id: eastLegon });
    const res = await staff.get(`/api/admin/cars?make=${tag}&branch_id=${kumasi}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().cars).toEqual([
      expect.objectContaining({
        id: a.id,
        branch: { id: kumasi, name: 'Kumasi office', town: 'Kumasi' },
      }),
    ]);
    const all = await staff.get(`/api/admin/cars?make=${tag}`);
    expect(all.json().cars.map((c: AdminCar) => [c.id, c.branch.name])).toEqual([
      [b.id, 'East Legon office'],
      [a.id, 'Kumasi office'],
    ]);
    expect((await staff.get('/api/admin/cars?branch_id=x')).statusCode).toBe(422);
  });
});

describe('retiring and restoring', () => {
  it("retires a car out of the renters' catalogue and restores it", async () => {
    const car = await createCar();
    const retired = await staff.post(`/api/admin/cars/${car.id}/retire`);
    expect(retired.json().car).toMatchObject({ retired: true, retired_at: expect.any(String) });
    expect((await client.get(`/api/cars/${car.id}`)).statusCode).toBe(404);
    expect((await staff.post(`/api/admin/cars/${car.id}/retire`)).statusCode).toBe(409);

    const restored = await staff.post(`/api/admin/cars/${car.id}/restore`);
    expect(restored.json().car).toMatchObject({ retired: false, retired_at: null });
    expect((await client.get(`/api/cars/${car.id}`)).statusCode).toBe(200);
    expect((await staff.post(`/api/admin/cars/${car.id}/restore`)).statusCode).toBe(409);
    expect((await staff.post('/api/admin/cars/999999/restore')).statusCode).toBe(404);
  });

  it('refuses to retire a car with an unfinished booking', async () => {
    const car = await insertCar(ctx.db);
    const renter = await client.renter();
    await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: car.pricePerDayPesewas,
      startDate: day(1),
      endDate: day(2),
    });
    const res = await staff.post(`/api/admin/cars/${car.id}/retire`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/bookings that are not finished/);
  });
});

describe('photos', () => {
  it('stores an uploaded PNG as WebP at three widths, served under /media/uploads, shown to renters', async () => {
    const car = await createCar();
    const res = await upload(
      car.id,
      await makeImage('png', 2000, 1200),
      'front.png',
      'image/png',
      'Front of the Swift',
    );
    expect(res.statusCode).toBe(201);
    const { photo, photos } = res.json();
    expect(photo).toMatchObject({ alt: 'Front of the Swift', position: 0 });
    expect(photo.image_url).toMatch(/^\/media\/uploads\/cars\/\d+\/[a-f0-9]{24}-960\.webp$/);
    expect(photo.srcset).toBe(
      [480, 960, 1600]
        .map((w) => `${photo.image_url.replace('-960.webp', `-${w}.webp`)} ${w}w`)
        .join(', '),
    );
    expect(photos).toEqual([photo]);

    for (const width of [480, 960, 1600]) {
      const served = await client.get(photo.image_url.replace('-960.webp', `-${width}.webp`));
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
    }
    const detail = await client.get(`/api/cars/${car.id}`);
    expect(detail.json().car.images).toEqual([
      { image_url: photo.image_url, alt: 'Front of the Swift' },
    ]);
  });

  it('accepts JPEG and WebP, never enlarges a small photo, and names it after the car by default', async () => {
    const car = await createCar({ model: 'Dzire' });
    const jpg = await upload(car.id, await makeImage('jpeg', 300, 200), 'side.jpg', 'image/jpeg');
    expect(jpg.statusCode).toBe(201);
    expect(jpg.json().photo.alt).toBe('2022 Suzuki Dzire, photo 1');
    const big = await client.get(jpg.json().photo.image_url.replace('-960', '-1600'));
    expect((await sharp(big.rawPayload).metadata()).width).toBe(300);
    const webp = await upload(car.id, await makeImage('webp'), 'back.webp', 'image/webp');
    expect(webp.statusCode).toBe(201);
    expect(webp.json().photos.map((p: { position: number }) => p.position)).toEqual([0, 1]);
  });

  it('refuses a text file renamed .jpg and sent as image/jpeg, and bytes that only start like an image', async () => {
    const car = await createCar();
    const text = await upload(
      car.id,
      Buffer.from('this is not a photo, only words\n'.repeat(20)),
      'car.jpg',
      'image/jpeg',
    );
    expect(text.statusCode).toBe(422);
    expect(text.json()).toEqual({
      message: 'Upload a JPG, PNG or WebP image.',
      errors: { file: ['Upload a JPG, PNG or WebP image.'] },
    });
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(500, 7),
    ]);
    const broken = await upload(car.id, fake, 'car.png', 'image/png');
    expect(broken.statusCode).toBe(422);
    expect(broken.json().message).toBe('This image could not be read. Try another file.');
    const empty = await staff.post(`/api/admin/cars/${car.id}/photos`, {});
    expect(empty.statusCode).toBe(422);
    expect((await staff.get(`/api/admin/cars/${car.id}`)).json().car.photos).toEqual([]);
  });

  it('refuses a photo over 8 MB with 413', async () => {
    const car = await createCar();
    const image = await makeImage('png');
    // A real PNG signature followed by padding: too large is decided before decoding.
    const huge = Buffer.concat([image, Buffer.alloc(PHOTO_MAX_BYTES + 1 - image.length)]);
    const res = await upload(car.id, huge, 'huge.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The photo is too large: 8 MB at most.' });
    expect((await staff.get(`/api/admin/cars/${car.id}`)).json().car.photos).toEqual([]);
  });

  it(`allows at most ${PHOTOS_PER_CAR_MAX} photos per car, and 404 for an unknown car`, async () => {
    const car = await createCar();
    await ctx.db.insert(carImages).values(
      Array.from({ length: PHOTOS_PER_CAR_MAX }, (_, i) => ({
        carId: car.id,
        url: `/media/demo/x-${i}.svg`,
        alt: 'x',
        position: i,
      })),
    );
    expect((await upload(car.id, await makeImage('png'), 'a.png', 'image/png')).statusCode).toBe(
      409,
    );
    expect((await upload(999999, await makeImage('png'), 'a.png', 'image/png')).statusCode).toBe(
      404,
    );
  });

  it('reorders photos (the first is the cover renters see) and refuses an incomplete order', async () => {
    const car = await createCar();
    const ids: number[] = [];
    for (const name of ['a', 'b', 'c'])
      ids.push(
        (await upload(car.id, await makeImage('png'), `${name}.png`, 'image/png')).json().photo.id,
      );
    const reordered = await staff.put(`/api/admin/cars/${car.id}/photos/order`, {
      photo_ids: [ids[2], ids[0], ids[1]],
    });
    expect(reordered.statusCode).toBe(200);
    expect(
      reordered.json().photos.map((p: { id: number; position: number }) => [p.id, p.position]),
    ).toEqual([
      [ids[2], 0],
      [ids[0], 1],
      [ids[1], 2],
    ]);
    const renterView = (await client.get(`/api/cars/${car.id}`)).json().car.images;
    expect(renterView[0].image_url).toBe(reordered.json().photos[0].image_url);

    expect(
      (await staff.put(`/api/admin/cars/${car.id}/photos/order`, { photo_ids: [ids[0], ids[1]] }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await staff.put(`/api/admin/cars/${car.id}/photos/order`, {
          photo_ids: [ids[0], ids[1], ids[1]],
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await staff.put('/api/admin/cars/999999/photos/order', { photo_ids: [1] })).statusCode,
    ).toBe(404);
  });

  it('deletes a photo and its files', async () => {
    const car = await createCar();
    const first = (await upload(car.id, await makeImage('png'), 'a.png', 'image/png')).json().photo;
    const second = (await upload(car.id, await makeImage('png'), 'b.png', 'image/png')).json()
      .photo;
    const res = await staff.delete(`/api/admin/cars/${car.id}/photos/${first.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().photos.map((p: { id: number }) => p.id)).toEqual([second.id]);
    for (const width of [480, 960, 1600]) {
      expect((await client.get(first.image_url.replace('-960', `-${width}`))).statusCode).toBe(404);
    }
    expect((await client.get(second.image_url)).statusCode).toBe(200);
    expect((await staff.delete(`/api/admin/cars/${car.id}/photos/${first.id}`)).statusCode).toBe(
      404,
    );
    expect((await staff.delete(`/api/admin/cars/999999/photos/${second.id}`)).statusCode).toBe(404);
  });

  it('serves only well-formed upload names', async () => {
    for (const url of [
      '/media/uploads/cars/1/..%2F..%2Fetc%2Fpasswd',
      '/media/uploads/cars/1/abc.webp',
      '/media/uploads/cars/x/0123456789abcdef01234567-960.webp',
    ]) {
      expect((await client.get(url)).statusCode).toBe(404);
    }
  });
});
