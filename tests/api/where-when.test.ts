import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates';
import { messages } from '../../src/shared/messages';
import { BranchesResponseSchema } from '../../src/shared/schemas/branches';
import { bookings, branches, extraPrices, smsOutbox } from '../../src/server/db/schema/index';
import { runNoShowSweep } from '../../src/server/modules/bookings/no-show';
import { insertBooking, insertCar, insertUser } from '../../src/server/db/factories';
import { api, bookingBody, day, type Client } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

const branchIds = async () => {
  const rows = await ctx.db.select().from(branches).orderBy(branches.id);
  const byName = (name: string) => rows.find((b) => b.name === name)!.id;
  return {
    eastLegon: byName('East Legon office'),
    airport: byName('Kotoka International Airport'),
    kumasi: byName('Kumasi office'),
  };
};

const create = (renter: Client, payload: Record<string, unknown>) =>
  renter.post('/api/bookings/create', payload);

const quote = (query: Record<string, string | number | boolean>) =>
  client.get(
    `/api/bookings/quote?${new URLSearchParams(
      Object.entries(query).map(([k, v]) => [k, String(v)]),
    )}`,
  );

/** Five days ahead, out of station to Kumasi. */
const body = (carId: number, overrides: Record<string, unknown> = {}) =>
  bookingBody(carId, day(5), day(8), { destination: 'Kumasi', destination_type: 2, ...overrides });

describe('GET /api/branches (BRANCH-1, PRICE-3, PRICE-4)', () => {
  it('lists the three pickup places with their hours and the extras’ prices in cedis, cacheable by anyone', async () => {
    const res = await client.get('/api/branches');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = BranchesResponseSchema.parse(res.json());
    expect(body.branches.map((b) => b.name)).toEqual(
      expect.arrayContaining([
        'East Legon office',
        'Kotoka International Airport',
        'Kumasi office',
      ]),
    );
    expect(body.branches.map((b) => b.town)).toEqual(expect.arrayContaining(['Accra', 'Kumasi']));
    expect(body.branches[0]).toMatchObject({ opens: '07:00', closes: '21:00' });
    // The migration's default prices (0017), in cedis as the form shows them.
    expect(body.extra_prices).toEqual({
      chauffeur_per_day: 150,
      out_of_station_per_day: 100,
      child_seat_per_day: 30,
      delivery_fee: 80,
      airport_fee: 50,
    });
  });
});

describe('a car shows its branch and prices (BRANCH-2, PRICE-2, PRICE-5)', () => {
  it('in the list and the details', async () => {
    const { kumasi } = await branchIds();
    const car = await insertCar(ctx.db, {
      branchId: kumasi,
      city: 'Kumasi – Adum',
      pricePerDayPesewas: 300_00,
      weeklyPricePesewas: 1_800_00,
      depositPesewas: 500_00,
    });
    const res = await client.get(`/api/cars/${car.id}`);
    expect(res.json().car).toMatchObject({
      branch: { id: kumasi, name: 'Kumasi office', town: 'Kumasi' },
      weekly_price: 1800,
      deposit: 500,
    });
  });
});

describe('availability (BOOK-17)', () => {
  it('says whether exactly from…to is free, and the next free dates of the same length', async () => {
    const car = await insertCar(ctx.db);
    const renter = await client.renter();
    await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: car.pricePerDayPesewas,
      startDate: day(5),
      endDate: day(8),
    });
    const busy = await client.get(`/api/cars/${car.id}/availability?from=${day(6)}&to=${day(7)}`);
    expect(busy.json()).toMatchObject({
      available: false,
      booked: [{ start_date: day(5), end_date: day(8) }],
      next_free: { start_date: day(9), end_date: day(10) },
    });
    const free = await client.get(`/api/cars/${car.id}/availability?from=${day(9)}&to=${day(12)}`);
    expect(free.json()).toMatchObject({ available: true, next_free: null, booked: [] });
  });
});

