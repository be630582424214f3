import { describe, expect, it } from 'vitest';
import { insertBooking, insertCar } from '../../src/server/db/factories';
import { addDays, todayInAccra } from '../../src/shared/dates';
import { makeImage, multipartBody } from '../support/admin';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/client';
import { staffRuleOf } from '../../src/shared/staff-permissions';
import { setupRecordedApp, userWithToken, type Endpoint } from './support/in-process-app';

/**
 * The authorization matrix (ROUTE-1, ROUTE-4, STAFF-1), built from the server's own route list: every route
 * must match a rule below, so a new route without one fails here ("add a rule for …") instead
 * of shipping unchecked. Each rule is then tried for real, as a visitor, a renter who does not
 * own the thing in the path, its owner and staff.
 *
 * Access levels, as designed (ROUTE-1, STAFF-1, BOOK-11):
 * - public: anyone; never 401 or 403.
 * - signature: a provider's signed callback; without a valid signature 401, a bearer token
 *   does not stand in for one.
 * - renter: any signed-in account; a visitor gets 401.
 * - owner: a renter's own booking or payment, named in the path; a visitor gets 401 and any
 *   other renter 404 (as if it did not exist: no way to probe for codes).
 * - staff: the console; a visitor gets 401, a renter 403. Then each staff role as the staff
 *   matrix says (src/shared/staff-permissions.ts, ROLE-3 to ROLE-5): a role it does not list
 *   gets 403; a manager or an agent of another branch gets 404 for a thing in the path that
 *   their colleague at its branch can reach.
 *
 * Shown to catch (deliberately broken variants, run once):
 * - requireUser dropped from GET /api/bookings/:code: its visitor got 500, not 401;
 * - the booking looked up by code without the user: another renter got 200 on
 *   GET /api/bookings/:code and on POST …/cancel, not 404;
 * - the admin scope's onRequest hook checking requireUser instead of requireStaff: all 24
 *   /api/admin routes failed "renter → 403" (200, 422, …);
 * - a route added with no rule (GET /api/bookings/export): "no rule for GET
 *   /api/bookings/export: add a rule for it …".
 */

type Access = 'public' | 'signature' | 'renter' | 'owner' | 'staff';

interface Fixtures {
  carId: number;
  bookingCode: string;
  paymentReference: string;
  today: string;
  bookingSmsId: number;
  savedSearchId: number;
  conversationId: number;
  conversationPhotoId: number;
}

interface Rule {
  /** `METHOD /path`: `*` is one path segment (or any method), `**` any rest; `:name` must match the route's own parameter. */
  route: string;
  access: Access;
  /** A request body or query that passes validation, so what is checked is who asks, not what. */
  sample?: (f: Fixtures) => { body?: unknown; query?: Record<string, string> };
  /** Path parameters of this route other than PARAMS' shared ones. */
  params?: (f: Fixtures) => Record<string, string>;
}

