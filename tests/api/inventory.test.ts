import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInAccra } from '../../src/shared/dates';
import { cars } from '../../src/server/db/schema/index';
import { insertBooking, insertCar, insertUser } from '../../src/server/db/factories';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

/**
 * This file's own fleet, described with what each car *is* (its town, its colour family),
 * so the expected counts below are worked out from these facts by a plain reference
 * implementation, never by the server's code and never typed in by hand.
 */
interface Spec {
  id: number;
  make: string;
  model: string;
  year: number;
  body_type: 'sedan' | 'suv' | 'hatchback' | 'pickup' | 'van';
  transmission: 'automatic' | 'manual';
  fuel_type: 'petrol' | 'diesel' | 'hybrid';
  colourName: string;
  colour: string;
  doors: number | null;
  seats: number | null;
  features: string[];
  price: number;
  city: string;
  town: string;
  lat: number;
  long: number;
}

const TOWNS = [
  { city: 'Accra – Osu', town: 'Accra', lat: 5.56, long: -0.18 },
  { city: 'Accra – East Legon', town: 'Accra', lat: 5.64, long: -0.16 },
  { city: 'Kumasi', town: 'Kumasi', lat: 6.69, long: -1.62 },
  { city: 'Tamale', town: 'Tamale', lat: 9.4, long: -0.85 },
  { city: 'Ho', town: 'Ho', lat: 6.6, long: 0.47 },
] as const;
const COLOURS = [
  ['Pearl White', 'white'],
  ['Black Sapphire', 'black'],
  ['Ocean Blue', 'blue'],
  ['Forged Copper', 'brown'],
  ['Graphite Grey', 'grey'],
] as const;
const MAKES = [
  ['Toyota', 'Corolla'],
  ['Toyota', 'Hilux'],
  ['Honda', 'Civic'],
  ['Kia', 'Sportage'],
] as const;
const TYPES = ['sedan', 'suv', 'hatchback', 'pickup', 'van'] as const;
const FUELS = ['petrol', 'diesel', 'hybrid'] as const;

const fleet: Spec[] = [];
let retiredId = 0;

beforeAll(async () => {
  // 30 cars whose attributes cycle with different periods, so the combinations vary.
  for (let i = 0; i < 30; i++) {
    const [make, model] = MAKES[i % 4]!;
    const town = TOWNS[i % 5]!;
    const [colourName, colour] = COLOURS[(i * 2) % 5]!;
    const spec = {
      make,
      model,
      year: 2016 + (i % 9),
      body_type: TYPES[(i + 1) % 5]!,
      transmission: i % 3 === 0 ? 'manual' : 'automatic',
      fuel_type: FUELS[i % 3]!,
      colourName,
      colour,
      doors: i % 7 === 6 ? null : [2, 4, 5][i % 3]!,
      seats: i % 11 === 10 ? null : [4, 5, 7, 14][i % 4]!,
      features: [
        ...(i % 2 === 0 ? ['air_conditioning'] : []),
        ...(i % 3 !== 1 ? ['bluetooth'] : []),
        ...(i % 5 < 2 ? ['usb_charger'] : []),
      ],
      price: 350 + ((i * 137) % 3150),
      ...town,
    } satisfies Omit<Spec, 'id'>;
    const row = await insertCar(ctx.db, {
      make: spec.make,
      model: spec.model,
      year: spec.year,
      bodyType: spec.body_type,
      transmission: spec.transmission,
      fuelType: spec.fuel_type,
      colour: spec.colourName,
      noOfDoors: spec.doors,
      seatCapacity: spec.seats,
      hasAirconditioning: spec.features.includes('air_conditioning'),
      hasBluetooth: spec.features.includes('bluetooth'),
      usbCharger: spec.features.includes('usb_charger'),
      pricePerDayPesewas: spec.price * 100,
      city: spec.city,
      lat: spec.lat,
      long: spec.long,
    });
    fleet.push({ ...spec, id: row.id });
  }
  // A retired car is in no list and no count.
  const retired = await insertCar(ctx.db, {
    make: 'Retiredmake',
    model: 'Gone',
    city: 'Wa',
    lat: 10.06,
    long: -2.5,
  });
  retiredId = retired.id;
  await ctx.db.update(cars).set({ retiredAt: new Date() }).where(eq(cars.id, retired.id));
});

