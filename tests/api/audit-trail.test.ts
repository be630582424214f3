import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertCar } from '../../src/server/db/factories';
import { recordStaffWrites } from '../../src/server/staff-api/audit.plugin';
import { AUDITED_WRITES } from '../../src/server/staff-api/audit-entities';
import { STAFF_RULES } from '../../src/shared/staff-permissions';
import type { AuditEvent } from '../../src/shared/schemas/audit';
import { branchInput, carInput, makeImage, routesUnder } from '../support/admin';
import { api, cashPaidBooking, day, type SignedIn } from '../support/api';
import { setupTestApp, type TestContext } from '../support/test-app';

let ctx: TestContext;
let client: ReturnType<typeof api>;
let owner: SignedIn;

beforeAll(async () => {
  ctx = await setupTestApp();
  client = api(ctx.app);
  owner = await client.staff({ name: 'Ama Owner' });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The trail's rows about one thing, newest first, as the owner's console reads them. */
async function trailOf(entity: string, entityId: string | number): Promise<AuditEvent[]> {
  const res = await owner.get(`/api/admin/audit?entity=${entity}&entity_id=${entityId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().events;
}

/** The one row about a thing (the test made exactly one change to it). */
async function onlyRowOf(entity: string, entityId: string | number) {
  const rows = await trailOf(entity, entityId);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const defaultBranchId = async () =>
  (await owner.get('/api/admin/branches')).json().branches[0].id as number;

describe('every staff write has an audit description (AUDIT-5)', () => {
  it('each non-GET route under /api/admin, and each in STAFF_RULES, says what its audit records', () => {
    const registered = routesUnder(ctx.app.printRoutes({ commonPrefix: false }), '/api/admin')
      .filter((r) => r.method !== 'GET')
      .map((r) => `${r.method} ${r.path}`);
    const ruled = Object.keys(STAFF_RULES).filter((key) => !key.startsWith('GET '));
    expect(registered.length).toBeGreaterThan(20);
    for (const key of new Set([...registered, ...ruled]))
      expect(AUDITED_WRITES[key], `${key} has no row in AUDITED_WRITES`).toBeDefined();
    // And no row describes a route that is not there any more.
    for (const key of Object.keys(AUDITED_WRITES)) expect(registered).toContain(key);
  });

  it('an app with a staff write route that has no audit description refuses to start', async () => {
    const app = Fastify();
    const start = async () => {
      await app.register(
        async (scope) => {
          recordStaffWrites(scope);
          scope.post('/new-thing', async () => ({}));
        },
        { prefix: '/api/admin' },
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/POST \/api\/admin\/new-thing .*AUDITED_WRITES/);
    await app.close();
  });
});

describe('each kind of staff write leaves a row with what changed (AUDIT-1, AUDIT-2)', () => {
  it('a car price change: who, when, which car, the price before and after, the request id', async () => {
    const created = await owner.post('/api/admin/cars', carInput(await defaultBranchId()));
    expect(created.statusCode, created.body).toBe(201);
    const car = created.json().car;
    const put = await owner.put(`/api/admin/cars/${car.id}`, {
      ...carInput(car.branch_id),
      model: car.model,
      price_per_day: 350,
    });
    expect(put.statusCode, put.body).toBe(200);

    const [update, create] = await trailOf('car', car.id);
    expect(update).toMatchObject({
      staff: { id: owner.user.id, name: 'Ama Owner', role: 'owner' },
      action: 'update',
      entity: 'car',
      entity_id: String(car.id),
      changes: { pricePerDayPesewas: [300_00, 350_00] },
      reason: null,
    });
    // Only what changed: not the fields that stayed, nor the bookkeeping timestamps.
    expect(Object.keys(update!.changes)).toEqual(['pricePerDayPesewas']);
    expect(update!.request_id).toMatch(UUID);
    expect(Date.now() - Date.parse(update!.at)).toBeLessThan(60_000);
    // The create: its id read from the answer, every field against nothing.
    expect(create).toMatchObject({ action: 'create', changes: { make: [null, 'Kia'] } });
  });

  it('cash taken, a cheaper change with its reason, the refund handed back with its note, a cancel', async () => {
    const renter = await client.renter();
    const { code } = await cashPaidBooking(ctx.app, owner, renter, {
      start: day(10),
      end: day(13),
    });
    const change = await owner.post(`/api/admin/bookings/${code}/change`, {
      start_date: day(10),
      end_date: day(12),
      destination: 'Accra',
      destination_type: 1,
      reason: 'Customer asked by phone',
    });
    expect(change.statusCode, change.body).toBe(200);
    const settle = await owner.post(`/api/admin/bookings/${code}/settle-refund`, {
      note: 'Cash from Kofi at the desk',
    });
    expect(settle.statusCode, settle.body).toBe(200);
    const cancel = await owner.post(`/api/admin/bookings/${code}/cancel`, {
      reason: 'Customer changed plans',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const [cancelled, settled, changed, cash] = await trailOf('booking', code);
    expect(cash).toMatchObject({
      action: 'record_cash',
      changes: { paymentStatus: ['unpaid', 'paid'] },
    });
    const cashPayment = Object.entries(cash!.changes).find(([key]) => key.startsWith('payment '));
    expect(cashPayment?.[1]).toEqual([
      null,
      expect.objectContaining({ provider: 'cash', status: 'success' }),
    ]);
    expect(changed).toMatchObject({
      action: 'change',
      reason: 'Customer asked by phone',
      changes: { endDate: [day(13), day(12)], days: [3, 2] },
    });
    expect(settled).toMatchObject({
      action: 'settle_refund',
      reason: 'Cash from Kofi at the desk',
    });
    expect(JSON.stringify(settled!.changes)).toContain('Cash from Kofi at the desk');
    expect(cancelled).toMatchObject({
      action: 'cancel',
      reason: 'Customer changed plans',
      changes: { status: [expect.any(String), 'cancelled'] },
    });
  });

  it('a pickup without the documents: the override is the reason', async () => {
    const renter = await client.renter();
    const { code } = await cashPaidBooking(ctx.app, owner, renter);
    const pickup = await owner.post(`/api/admin/bookings/${code}/pick-up`, {
      odometer_km: 12_000,
      fuel_eighths: 8,
      documents_override: 'Licence seen on paper',
    });
    expect(pickup.statusCode, pickup.body).toBe(200);
    const [row] = await trailOf('booking', code);
    expect(row).toMatchObject({
      action: 'pick_up',
      reason: 'Licence seen on paper',
      changes: {
        status: ['confirmed', 'active'],
        'handover pickup': [
          null,
          expect.objectContaining({
            odometerKm: 12_000,
            documentsOverride: 'Licence seen on paper',
          }),
        ],
      },
    });
  });

  it('a document verified: its status, and never the PIN or the file', async () => {
    const { document } = await uploadedCard();
    const verify = await owner.post(`/api/admin/documents/${document.id}/verify`);
    expect(verify.statusCode, verify.body).toBe(200);
    const row = await onlyRowOf('document', document.id);
    expect(row).toMatchObject({
      action: 'verify',
      changes: { status: ['pending', 'verified'], reviewedBy: [null, owner.user.id] },
    });
    const text = JSON.stringify(row);
    expect(text).not.toContain('GHA-123456789-0');
    expect(text).not.toMatch(/file_?key/i);
  });

  it('a review hidden', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const trip = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 300_00,
      startDate: day(-10),
      endDate: day(-8),
      status: 'completed',
      paymentStatus: 'paid',
    });
    const posted = await renter.post(`/api/bookings/${trip.bookingCode}/review`, {
      rating: 1,
      comment: 'Something abusive',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const review = posted.json().review;
    expect((await owner.post(`/api/admin/reviews/${review.id}/hide`)).statusCode).toBe(200);
    const row = await onlyRowOf('review', review.id);
    expect(row).toMatchObject({
      action: 'hide',
      changes: { hiddenAt: [null, expect.any(String)], hiddenBy: [null, owner.user.id] },
    });
  });

  it('a branch’s hours changed', async () => {
    const created = await owner.post('/api/admin/branches', branchInput());
    expect(created.statusCode, created.body).toBe(201);
    const branch = created.json().branch;
    const put = await owner.put(`/api/admin/branches/${branch.id}`, {
      ...branchInput({ name: branch.name }),
      closes: '20:00',
    });
    expect(put.statusCode, put.body).toBe(200);
    const [update] = await trailOf('branch', branch.id);
    expect(update).toMatchObject({ action: 'update', changes: { closes: ['18:30', '20:00'] } });
    expect(Object.keys(update!.changes)).toEqual(['closes']);
  });

  it('a maintenance block added (its id from the answer, its note as the reason), then removed', async () => {
    const car = await insertCar(ctx.db);
    const added = await owner.post(`/api/admin/cars/${car.id}/maintenance`, {
      start_date: day(20),
      end_date: day(21),
      note: 'Brake pads',
    });
    expect(added.statusCode, added.body).toBe(201);
    const block = added.json().block;
    const removed = await owner.delete(`/api/admin/cars/${car.id}/maintenance/${block.id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);

    const [remove, add] = await trailOf('maintenance_block', block.id);
    expect(add).toMatchObject({
      action: 'create',
      reason: 'Brake pads',
      changes: { carId: [null, car.id], startDate: [null, day(20)], note: [null, 'Brake pads'] },
    });
    expect(remove).toMatchObject({
      action: 'remove',
      changes: { status: [expect.any(String), expect.any(String)] },
    });
  });

  it('a refused or failed write records nothing', async () => {
    const car = await insertCar(ctx.db);
    const invalid = await owner.put(`/api/admin/cars/${car.id}`, { price_per_day: -1 });
    expect(invalid.statusCode).toBe(422);
    const missing = await owner.post('/api/admin/cars/999999/retire');
    expect(missing.statusCode).toBe(404);
    expect(await trailOf('car', car.id)).toEqual([]);
    expect(await trailOf('car', 999999)).toEqual([]);
  });
});