const RULES: Rule[] = [
  { route: 'GET /api/health', access: 'public' },
  { route: 'GET /api/openapi.json', access: 'public' },
  { route: 'GET /api/branches', access: 'public' },
  { route: 'GET /api/docs/**', access: 'public' },
  { route: 'POST /api/auth/register', access: 'public' },
  { route: 'POST /api/auth/login', access: 'public' },
  {
    route: 'POST /api/auth/login/code',
    access: 'public',
    sample: () => ({ body: { ticket: 'a-ticket-this-device-never-got', code: '123456' } }),
  },
  { route: 'POST /api/auth/logout', access: 'renter' },
  { route: 'GET /api/auth/me', access: 'renter' },
  {
    route: 'PATCH /api/auth/me',
    access: 'renter',
    sample: () => ({ body: { name: 'Efua Owusu' } }),
  },
  { route: 'POST /api/auth/logout-all', access: 'renter' },
  { route: 'POST /api/auth/phone/send-code', access: 'renter' },
  {
    route: 'POST /api/auth/phone/verify',
    access: 'renter',
    sample: () => ({ body: { code: '123456' } }),
  },
  {
    route: 'POST /api/auth/password/change',
    access: 'renter',
    sample: () => ({
      body: {
        current_password: 'Secret@123',
        password: 'Changed@2026',
        password_confirmation: 'Changed@2026',
      },
    }),
  },
  {
    route: 'POST /api/auth/password/forgot',
    access: 'public',
    sample: () => ({ body: { msisdn: '0245550999' } }),
  },
  {
    route: 'POST /api/auth/password/reset',
    access: 'public',
    sample: () => ({
      body: {
        ticket: 'a-ticket-this-device-never-got',
        code: '123456',
        password: 'Changed@2026',
        password_confirmation: 'Changed@2026',
      },
    }),
  },
  // The sandbox phone (RUN-12): open, like the sandbox itself; absent in production.
  {
    route: 'GET /api/sandbox/sms',
    access: 'public',
    sample: () => ({ query: { to: '0244000001' } }),
  },
  // Its mobile money prompts (RUN-13): open too; only with the sandbox payment provider.
  {
    route: 'GET /api/sandbox/prompts',
    access: 'public',
    sample: () => ({ query: { wallet: '0244000001' } }),
  },
  {
    route: 'POST /api/sandbox/prompts/:reference',
    access: 'public',
    sample: () => ({ body: { decision: 'decline' } }),
  },
  { route: 'GET /api/get/cars', access: 'public' },
  { route: 'GET /api/cars/**', access: 'public' },
  {
    route: 'GET /api/bookings/quote',
    access: 'public',
    sample: (f) => ({
      query: {
        car_id: String(f.carId),
        start_date: addDays(f.today, 40),
        end_date: addDays(f.today, 41),
      },
    }),
  },
  {
    route: 'POST /api/bookings/create',
    access: 'renter',
    sample: (f) => ({
      body: {
        car_id: f.carId,
        start_date: addDays(f.today, 50),
        end_date: addDays(f.today, 51),
        destination: 'Ho',
        destination_type: 1,
        payment_method: 'payOnPickup',
      },
    }),
  },
  { route: 'GET /api/bookings/history', access: 'renter' },
  { route: 'GET /api/bookings/unpaid', access: 'renter' },
  // Reviews (REVIEW-1): the owner's own booking; a valid body, so a stranger meets the 404.
  {
    route: 'POST /api/bookings/:code/review',
    access: 'owner',
    sample: () => ({ body: { rating: 5 } }),
  },
  // A renter's change and extension (BOOK-18, BOOK-19): well-formed bodies, so the owner gets
  // past validation and another renter's 404 is what is checked.
  {
    route: 'POST /api/bookings/:code/change',
    access: 'owner',
    sample: (f) => ({
      body: {
        start_date: addDays(f.today, 60),
        end_date: addDays(f.today, 61),
        destination: 'Ho',
        destination_type: 1,
      },
    }),
  },
  {
    route: 'POST /api/bookings/:code/extend',
    access: 'owner',
    sample: (f) => ({ body: { end_date: addDays(f.today, 70) } }),
  },
  // Paying a pay-on-pickup booking now (BOOK-23): a valid body, so a stranger meets the 404.
  {
    route: 'POST /api/bookings/:code/pay-now',
    access: 'owner',
    sample: () => ({ body: { network: 'mtn' } }),
  },
  { route: '* /api/bookings/:code/**', access: 'owner' },
  { route: 'GET /api/reviews', access: 'public' },
  // Saved searches (SAVED-3): the renter's own; another renter's id is a 404.
  { route: 'GET /api/saved-searches', access: 'renter' },
  {
    route: 'POST /api/saved-searches',
    access: 'renter',
    sample: () => ({ body: { name: 'Any Kia', make: 'Kia' } }),
  },
  {
    route: 'PATCH /api/saved-searches/:id',
    access: 'owner',
    params: (f) => ({ id: String(f.savedSearchId) }),
    sample: () => ({ body: { name: 'Renamed' } }),
  },
  {
    route: 'DELETE /api/saved-searches/:id',
    access: 'owner',
    params: (f) => ({ id: String(f.savedSearchId) }),
  },
  // A renter's own data (ACCT-30, ACCT-31): by the session's user alone, never an id in the path.
  // Closing asks for the password: a wrong one is a 422, so no account is closed here.
  { route: 'GET /api/account/export', access: 'renter' },
  // The dashboard and favourites (AREA-1, AREA-8): the session's own account, never an id of one.
  { route: 'GET /api/account/dashboard', access: 'renter' },
  { route: 'GET /api/favourites', access: 'renter' },
  { route: 'GET /api/favourites/ids', access: 'renter' },
  {
    route: 'PUT|DELETE /api/favourites/:carId',
    access: 'renter',
    params: (f) => ({ carId: String(f.carId) }),
  },
  {
    route: 'POST /api/favourites/merge',
    access: 'renter',
    sample: () => ({ body: { car_ids: [] } }),
  },
  {
    route: 'POST /api/account/close',
    access: 'renter',
    sample: () => ({ body: { password: 'Not-the@password1' } }),
  },
  // Documents (DOC-6): a renter's own; the photo is the owner's (or staff's) alone.
  // Deleting them (DOC-13): the caller's own, whoever asks (a fresh renter has none to lose).
  { route: 'GET|POST|DELETE /api/documents', access: 'renter' },
  { route: 'GET /api/documents/:documentId/image', access: 'owner' },
  // Handover photos (HAND-4): the booking's renter's (or staff's) alone.
  { route: 'GET /api/handover-photos/:handoverPhotoId', access: 'owner' },
  { route: 'POST /api/payments/webhook/*', access: 'signature' },
  {
    route: 'POST /api/payments/:reference/otp',
    access: 'owner',
    sample: () => ({ body: { otp: '123456' } }),
  },
  { route: '* /api/payments/:reference/**', access: 'owner' },
  { route: 'GET /api/payments/sandbox/:reference', access: 'owner' },
  {
    route: 'POST /api/payments/sandbox/:reference',
    access: 'owner',
    sample: () => ({ body: { decision: 'decline' } }),
  },
  { route: 'POST /api/newsletter', access: 'public' },
  { route: 'POST /api/contact', access: 'public' },
  // The SMS provider's delivery reports: unsigned (Arkesel signs nothing), so public; it can
  // only move a sent message forward and answers 204 whatever it is sent.
  { route: '* /api/sms/delivery-report', access: 'public' },
  // A staff member's own second step (ACCT-26): staff only, outside the console's scope.
  { route: 'GET /api/auth/second-step', access: 'staff' },
  {
    route: 'PUT /api/auth/second-step',
    access: 'staff',
    sample: () => ({ body: { method: 'sms' } }),
  },
  { route: 'POST /api/auth/second-step/authenticator', access: 'staff' },
  {
    route: 'POST /api/auth/second-step/authenticator/confirm',
    access: 'staff',
    sample: () => ({ body: { code: '123456' } }),
  },
  // The SMS log of the console.
  { route: 'GET /api/admin/bookings/:code/sms', access: 'staff' },
  { route: 'GET /api/admin/customers/:id/sms', access: 'staff' },
  { route: 'GET /api/admin/sms/failed', access: 'staff' },
  // A text about a booking at the car's branch, so branch scope has something to refuse.
  {
    route: 'POST /api/admin/sms/:id/resend',
    access: 'staff',
    params: (f) => ({ id: String(f.bookingSmsId) }),
  },
  // The company's TIN and taxes: staff only, and then the owner's alone (STAFF-45).
  { route: 'GET /api/admin/tax-settings', access: 'staff' },
  {
    route: 'PUT /api/admin/tax-settings',
    access: 'staff',
    sample: () => ({
      body: { tin: 'C0012345678', lines: [{ name: 'VAT', rate_bp: 1500, on_levies: false }] },
    }),
  },
  // Sending a held booking's prompt again (STAFF-46): a valid body, so access is what decides.
  {
    route: 'POST /api/admin/bookings/:code/prompt-again',
    access: 'staff',
    sample: () => ({ body: { network: 'mtn' } }),
  },
  // A renter's conversation with the company (CONV-1 to CONV-13): the session's own; a photo
  // is its renter's (or their branch's staff's) alone.
  {
    route: 'GET /api/conversation/photos/:photoId',
    access: 'owner',
    params: (f) => ({ photoId: String(f.conversationPhotoId) }),
  },
  { route: 'GET|POST /api/conversation/**', access: 'renter' },
  { route: 'GET /api/conversation', access: 'renter' },
  // Staff's side (CONV-8 to CONV-11): the owner's conversation, linked to a booking at the
  // car's branch, so branch scope has something to refuse.
  {
    route: 'POST /api/admin/conversations/:id/messages',
    access: 'staff',
    params: (f) => ({ id: String(f.conversationId) }),
    sample: () => ({ body: { body: 'We will look into it.' } }),
  },
  {
    route: 'POST /api/admin/conversations/:id/assign',
    access: 'staff',
    params: (f) => ({ id: String(f.conversationId) }),
    sample: () => ({ body: { staff_id: null } }),
  },
  {
    route: '* /api/admin/conversations/:id/*',
    access: 'staff',
    params: (f) => ({ id: String(f.conversationId) }),
  },
  {
    route: 'GET /api/admin/conversations/:id',
    access: 'staff',
    params: (f) => ({ id: String(f.conversationId) }),
  },
  { route: '* /api/admin/**', access: 'staff' },
  { route: 'GET /media/**', access: 'public' },
];