// ---- the reference: what a person would count by hand ----

interface Filters {
  location?: string;
  make?: string;
  model?: string;
  body_type?: string[];
  transmission?: string[];
  fuel_type?: string[];
  colour?: string[];
  doors?: number[];
  min_year?: number;
  max_year?: number;
  min_price?: number;
  max_price?: number;
  seats?: number;
  features?: string[];
}

type Facet =
  | 'location'
  | 'make'
  | 'model'
  | 'body_type'
  | 'transmission'
  | 'fuel_type'
  | 'colour'
  | 'doors'
  | 'year'
  | 'price'
  | 'seats'
  | string;

/** Does the car pass every filter except `skip`'s (each feature is a filter of its own)? */
function passes(car: Spec, f: Filters, skip?: Facet): boolean {
  const checks: [Facet, boolean][] = [
    ['location', !f.location || car.town.toLowerCase() === f.location.toLowerCase()],
    ['make', !f.make || car.make.toLowerCase() === f.make.toLowerCase()],
    ['model', !f.model || car.model.toLowerCase() === f.model.toLowerCase()],
    ['body_type', !f.body_type || f.body_type.includes(car.body_type)],
    ['transmission', !f.transmission || f.transmission.includes(car.transmission)],
    ['fuel_type', !f.fuel_type || f.fuel_type.includes(car.fuel_type)],
    ['colour', !f.colour || f.colour.includes(car.colour)],
    ['doors', !f.doors || (car.doors !== null && f.doors.includes(car.doors))],
    ['year', (f.min_year ?? 0) <= car.year && car.year <= (f.max_year ?? 9999)],
    ['price', (f.min_price ?? 0) <= car.price && car.price <= (f.max_price ?? Infinity)],
    ['seats', f.seats === undefined || (car.seats ?? 0) >= f.seats],
    ...(f.features ?? []).map((feature): [Facet, boolean] => [
      feature,
      car.features.includes(feature),
    ]),
  ];
  return checks.every(([facet, ok]) => facet === skip || ok);
}

