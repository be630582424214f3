import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SAVED_SEARCH_LIMIT, savedSearchMessages as m } from '../../src/shared/saved-searches';
import type {
  ListSavedSearchesResponse,
  SavedSearchResponse,
} from '../../src/shared/schemas/saved-searches';
import { insertBooking, insertCar } from '../../src/server/db/factories';
import { bookings, savedSearches } from '../../src/server/db/schema/index';
import { sendSavedSearchAlerts } from '../../src/server/modules/saved-searches/saved-search-alerts';
import {
  claimTodaysAlert,
  countSavedSearches,
} from '../../src/server/modules/saved-searches/saved-searches.repository';
import { api, day } from '../support/api';
import { isPostgres, setupTestApp } from '../support/test-app';

// SAVED-1 to SAVED-7: a renter's saved searches of the car list, and the text when a car
// matching one frees up on its dates.

const ctx = await setupTestApp();
const client = api(ctx.app);
const staff = await client.staff();
const PUBLIC_URL = 'https://carlink.example';

let makes = 0;
/** A make no other test's car has, so a search by it finds only this test's cars. */
const newMake = () => `Testmake${++makes}`;

const save = (renter: Awaited<ReturnType<typeof client.renter>>, body: object) =>
  renter.post('/api/saved-searches', body);

const alertsTo = async (msisdn: string) =>
  (await client.smsInbox(msisdn)).filter((text) => text.includes('is now free'));

const runAlerts = (now?: Date) => sendSavedSearchAlerts(ctx.app, PUBLIC_URL, now);