function ruleMatches(rule: Rule, endpoint: Endpoint): boolean {
  const [method, path] = rule.route.split(' ') as [string, string];
  if (method !== '*' && !method.split('|').includes(endpoint.method)) return false;
  const pattern = path
    .split('/')
    .map((segment) =>
      segment === '**'
        ? '(?:/.*)?'
        : segment === '*'
          ? '/[^/]+'
          : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    )
    .slice(1)
    .join('');
  return new RegExp(`^${pattern}/?$`).test(endpoint.url);
}

const { app, db, endpoints } = await setupRecordedApp();

// The cast: a visitor, the owner of a booking and a payment, another renter, and staff.
const owner = await userWithToken(app);
const otherRenter = await userWithToken(app);
const staff = await userWithToken(app, 'staff');
const car = await insertCar(db);
// The same roles at the car's branch, and a manager and an agent of another branch.
const otherBranchId = rowsOf<{ id: number }>(
  await db.execute(sql`select id from branches where id <> ${car.branchId} order by id limit 1`),
)[0]!.id;
const atBranch = {
  owner: staff,
  manager: await userWithToken(app, 'staff', { staffRole: 'manager', branchIds: [car.branchId] }),
  agent: await userWithToken(app, 'staff', { staffRole: 'agent', branchIds: [car.branchId] }),
};
const elsewhere = {
  manager: await userWithToken(app, 'staff', { staffRole: 'manager', branchIds: [otherBranchId] }),
  agent: await userWithToken(app, 'staff', { staffRole: 'agent', branchIds: [otherBranchId] }),
};
const today = todayInAccra();
const ownBooking = await insertBooking(db, {
  userId: owner.user.id,
  carId: car.id,
  pricePerDayPesewas: car.pricePerDayPesewas,
  startDate: addDays(today, 20),
  endDate: addDays(today, 22),
});
const withPayment = await app.inject({
  method: 'POST',
  url: '/api/bookings/create',
  headers: owner.headers,
  payload: {
    car_id: car.id,
    start_date: addDays(today, 30),
    end_date: addDays(today, 31),
    destination: 'Tamale',
    destination_type: 2,
    payment_method: 'mobile_money',
    network: 'mtn',
  },
});
if (withPayment.statusCode !== 201)
  throw new Error(`could not make a mobile money booking: ${withPayment.body}`);