describe('quote and create (PRICE-1 to PRICE-6, BOOK-16)', () => {
  it('prices the weekly rate, a chauffeur outside Accra, a child seat and the airport fee in lines', async () => {
    const { airport } = await branchIds();
    const car = await insertCar(ctx.db, {
      branchId: airport,
      city: 'Accra – Airport',
      pricePerDayPesewas: 400_00,
      weeklyPricePesewas: 2_400_00,
      depositPesewas: 300_00,
    });
    const res = await quote({
      car_id: car.id,
      start_date: day(10),
      end_date: day(18),
      destination_type: 2,
      chauffeur: true,
      child_seat: 'on',
      pickup_time: '10:30',
    });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json();
    expect(q).toMatchObject({
      days: 8,
      line_cost: 3200,
      discount: 400,
      extras: 8 * 150 + 8 * 100 + 8 * 30 + 50,
      deposit: 300,
      pickup_time: '10:30',
      branch: { id: airport, town: 'Accra' },
    });
    expect(q.lines.map((l: { label: string }) => l.label)).toEqual([
      'Car rental (8 days)',
      'Weekly price saving',
      'Chauffeur (8 days)',
      'Chauffeur allowance outside Accra (8 days)',
      'Child seat (8 days)',
      'Airport pickup fee',
      'Security deposit (refundable)',
    ]);
    const sum = q.lines.reduce((s: number, l: { amount: number }) => s + l.amount, 0);
    expect(Math.round(sum * 100)).toBe(Math.round(q.total_cost * 100));

    const renter = await client.renter();
    const made = await create(
      renter,
      body(car.id, {
        start_date: day(10),
        end_date: day(18),
        chauffeur: true,
        child_seat: true,
        pickup_time: '10:30',
      }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json().booking;
    expect(booking).toMatchObject({
      total_cost: q.total_cost,
      lines: q.lines,
      discount: 400,
      pickup_time: '10:30',
      return_time: '09:00',
      chauffeur: true,
      child_seat: true,
      branch: { id: airport, name: 'Kotoka International Airport' },
      can_change: true,
      can_extend: false,
    });
  });

  it('reads the extras prices staff set, at once (the catalogue version moves with them)', async () => {
    const car = await insertCar(ctx.db);
    const q = { car_id: car.id, start_date: day(3), end_date: day(4), child_seat: true };
    const before = (await quote(q)).json().extras;
    const [seat] = await ctx.db
      .select()
      .from(extraPrices)
      .where(eq(extraPrices.key, 'child_seat_per_day'));
    try {
      await ctx.db
        .update(extraPrices)
        .set({ amountPesewas: seat!.amountPesewas + 1_00 })
        .where(eq(extraPrices.key, 'child_seat_per_day'));
      expect((await quote(q)).json().extras).toBe(before + 1);
    } finally {
      await ctx.db
        .update(extraPrices)
        .set({ amountPesewas: seat!.amountPesewas })
        .where(eq(extraPrices.key, 'child_seat_per_day'));
    }
  });

  it('lists every failing field in one 422: schema, dates, hours and delivery outside Accra (BOOK-20)', async () => {
    const { kumasi } = await branchIds();
    const car = await insertCar(ctx.db, { branchId: kumasi, city: 'Kumasi – Adum' });
    const renter = await client.renter();
    const res = await create(renter, {
      car_id: car.id,
      start_date: day(3),
      end_date: day(1),
      destination: '',
      destination_type: 2,
      payment_method: 'payOnPickup',
      pickup_time: '06:00',
      return_time: '22:30',
      delivery_address: '12 Oxford Street, Osu',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      destination: [messages.booking.destinationRequired],
      end_date: [messages.booking.endBeforeStart],
      pickup_time: [messages.booking.pickupOutsideHours('07:00', '21:00')],
      return_time: [messages.booking.returnOutsideHours('07:00', '21:00')],
      delivery_address: [messages.booking.deliveryOutsideAccra],
    });
    // The quote says the same.
    const q = await quote({
      car_id: car.id,
      start_date: day(3),
      end_date: day(1),
      pickup_time: '06:00',
      delivery_address: 'Osu',
    });
    expect(q.statusCode).toBe(422);
    expect(Object.keys(q.json().errors).sort()).toEqual([
      'delivery_address',
      'end_date',
      'pickup_time',
    ]);
  });

  it('takes a same-day return only after the pickup', async () => {
    const car = await insertCar(ctx.db);
    const res = await quote({
      car_id: car.id,
      start_date: day(3),
      end_date: day(3),
      pickup_time: '12:00',
      return_time: '11:00',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.return_time).toEqual([messages.booking.returnBeforePickup]);
  });

  it('charges exactly the quote, to the pesewa, for random cars, dates and extras (property)', async () => {
    const ids = await branchIds();
    const branchList = [ids.eastLegon, ids.airport, ids.kumasi];
    let offset = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1_00, max: 5_000_00 }),
        fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }),
        fc.integer({ min: 0, max: 2_000_00 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 30 }),
        fc.record({
          chauffeur: fc.boolean(),
          child_seat: fc.boolean(),
          delivery: fc.boolean(),
          outside: fc.boolean(),
        }),
        async (daily, weeklyPercent, deposit, branchIndex, length, extras) => {
          const branchId = branchList[branchIndex]!;
          // A weekly price below seven daily prices (the cars' check).
          const weekly =
            weeklyPercent === null
              ? null
              : Math.max(1, Math.floor((7 * daily * weeklyPercent) / 100));
          const car = await insertCar(ctx.db, {
            branchId,
            city: branchId === ids.kumasi ? 'Kumasi – Adum' : 'Accra – East Legon',
            pricePerDayPesewas: daily,
            weeklyPricePesewas: weekly,
            depositPesewas: deposit,
          });
          const start = day(1 + (offset++ % 150));
          const choice = {
            start_date: start,
            end_date: addDays(start, length),
            destination_type: extras.outside ? 2 : 1,
            chauffeur: extras.chauffeur,
            child_seat: extras.child_seat,
            ...(extras.delivery && branchId !== ids.kumasi
              ? { delivery_address: '3 Ring Road, Accra' }
              : {}),
          };
          const q = await quote({ car_id: car.id, ...choice });
          expect(q.statusCode, q.body).toBe(200);
          const renter = await client.renter();
          const made = await create(renter, body(car.id, choice));
          expect(made.statusCode, made.body).toBe(201);
          const booking = made.json().booking;
          expect(Math.round(booking.total_cost * 100)).toBe(Math.round(q.json().total_cost * 100));
          expect(booking.lines).toEqual(q.json().lines);
          const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
          expect(row!.totalPesewas).toBe(Math.round(q.json().total_cost * 100));
          expect(row!.lines.reduce((s, l) => s + l.amount_pesewas, 0)).toBe(row!.totalPesewas);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('fair limits (LIMIT-13, LIMIT-14)', () => {
  it('refuses a 4th unpaid upcoming booking with 409 and the message', async () => {
    const renter = await client.renter();
    for (let i = 0; i < 3; i++) {
      const car = await insertCar(ctx.db);
      expect((await create(renter, body(car.id))).statusCode).toBe(201);
    }
    const car = await insertCar(ctx.db);
    const res = await create(renter, body(car.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.booking.tooManyUnpaid);
  });

  it('makes no 4th when two creates of one renter race (a per-renter lock)', async () => {
    const renter = await client.renter();
    for (let i = 0; i < 2; i++) {
      const car = await insertCar(ctx.db);
      expect((await create(renter, body(car.id))).statusCode).toBe(201);
    }
    const [a, b] = [await insertCar(ctx.db), await insertCar(ctx.db)];
    const results = await Promise.all([create(renter, body(a.id)), create(renter, body(b.id))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [count] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(eq(bookings.userId, renter.user.id));
    expect(count!.n).toBe(3);
  });

  it('opens 180 days ahead: a later start date is a 422 on start_date', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const late = await create(renter, body(car.id, { start_date: day(181), end_date: day(183) }));
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({ start_date: [messages.booking.tooFarAhead] });
    const last = await create(renter, body(car.id, { start_date: day(180), end_date: day(183) }));
    expect(last.statusCode, last.body).toBe(201);
  });
});

describe('no-show (LIMIT-15)', () => {
  it('cancels an uncollected pay-on-pickup booking 3 hours after its pickup time, frees the dates, tells renter and staff', async () => {
    const car = await insertCar(ctx.db);
    await insertUser(ctx.db, { role: 'staff' });
    const renter = await client.renter();
    const made = await create(
      renter,
      body(car.id, { start_date: day(1), end_date: day(3), pickup_time: '10:00' }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().booking.id as number;

    const statusOf = async () =>
      (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
    // A fake clock: the sweep takes `now` (other tests' bookings may go too: count ours).
    await runNoShowSweep(ctx.db, new Date(`${day(1)}T12:59:00Z`));
    expect((await statusOf()).status).toBe('pending');
    // Two processes at once: one of them cancels it, once (one text, below).
    await Promise.all([
      runNoShowSweep(ctx.db, new Date(`${day(1)}T13:00:00Z`)),
      runNoShowSweep(ctx.db, new Date(`${day(1)}T13:00:00Z`)),
    ]);
    await runNoShowSweep(ctx.db, new Date(`${day(1)}T14:00:00Z`));
    expect(await statusOf()).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid' });
    const texts = await ctx.db.select().from(smsOutbox).where(eq(smsOutbox.bookingId, id));
    const noShow = texts.filter((t) => t.kind === 'no_show');
    expect(noShow).toHaveLength(1);
    expect(noShow[0]!.body).toContain('was not picked up');
    expect(texts.filter((t) => t.body.startsWith('CarLink staff: no-show'))).not.toHaveLength(0);

    // The dates are free again.
    const other = await client.renter();
    const again = await create(other, body(car.id, { start_date: day(1), end_date: day(3) }));
    expect(again.statusCode, again.body).toBe(201);
  });

  it('gives a booking made after its pickup time 3 hours from when it was made', async () => {
    const car = await insertCar(ctx.db);
    const renter = await client.renter();
    // Booked at 15:10 for today, keeping the 09:00 default: not a no-show at the next sweep.
    const late = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: car.pricePerDayPesewas,
      startDate: day(0),
      endDate: day(1),
      pickupTime: '09:00',
      paymentMethod: 'payOnPickup',
      status: 'pending',
      paymentStatus: 'unpaid',
      createdAt: new Date(`${day(0)}T15:10:00Z`),
      updatedAt: new Date(`${day(0)}T15:10:00Z`),
    });
    const statusOf = async () =>
      (await ctx.db.select().from(bookings).where(eq(bookings.id, late.id)))[0]!.status;
    await runNoShowSweep(ctx.db, new Date(`${day(0)}T15:15:00Z`));
    await runNoShowSweep(ctx.db, new Date(`${day(0)}T18:09:00Z`));
    expect(await statusOf()).toBe('pending');
    await runNoShowSweep(ctx.db, new Date(`${day(0)}T18:10:00Z`));
    expect(await statusOf()).toBe('cancelled');
  });

  it('leaves paid and mobile money bookings alone', async () => {
    const car = await insertCar(ctx.db);
    const renter = await client.renter();
    const paid = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: car.pricePerDayPesewas,
      startDate: day(1),
      endDate: day(2),
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    await runNoShowSweep(ctx.db, new Date(`${day(2)}T20:00:00Z`));
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, paid.id));
    expect(row!.status).toBe('confirmed');
  });
});