describe('a renter saves, lists, renames and deletes searches (SAVED-1, SAVED-3, SAVED-4)', () => {
  it('saves the filters with a name and lists them newest first with the link query', async () => {
    const renter = await client.renter();
    const make = newMake();
    await insertCar(ctx.db, { make, model: 'Alpha', city: 'Kumasi – Adum' });
    const res = await save(renter, {
      name: '  Weekend in Kumasi  ',
      make,
      location: 'Kumasi',
      max_price: 800,
      start_date: day(10),
      end_date: day(12),
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as SavedSearchResponse;
    expect(body.message).toBe(m.saved);
    expect(body.saved_search).toMatchObject({
      name: 'Weekend in Kumasi',
      filters: {
        make,
        body_type: null,
        location: 'Kumasi',
        min_price: null,
        max_price: 800,
        start_date: day(10),
        end_date: day(12),
      },
      query: `?make=${make}&location=Kumasi&max_price=800&start_date=${day(10)}&end_date=${day(12)}`,
      status: 'alerting',
      listings: 1,
      alerts_sent: 0,
      last_alerted_on: null,
    });

    const undated = await save(renter, { name: 'Any SUV', body_type: 'suv' });
    expect(undated.statusCode, undated.body).toBe(201);
    expect(undated.json()).toMatchObject({
      message: m.savedNoDates,
      saved_search: { status: 'no_dates', query: '?body_type=suv' },
    });

    const list = (await renter.get('/api/saved-searches')).json() as ListSavedSearchesResponse;
    expect(list.saved_searches.map((s) => s.name)).toEqual(['Any SUV', 'Weekend in Kumasi']);
    expect(list).toMatchObject({ next_before: null, count: 2, limit: SAVED_SEARCH_LIMIT });
    expect(await countSavedSearches(ctx.db, renter.user.id)).toBe(2);
  });

  it('pages by keyset: limit and before', async () => {
    const renter = await client.renter();
    for (const name of ['one', 'two', 'three'])
      expect((await save(renter, { name, make: 'Kia' })).statusCode).toBe(201);
    const first = (
      await renter.get('/api/saved-searches?limit=2')
    ).json() as ListSavedSearchesResponse;
    expect(first.saved_searches.map((s) => s.name)).toEqual(['three', 'two']);
    expect(first.next_before).toBe(first.saved_searches[1]!.id);
    const second = (
      await renter.get(`/api/saved-searches?limit=2&before=${first.next_before}`)
    ).json() as ListSavedSearchesResponse;
    expect(second.saved_searches.map((s) => s.name)).toEqual(['one']);
    expect(second.next_before).toBeNull();
    expect((await renter.get('/api/saved-searches?limit=0')).statusCode).toBe(422);
  });

  it('renames and deletes its own; another renter gets 404 and sees none of them', async () => {
    const owner = await client.renter();
    const stranger = await client.renter();
    const id = (
      (await save(owner, { name: 'Old name', make: 'Kia' })).json() as SavedSearchResponse
    ).saved_search.id;

    expect(
      (await stranger.patch(`/api/saved-searches/${id}`, { name: 'Mine now' })).statusCode,
    ).toBe(404);
    const strangerDelete = await stranger.delete(`/api/saved-searches/${id}`);
    expect(strangerDelete.statusCode).toBe(404);
    expect(strangerDelete.json()).toEqual({ message: m.notFound });
    expect(
      ((await stranger.get('/api/saved-searches')).json() as ListSavedSearchesResponse)
        .saved_searches,
    ).toEqual([]);

    const renamed = await owner.patch(`/api/saved-searches/${id}`, { name: 'New name' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: m.renamed,
      saved_search: { name: 'New name' },
    });
    expect((await owner.patch(`/api/saved-searches/${id}`, { name: ' ' })).json()).toMatchObject({
      errors: { name: [m.nameRequired] },
    });

    const deleted = await owner.delete(`/api/saved-searches/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: m.deleted });
    expect((await owner.delete(`/api/saved-searches/${id}`)).statusCode).toBe(404);
  });

  it('are deleted with the account that kept them (ACCT-31)', async () => {
    const renter = await client.renter();
    await save(renter, { name: 'Before I go', make: 'Kia', start_date: day(5), end_date: day(6) });
    const closed = await renter.post('/api/account/close', { password: renter.user.password });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await countSavedSearches(ctx.db, renter.user.id)).toBe(0);
  });

  it('answers a visitor 401, whatever the body', async () => {
    expect((await client.get('/api/saved-searches')).statusCode).toBe(401);
    expect((await client.post('/api/saved-searches', {})).statusCode).toBe(401);
    expect((await client.delete('/api/saved-searches/1')).statusCode).toBe(401);
  });
});

describe('bad input is refused clearly (SAVED-1, SAVED-2)', () => {
  it.each([
    ['no name', { make: 'Kia' }, 'name', m.nameRequired],
    ['a name too long', { name: 'x'.repeat(61), make: 'Kia' }, 'name', m.nameTooLong],
    ['no filter at all', { name: 'Everything' }, 'filters', m.noFilters],
    ['one date only', { name: 'n', start_date: day(3) }, 'end_date', m.bothDates],
    [
      'dates in the past',
      { name: 'n', start_date: day(-2), end_date: day(1) },
      'start_date',
      m.pastDates,
    ],
    [
      'an end before the start',
      { name: 'n', start_date: day(5), end_date: day(4) },
      'end_date',
      m.endBeforeStart,
    ],
    ['over 90 days', { name: 'n', start_date: day(1), end_date: day(95) }, 'end_date', m.tooLong],
    [
      'prices upside down',
      { name: 'n', min_price: 900, max_price: 100 },
      'max_price',
      m.priceOrder,
    ],
    [
      'a price that is text',
      { name: 'n', max_price: 'cheap' },
      'max_price',
      'Enter a price in cedis a day',
    ],
    ['a body type that does not exist', { name: 'n', body_type: 'tank' }, 'body_type', undefined],
  ])('%s → 422 on %s', async (_what, body, field, message) => {
    const renter = await client.renter();
    const res = await save(renter, body);
    expect(res.statusCode, res.body).toBe(422);
    const errors = (res.json() as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors)).toContain(field);
    if (message) expect(errors[field]).toContain(message);
  });

  it(`keeps at most ${SAVED_SEARCH_LIMIT} searches a renter, with a clear 409`, async () => {
    const renter = await client.renter();
    await ctx.db.insert(savedSearches).values(
      Array.from({ length: SAVED_SEARCH_LIMIT - 1 }, (_, i) => ({
        userId: renter.user.id,
        name: `search ${i}`,
        make: 'Kia',
      })),
    );
    // Two at once for the last place: the renter's row lock lets exactly one through.
    const [a, b] = await Promise.all([
      save(renter, { name: 'last a', make: 'Kia' }),
      save(renter, { name: 'last b', make: 'Kia' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json()).toEqual({ message: m.limitReached });
    expect(await countSavedSearches(ctx.db, renter.user.id)).toBe(SAVED_SEARCH_LIMIT);
  });
});

describe('the text when a matching car frees up on the dates (SAVED-5 to SAVED-7)', () => {
  /** A renter with a dated search for `make`, and another renter's booking of such a car. */
  async function scene(options: { start?: number; end?: number } = {}) {
    const make = newMake();
    const car = await insertCar(ctx.db, { make, model: 'Roamer', city: 'Accra – Osu' });
    const watcher = await client.renter();
    const start = day(options.start ?? 20);
    const end = day(options.end ?? 22);
    const saved = await save(watcher, { name: 'Osu trip', make, start_date: start, end_date: end });
    expect(saved.statusCode, saved.body).toBe(201);
    const booker = await client.renter();
    // The booker watches the same cars: they must never hear of their own cancellation.
    await save(booker, { name: 'Mine', make, start_date: start, end_date: end });
    const booking = await booker.book(car.id, day(19), day(23));
    return { make, car, watcher, booker, booking, start, end };
  }

  it('a cancellation by the renter texts the watcher once, with the link, never the canceller', async () => {
    const { make, watcher, booker, booking, start, end } = await scene();
    expect(await runAlerts()).toBe(0);

    const cancelled = await booker.post(`/api/bookings/${booking.booking.booking_code}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await runAlerts()).toBe(1);

    const texts = await alertsTo(watcher.user.msisdn);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(`a ${make} Roamer in Accra is now free`);
    expect(texts[0]).toContain('"Osu trip"');
    expect(texts[0]).toContain(
      `${PUBLIC_URL}/available-cars?make=${make}&start_date=${start}&end_date=${end}`,
    );
    expect(await alertsTo(booker.user.msisdn)).toEqual([]);
    const [row] = await ctx.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, watcher.user.id));
    expect(row).toMatchObject({ alertsSent: 1, lastAlertedOn: day(0) });
  });

  it('a staff cancellation alerts too, but at most once a day per search', async () => {
    const { car, watcher, booker, booking } = await scene();
    const res = await staff.post(`/api/admin/bookings/${booking.booking.booking_code}/cancel`, {
      reason: 'Car needs a new clutch',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await runAlerts()).toBe(1);

    // Booked again and freed again the same day: no second text today.
    const other = await client.renter();
    const again = await other.book(car.id, day(20), day(21));
    await other.post(`/api/bookings/${again.booking.booking_code}/cancel`);
    // Only the first booker hears now: this booking was not theirs (their own search).
    expect(await runAlerts()).toBe(1);
    expect(await alertsTo(booker.user.msisdn)).toHaveLength(1);
    expect(await alertsTo(watcher.user.msisdn)).toHaveLength(1);

    // The next day it may text again.
    const third = await other.book(car.id, day(20), day(21));
    await other.post(`/api/bookings/${third.booking.booking_code}/cancel`);
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    expect(await runAlerts(tomorrow)).toBe(2);
    expect(await alertsTo(watcher.user.msisdn)).toHaveLength(2);
  });

  it('a shortened trip frees its last days, and alerts a search on them', async () => {
    const make = newMake();
    const car = await insertCar(ctx.db, { make });
    const watcher = await client.renter();
    await save(watcher, { name: 'Late week', make, start_date: day(14), end_date: day(15) });
    const trip = await insertBooking(ctx.db, {
      pricePerDayPesewas: 500_00,
      carId: car.id,
      userId: (await client.renter()).user.id,
      startDate: day(10),
      endDate: day(15),
      status: 'confirmed',
    });
    await ctx.db
      .update(bookings)
      .set({ endDate: day(12) })
      .where(eq(bookings.id, trip.id));
    expect(await runAlerts()).toBe(1);
    expect(await alertsTo(watcher.user.msisdn)).toHaveLength(1);
  });

  it('no text when the car is still taken on part of the dates, or does not match', async () => {
    const { car, make, watcher, booker, booking } = await scene();
    // Freed, then taken again on day 22 (inside the watcher's 20–22) before the job runs.
    await booker.post(`/api/bookings/${booking.booking.booking_code}/cancel`);
    await insertBooking(ctx.db, {
      pricePerDayPesewas: 500_00,
      carId: car.id,
      userId: (await client.renter()).user.id,
      startDate: day(22),
      endDate: day(23),
      status: 'confirmed',
    });
    expect(await runAlerts()).toBe(0);

    // A car of another make freeing the same days answers nobody's search for `make`.
    const otherCar = await insertCar(ctx.db, { make: `${make}x` });
    const other = await booker.book(otherCar.id, day(20), day(21));
    await booker.post(`/api/bookings/${other.booking.booking_code}/cancel`);
    expect(await runAlerts()).toBe(0);
    expect(await alertsTo(watcher.user.msisdn)).toEqual([]);
  });

  it('a search whose dates have begun has ended: listed as ended, never texted', async () => {
    const make = newMake();
    const car = await insertCar(ctx.db, { make });
    const watcher = await client.renter();
    const [ended] = await ctx.db
      .insert(savedSearches)
      .values({
        userId: watcher.user.id,
        name: 'Last week',
        make,
        startDate: day(-1),
        endDate: day(2),
      })
      .returning();
    const trip = await insertBooking(ctx.db, {
      pricePerDayPesewas: 500_00,
      carId: car.id,
      userId: (await client.renter()).user.id,
      startDate: day(0),
      endDate: day(3),
      status: 'confirmed',
    });
    await ctx.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: sql`now()` })
      .where(eq(bookings.id, trip.id));
    expect(await runAlerts()).toBe(0);
    const list = (await watcher.get('/api/saved-searches')).json() as ListSavedSearchesResponse;
    expect(list.saved_searches).toMatchObject([{ id: ended!.id, status: 'ended', listings: 0 }]);
  });

  it('two alert runs at once (two processes) send one text for a search', async () => {
    const make = newMake();
    const watcher = await client.renter();
    await save(watcher, { name: 'Race', make, start_date: day(30), end_date: day(31) });
    // Two cars free the same days: two freed ranges, each answering the search.
    for (let i = 0; i < 2; i++) {
      const car = await insertCar(ctx.db, { make });
      const trip = await insertBooking(ctx.db, {
        pricePerDayPesewas: 500_00,
        carId: car.id,
        userId: (await client.renter()).user.id,
        startDate: day(30),
        endDate: day(31),
        status: 'confirmed',
      });
      await ctx.db
        .update(bookings)
        .set({ status: 'cancelled', cancelledAt: sql`now()` })
        .where(eq(bookings.id, trip.id));
    }
    // On PostgreSQL a second app is a second process's connections; PGlite has one connection,
    // so there the two runs interleave on it.
    const other = isPostgres() ? await ctx.secondApp() : ctx.app;
    const sent = await Promise.all([runAlerts(), sendSavedSearchAlerts(other, PUBLIC_URL)]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(await alertsTo(watcher.user.msisdn)).toHaveLength(1);
  });

  it("the day's alert is claimed in the database: of many claims at once, one wins", async () => {
    const watcher = await client.renter();
    const [search] = await ctx.db
      .insert(savedSearches)
      .values({ userId: watcher.user.id, name: 'Claimed', make: 'Kia' })
      .returning();
    const other = isPostgres() ? (await ctx.secondApp()).db : ctx.db;
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? other : ctx.db).transaction((tx) => claimTodaysAlert(tx, search!.id, day(0))),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