function tally<V extends string | number>(
  list: Spec[],
  valueOf: (car: Spec) => V | null,
  all: V[],
) {
  const counts = new Map<V, number>(all.map((v) => [v, 0]));
  for (const car of list) {
    const value = valueOf(car);
    if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return Object.fromEntries(counts);
}

const distinct = <V>(values: (V | null)[]) => [
  ...new Set(values.filter((v): v is V => v !== null)),
];

function expectedFacets(f: Filters) {
  const except = (facet: Facet) => fleet.filter((car) => passes(car, f, facet));
  return {
    total: fleet.filter((car) => passes(car, f)).length,
    location: tally(except('location'), (c) => c.town, distinct(fleet.map((c) => c.town))),
    make: tally(except('make'), (c) => c.make, distinct(fleet.map((c) => c.make))),
    body_type: tally(
      except('body_type'),
      (c) => c.body_type,
      distinct(fleet.map((c) => c.body_type)),
    ),
    transmission: tally(
      except('transmission'),
      (c) => c.transmission,
      distinct(fleet.map((c) => c.transmission)),
    ),
    fuel_type: tally(
      except('fuel_type'),
      (c) => c.fuel_type,
      distinct(fleet.map((c) => c.fuel_type)),
    ),
    colour: tally(except('colour'), (c) => c.colour, distinct(fleet.map((c) => c.colour))),
    doors: tally(except('doors'), (c) => c.doors, distinct(fleet.map((c) => c.doors))),
    seats: tally(except('seats'), (c) => c.seats, distinct(fleet.map((c) => c.seats))),
    year: tally(except('year'), (c) => c.year, distinct(fleet.map((c) => c.year))),
    features: Object.fromEntries(
      ['air_conditioning', 'bluetooth', 'usb_charger'].map((feature) => [
        feature,
        except(feature).filter((c) => c.features.includes(feature)).length,
      ]),
    ),
    prices: except('price')
      .map((c) => c.price)
      .sort((a, b) => a - b),
  };
}

function toQuery(f: Filters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(f)) {
    if (value !== undefined)
      params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params.toString();
}

interface FacetEntry {
  value: string | number;
  count: number;
}
const asRecord = (entries: FacetEntry[]) =>
  Object.fromEntries(entries.map((e) => [e.value, e.count]));

async function facetsFor(f: Filters) {
  const res = await client.get(`/api/cars/facets?${toQuery(f)}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    total: body.total as number,
    location: asRecord(body.facets.location),
    make: asRecord(body.facets.make),
    body_type: asRecord(body.facets.body_type),
    transmission: asRecord(body.facets.transmission),
    fuel_type: asRecord(body.facets.fuel_type),
    colour: asRecord(body.facets.colour),
    doors: asRecord(body.facets.doors),
    seats: asRecord(body.facets.seats),
    year: asRecord(body.facets.year),
    features: asRecord(body.facets.features),
    prices: body.facets.price.values as number[],
    raw: body,
  };
}

async function listFor(f: Filters & { sort?: string }) {
  const res = await client.get(`/api/get/cars?limit=50&${toQuery(f)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; all_cars: { id: number; price: number; year: number }[] };
}

const SCENARIOS: [string, Filters][] = [
  ['no filters', {}],
  ['one make', { make: 'toyota' }],
  ['several body types and a fuel', { body_type: ['suv', 'sedan', 'van'], fuel_type: ['diesel'] }],
  [
    'a town, a year range and a price range',
    { location: 'Accra', min_year: 2018, max_year: 2022, min_price: 600, max_price: 2800 },
  ],
  [
    'features, doors and seats',
    { features: ['bluetooth', 'usb_charger'], doors: [4, 5], seats: 5 },
  ],
  [
    'colours, transmission and model',
    { colour: ['white', 'blue', 'grey'], transmission: ['automatic'], model: 'corolla' },
  ],
  [
    'everything at once',
    {
      location: 'kumasi',
      make: 'Toyota',
      body_type: ['suv', 'pickup', 'hatchback'],
      fuel_type: ['petrol', 'diesel'],
      features: ['air_conditioning'],
      min_year: 2017,
      seats: 4,
    },
  ],
];

describe('GET /api/cars/facets', () => {
  it.each(SCENARIOS)('counts match a count by hand: %s', async (_name, filters) => {
    const actual = await facetsFor(filters);
    const expected = expectedFacets(filters);
    const { raw: _raw, ...comparable } = actual;
    expect(comparable).toEqual(expected);
  });

  it('agrees with the list: the same total, and every listed car passes the filters', async () => {
    for (const [name, filters] of SCENARIOS) {
      const facets = await facetsFor(filters);
      const list = await listFor(filters);
      expect(list.total, name).toBe(facets.total);
      const ids = new Set(fleet.filter((c) => passes(c, filters)).map((c) => c.id));
      expect(new Set(list.all_cars.map((c) => c.id)), name).toEqual(ids);
    }
  });

  it("a filter's own choice does not zero its other values", async () => {
    const { body_type, total } = await facetsFor({ body_type: ['suv'] });
    const suvs = fleet.filter((c) => c.body_type === 'suv').length;
    expect(total).toBe(suvs);
    expect(body_type.suv).toBe(suvs);
    // Ticking Sedan next would add exactly the sedans.
    expect(body_type.sedan).toBe(fleet.filter((c) => c.body_type === 'sedan').length);
    expect(body_type.sedan).toBeGreaterThan(0);
  });

  it('lists a value that other filters exclude with 0, and leaves out what the fleet lacks', async () => {
    // Only Hondas are Civics: the other makes stay in the list, at 0.
    const { make, fuel_type, raw } = await facetsFor({ model: 'civic' });
    expect(make).toEqual({
      Honda: fleet.filter((c) => c.model === 'Civic').length,
      Kia: 0,
      Toyota: 0,
    });
    // No car runs on electricity, so Electric is no option at all.
    expect(Object.keys(fuel_type)).not.toContain('electric');
    expect(JSON.stringify(raw)).not.toContain('Retiredmake');
  });

  it('places each town at the mean position of its cars', async () => {
    const { raw } = await facetsFor({});
    const accra = raw.facets.location.find((l: { value: string }) => l.value === 'Accra');
    const accraCars = fleet.filter((c) => c.town === 'Accra');
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(accra.lat).toBeCloseTo(mean(accraCars.map((c) => c.lat)), 3);
    expect(accra.long).toBeCloseTo(mean(accraCars.map((c) => c.long)), 3);
    expect(raw.facets.location.map((l: { value: string }) => l.value)).not.toContain('Wa');
  });

  it('leaves out cars booked on the chosen dates', async () => {
    const user = await insertUser(ctx.db);
    const taken = fleet.find((c) => c.make === 'Kia')!;
    const start = addDays(todayInAccra(), 30);
    await insertBooking(ctx.db, {
      userId: user.id,
      carId: taken.id,
      pricePerDayPesewas: taken.price * 100,
      startDate: start,
      endDate: addDays(start, 2),
    });
    const free = await facetsFor({ start_date: start, end_date: addDays(start, 1) } as Filters);
    const kias = fleet.filter((c) => c.make === 'Kia').length;
    expect(free.make.Kia).toBe(kias - 1);
    expect(free.total).toBe(fleet.length - 1);
  });

  it('follows a change to a car at once', async () => {
    const car = fleet[0]!;
    const before = await facetsFor({ make: car.make });
    await ctx.db.update(cars).set({ make: 'Renamed' }).where(eq(cars.id, car.id));
    const after = await facetsFor({ make: car.make });
    expect(after.total).toBe(before.total - 1);
    expect(after.make.Renamed).toBe(1);
    await ctx.db.update(cars).set({ make: car.make }).where(eq(cars.id, car.id));
  });

  it('rejects filters it does not know with 422 and field errors', async () => {
    for (const query of [
      'body_type=tank',
      'fuel_type=coal',
      'colour=plaid',
      'features=jetpack',
      'doors=abc',
      'min_year=2022&max_year=2020',
      'min_year=1200',
      'seats=0',
    ]) {
      const res = await client.get(`/api/cars/facets?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors ?? {}).length, query).toBeGreaterThan(0);
      expect((await client.get(`/api/get/cars?${query}`)).statusCode, query).toBe(422);
    }
  });
});

describe('GET /api/get/cars with the inventory filters', () => {
  it('keeps the spec fields and sorts when asked', async () => {
    const cheapest = await listFor({ sort: 'price_asc' });
    const prices = cheapest.all_cars.map((c) => c.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const dearest = await listFor({ sort: 'price_desc' });
    expect(dearest.all_cars[0]!.price).toBe(Math.max(...fleet.map((c) => c.price)));
    const newest = await listFor({ sort: 'newest' });
    const years = newest.all_cars.map((c) => c.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const body = (await client.get('/api/get/cars?limit=1')).json();
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining(['success', 'all_cars', 'brands', 'total']),
    );
    expect(body.all_cars[0]).toHaveProperty('location.city');
    expect(cheapest.all_cars.map((c) => c.id)).not.toContain(retiredId);
  });

  it('still takes a single body type and transmission, as the first version sent them', async () => {
    const list = await listFor({ body_type: ['suv'], transmission: ['manual'] });
    expect(list.total).toBe(
      fleet.filter((c) => c.body_type === 'suv' && c.transmission === 'manual').length,
    );
  });
});