const paymentReference = (
  withPayment.json() as {
    payment?: { reference: string };
    booking: { payment: { reference: string } | null };
  }
).payment?.reference;
if (!paymentReference)
  throw new Error(`the mobile money booking has no payment reference: ${withPayment.body}`);

// The owner's Ghana Card, uploaded as a renter would, so its photo exists.
const documentForm = await multipartBody([
  { name: 'kind', value: 'ghana_card' },
  { name: 'ghana_card_pin', value: 'GHA-123456789-0' },
  { name: 'date_of_birth', value: '1990-05-01' },
  { name: 'file', value: await makeImage('jpeg'), filename: 'card.jpg', type: 'image/jpeg' },
]);
const uploaded = await app.inject({
  method: 'POST',
  url: '/api/documents',
  headers: { ...owner.headers, ...documentForm.headers },
  payload: documentForm.body,
});
if (uploaded.statusCode !== 201) throw new Error(`could not upload a document: ${uploaded.body}`);
const ownDocumentId = (uploaded.json() as { document: { id: number } }).document.id;

// A handover photo of the owner's trip (HAND-4): a booking from today, paid in cash and picked
// up by staff with one photo.
const trip = await insertBooking(db, {
  userId: owner.user.id,
  carId: (await insertCar(db)).id,
  pricePerDayPesewas: 100_00,
  startDate: today,
  endDate: addDays(today, 1),
  status: 'confirmed',
  paymentStatus: 'paid',
});
const pickupForm = await multipartBody([
  {
    name: 'data',
    value: JSON.stringify({ odometer_km: 100, fuel_eighths: 8, documents_override: 'Seen' }),
  },
  { name: 'photos', value: await makeImage('jpeg'), filename: 'car.jpg', type: 'image/jpeg' },
]);
const pickedUp = await app.inject({
  method: 'POST',
  url: `/api/admin/bookings/${trip.bookingCode}/pick-up`,
  headers: { ...staff.headers, ...pickupForm.headers },
  payload: pickupForm.body,
});
if (pickedUp.statusCode !== 200) throw new Error(`could not record a pickup: ${pickedUp.body}`);
const ownHandoverPhotoId = (
  pickedUp.json() as { handover: { pickup: { photos: { id: number }[] } } }
).handover.pickup.photos[0]!.id;