describe('document images viewed by staff (AUDIT-7)', () => {
  it('a staff view is recorded; the renter looking at their own is not', async () => {
    const { renter, document } = await uploadedCard();
    const url = `/api/documents/${document.id}/image`;
    expect((await renter.get(url)).statusCode).toBe(200);
    expect(await trailOf('document', document.id)).toEqual([]);

    const image = await owner.get(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const row = await onlyRowOf('document', document.id);
    expect(row).toMatchObject({
      action: 'view_image',
      staff: { id: owner.user.id },
      changes: {},
      request_id: expect.stringMatching(UUID),
    });
  });
});

describe('the trail is append-only (AUDIT-3)', () => {
  it('the database refuses to change, delete or empty it', async () => {
    const car = await insertCar(ctx.db);
    expect((await owner.post(`/api/admin/cars/${car.id}/retire`)).statusCode).toBe(200);
    const [row] = await trailOf('car', car.id);
    // Drizzle wraps the database's error: its own message is the cause's.
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'done',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(
      await refusal(
        ctx.db.execute(sql`update audit_events set reason = 'edited' where id = ${row!.id}`),
      ),
    ).toBe('audit_events is append-only: UPDATE refused');
    expect(await refusal(ctx.db.execute(sql`delete from audit_events where id = ${row!.id}`))).toBe(
      'audit_events is append-only: DELETE refused',
    );
    expect(await refusal(ctx.db.execute(sql`truncate audit_events`))).toBe(
      'audit_events is append-only: TRUNCATE refused',
    );
    expect(await trailOf('car', car.id)).toEqual([row]);
  });
});

describe('the owner reads the trail (AUDIT-8 to AUDIT-10)', () => {
  it('filters by staff member, kind and dates, newest first, a page at a time', async () => {
    const manager = await client.staff({ name: 'Kojo Manager', staffRole: 'manager' });
    const cars = [await insertCar(ctx.db), await insertCar(ctx.db), await insertCar(ctx.db)];
    for (const car of cars)
      expect((await owner.post(`/api/admin/cars/${car.id}/retire`)).statusCode).toBe(200);

    const mine = await owner.get(`/api/admin/audit?staff_id=${owner.user.id}&entity=car&limit=2`);
    expect(mine.statusCode, mine.body).toBe(200);
    const first = mine.json();
    expect(first.events.map((e: AuditEvent) => e.entity_id)).toEqual([
      String(cars[2]!.id),
      String(cars[1]!.id),
    ]);
    expect(first.next_before).toBe(first.events[1].id);
    const second = (
      await owner.get(
        `/api/admin/audit?staff_id=${owner.user.id}&entity=car&limit=2&before=${first.next_before}`,
      )
    ).json();
    expect(second.events[0].entity_id).toBe(String(cars[0]!.id));

    // Nobody else's rows under another staff member's filter; dates are whole Accra days.
    const managers = (await owner.get(`/api/admin/audit?staff_id=${manager.user.id}`)).json();
    expect(managers).toEqual({ events: [], next_before: null });
    const today = (
      await owner.get(`/api/admin/audit?from=${day(0)}&to=${day(0)}&entity=car`)
    ).json();
    expect(today.events.length).toBeGreaterThanOrEqual(3);
    const tomorrow = (await owner.get(`/api/admin/audit?from=${day(1)}`)).json();
    expect(tomorrow.events).toEqual([]);
    expect((await owner.get(`/api/admin/audit?from=${day(1)}&to=${day(0)}`)).statusCode).toBe(422);
    expect((await owner.get('/api/admin/audit?entity=password')).statusCode).toBe(422);

    // The staff list for the filter.
    const staff = (await owner.get('/api/admin/audit/staff')).json().staff;
    expect(staff).toContainEqual({ id: manager.user.id, name: 'Kojo Manager', role: 'manager' });

    // The owner's alone.
    expect((await manager.get('/api/admin/audit')).statusCode).toBe(403);
    expect((await manager.get('/api/admin/audit.csv')).statusCode).toBe(403);
  });

  it('downloads the same filter as CSV, with formulas defused', async () => {
    const prankster = await client.staff({ name: '=HYPERLINK("x")' });
    const car = await insertCar(ctx.db);
    expect((await prankster.post(`/api/admin/cars/${car.id}/retire`)).statusCode).toBe(200);
    const res = await owner.get(`/api/admin/audit.csv?entity=car&entity_id=${car.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-trail.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,at,staff_id,staff_name,staff_role,action,entity,entity_id,changes,reason,request_id',
    );
    expect(lines).toHaveLength(2);
    // The name quoted and led by an apostrophe: a spreadsheet shows it, never runs it.
    expect(lines[1]).toContain(
      `,${prankster.user.id},"'=HYPERLINK(""x"")",owner,retire,car,${car.id},`,
    );
    expect(lines[1]).toContain('""retiredAt"":[null,');
    expect((await owner.get('/api/admin/audit.csv?to=nope')).statusCode).toBe(422);
  });
});

async function uploadedCard() {
  const renter = await client.renter();
  const res = await renter.upload('/api/documents', [
    { name: 'kind', value: 'ghana_card' },
    { name: 'ghana_card_pin', value: 'GHA-123456789-0' },
    { name: 'date_of_birth', value: '1990-01-01' },
    { name: 'file', value: await makeImage('jpeg'), filename: 'card.jpg', type: 'image/jpeg' },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return { renter, document: res.json().document as { id: number } };
}