// The owner's message about their booking, with a photo (CONV-3, CONV-4).
const conversationForm = await multipartBody([
  { name: 'body', value: 'The car smells of smoke.' },
  { name: 'booking_code', value: ownBooking.bookingCode },
  { name: 'photos', value: await makeImage('jpeg'), filename: 'seat.jpg', type: 'image/jpeg' },
]);
const written = await app.inject({
  method: 'POST',
  url: '/api/conversation/messages',
  headers: { ...owner.headers, ...conversationForm.headers },
  payload: conversationForm.body,
});
if (written.statusCode !== 201) throw new Error(`could not write a message: ${written.body}`);
const conversationPhotoId = (written.json() as { sent: { photos: { id: number }[] } }).sent
  .photos[0]!.id;
const conversationId = rowsOf<{ id: number }>(
  await db.execute(sql`select id from conversations where user_id = ${owner.user.id}`),
)[0]!.id;

const fixtures: Fixtures = {
  conversationId,
  conversationPhotoId,
  carId: car.id,
  bookingCode: ownBooking.bookingCode,
  paymentReference,
  today,
  bookingSmsId: rowsOf<{ id: number }>(
    await db.execute(
      sql`insert into sms_outbox (kind, booking_id, user_id, recipient, body)
          values ('booking_confirmed', ${ownBooking.id}, ${owner.user.id}, ${owner.user.msisdn}, 'CarLink: a text about the booking')
          returning id`,
    ),
  )[0]!.id,
  savedSearchId: rowsOf<{ id: number }>(
    await db.execute(
      sql`insert into saved_searches (user_id, name, make) values (${owner.user.id}, 'Any Kia', 'Kia')
          returning id`,
    ),
  )[0]!.id,
};

/** A value for each path parameter; an owner rule gets the owner's own booking or payment. */
const PARAMS: Record<string, string> = {
  code: fixtures.bookingCode,
  reference: fixtures.paymentReference,
  id: String(car.id),
  carId: String(car.id),
  blockId: '1',
  documentId: String(ownDocumentId),
  handoverPhotoId: String(ownHandoverPhotoId),
  reviewId: '1',
  photoId: '1',
  file: 'photo.webp',
  name: 'sedan-c0c0c0-0.svg',
  '*': 'index.html',
};

function urlOf(
  endpoint: Endpoint,
  query?: Record<string, string>,
  own: Record<string, string> = {},
): string {
  const path = endpoint.url.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => {
    const value = own[name ?? '*'] ?? PARAMS[name ?? '*'];
    if (value === undefined)
      throw new Error(
        `${endpoint.name}: no test value for the path parameter '${whole}': add one to PARAMS`,
      );
    return encodeURIComponent(value);
  });
  return query ? `${path}?${new URLSearchParams(query)}` : path;
}

function call(endpoint: Endpoint, rule: Rule, headers: Record<string, string>) {
  const sample = rule.sample?.(fixtures) ?? {};
  return app.inject({
    method: endpoint.method as 'GET',
    url: urlOf(endpoint, sample.query, rule.params?.(fixtures)),
    headers,
    ...(sample.body === undefined ? {} : { payload: sample.body as object }),
    // Each caller from its own address: the per-IP limits are not what is tested here.
    remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
}

const rulesFor = (endpoint: Endpoint) => RULES.filter((rule) => ruleMatches(rule, endpoint));
const unmatched = endpoints.filter((e) => rulesFor(e).length === 0);

describe("authorization matrix, from the server's own route list", () => {
  it('finds the routes', () => {
    // A broken route collection would make every check below vacuous.
    expect(endpoints.length).toBeGreaterThan(30);
    expect(endpoints.map((e) => e.name)).toContain('GET /api/bookings/:code');
  });

  it('has a rule for every route', () => {
    expect(
      unmatched.map(
        (e) =>
          `no rule for ${e.name}: add a rule for it to RULES in tests/hardening/authorization-matrix.test.ts`,
      ),
    ).toEqual([]);
  });

  for (const endpoint of endpoints) {
    const rule = rulesFor(endpoint)[0];
    if (!rule) continue;

    it(`${endpoint.name} is ${rule.access}`, async () => {
      const visitor = await call(endpoint, rule, {});
      const explain = (who: string, res: { statusCode: number; body: string }) =>
        `${who} → ${res.statusCode} ${res.body.slice(0, 200)}` +
        (res.statusCode === 422 || res.statusCode === 400
          ? ' (the route validates before it authenticates: give the rule a valid `sample`, or check the session at onRequest)'
          : '');
      expect(visitor.statusCode, explain('visitor', visitor)).toBeLessThan(500);

      switch (rule.access) {
        case 'public': {
          expect([401, 403], explain('visitor', visitor)).not.toContain(visitor.statusCode);
          break;
        }
        case 'signature': {
          expect(visitor.statusCode, explain('visitor without a signature', visitor)).toBe(401);
          const signedIn = await call(endpoint, rule, staff.headers);
          expect(signedIn.statusCode, explain('staff token, no signature', signedIn)).toBe(401);
          break;
        }
        case 'renter': {
          expect(visitor.statusCode, explain('visitor', visitor)).toBe(401);
          const renter = await call(endpoint, rule, (await userWithToken(app)).headers);
          expect([401, 403], explain('renter', renter)).not.toContain(renter.statusCode);
          expect(renter.statusCode, explain('renter', renter)).toBeLessThan(500);
          break;
        }
        case 'owner': {
          expect(visitor.statusCode, explain('visitor', visitor)).toBe(401);
          const stranger = await call(endpoint, rule, otherRenter.headers);
          expect(stranger.statusCode, explain('another renter', stranger)).toBe(404);
          const own = await call(endpoint, rule, owner.headers);
          expect([401, 403, 404], explain('owner', own)).not.toContain(own.statusCode);
          expect(own.statusCode, explain('owner', own)).toBeLessThan(500);
          break;
        }
        case 'staff': {
          expect(visitor.statusCode, explain('visitor', visitor)).toBe(401);
          const renter = await call(endpoint, rule, owner.headers);
          expect(renter.statusCode, explain('renter', renter)).toBe(403);
          const member = await call(endpoint, rule, staff.headers);
          expect([401, 403], explain('staff', member)).not.toContain(member.statusCode);
          expect(member.statusCode, explain('staff', member)).toBeLessThan(500);
          // The console's routes then go by the staff matrix, role by role and branch by branch.
          if (!endpoint.url.startsWith('/api/admin/')) break;
          const staffRule = staffRuleOf(endpoint.method, endpoint.url);
          expect(staffRule, `${endpoint.name} has no row in STAFF_RULES`).toBeDefined();
          for (const role of ['manager', 'agent'] as const) {
            const here = await call(endpoint, rule, atBranch[role].headers);
            if (!staffRule!.roles.includes(role)) {
              expect(here.statusCode, explain(role, here)).toBe(403);
              continue;
            }
            expect([401, 403], explain(role, here)).not.toContain(here.statusCode);
            expect(here.statusCode, explain(role, here)).toBeLessThan(500);
            // Outside their branches the thing in the path does not exist (ROLE-5).
            if (typeof staffRule!.scope === 'object' && here.statusCode !== 404) {
              const there = await call(endpoint, rule, elsewhere[role].headers);
              expect(there.statusCode, explain(`${role} of another branch`, there)).toBe(404);
            }
          }
          break;
        }
      }
    });
  }
});
