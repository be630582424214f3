import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import { expect } from 'vitest';
import { addDays, todayInAccra } from '../../src/shared/dates';
import type {
  LoginCodeResponse,
  LoginResponse,
  PendingSignInResponse,
} from '../../src/shared/schemas/auth';
import type { CreateBookingResponse } from '../../src/shared/schemas/bookings';
import type { Payment } from '../../src/shared/schemas/payments';
import type { App } from '../../src/server/app';
import { customerDocuments } from '../../src/server/db/schema/index';
import { buildUser, insertCar, insertUser } from '../../src/server/db/factories';
import { currentTotpCode } from '../../src/server/modules/auth/staff-second-step';
import { makeImage, multipartBody } from './admin';

/**
 * The one helper the API tests talk to the app through:
 *
 *   const client = api(ctx.app);                 // anonymous
 *   const renter = await client.renter();        // a new account, signed in
 *   const staff = await client.staff();
 *   await renter.post('/api/bookings/create', bookingBody(car.id, day(5), day(7)));
 *
 * Answers are light-my-request's (statusCode, json(), headers), so assertions read as before.
 * A test that sends something odd on purpose (a raw body, a wrong content type, a missing
 * header) calls `ctx.app.inject` itself, where the oddity is plain to see.
 */

/** What a request may add: headers, a query, the caller's address. */
export type RequestExtras = Pick<InjectOptions, 'headers' | 'query' | 'remoteAddress'>;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A part of a multipart/form-data body, as a browser would send it. */
export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

export interface Client {
  /** The headers this client sends on every request (the bearer token when signed in). */
  readonly headers: Record<string, string>;
  request(method: Method, url: string, payload?: object, extras?: RequestExtras): Promise<Response>;
  get(url: string, extras?: RequestExtras): Promise<Response>;
  /** A JSON body when `payload` is given; none at all when it is not. */
  post(url: string, payload?: object, extras?: RequestExtras): Promise<Response>;
  put(url: string, payload?: object, extras?: RequestExtras): Promise<Response>;
  patch(url: string, payload?: object, extras?: RequestExtras): Promise<Response>;
  delete(url: string, extras?: RequestExtras): Promise<Response>;
  /** A multipart/form-data POST. */
  upload(url: string, parts: FormPart[], extras?: RequestExtras): Promise<Response>;
  /** Books a car (POST /api/bookings/create), expecting 201; the answer's body. */
  book(
    carId: number,
    start: string,
    end: string,
    overrides?: Record<string, unknown>,
  ): Promise<BookingAnswer>;
}

type InsertedUser = Awaited<ReturnType<typeof insertUser>>;

export interface SignedIn<U = InsertedUser> extends Client {
  user: U;
  token: string;
}

export interface AnonymousClient extends Client {
  /** Signs in an existing account by its number and password (POST /api/auth/login). */
  as<U extends { msisdn: string; password: string }>(user: U): Promise<SignedIn<U>>;
  /** A client that sends this bearer token (a session signed in some other way, or a bad one). */
  withToken(token: string): Client;
  /** A new renter account (inserted by the factory), signed in. */
  renter(overrides?: Parameters<typeof insertUser>[1]): Promise<SignedIn>;
  /** A new staff account (the same login as a renter, with the staff role), signed in. */
  staff(overrides?: Parameters<typeof insertUser>[1]): Promise<SignedIn>;
  /** Registers a new number through the API, as the web app does (expects 201). */
  signUp(input?: { name?: string; msisdn?: string; password?: string }): Promise<SignedUp>;
  /** The texts the sandbox phone received on `msisdn`, newest first, once all were handed over. */
  smsInbox(msisdn: string): Promise<string[]>;
  /** The six-digit code in the newest text to `msisdn`. */
  latestSmsCode(msisdn: string): Promise<string>;
}

export interface SignedUp extends Client {
  msisdn: string;
  token: string;
  /** The register answer's body (the same shape as a sign-in's). */
  body: LoginResponse;
}

/**
 * POST /api/bookings/create's answer. `payment` is there for mobile money only; typed as always
 * there so that a mobile money test reads `payment.reference` without a guard.
 */
export type BookingAnswer = Omit<CreateBookingResponse, 'payment'> & { payment: Payment };

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Today in Accra, the rental's own calendar (as the server counts days). */
export const today = todayInAccra();
/** The date `n` days from today in Accra (negative: in the past). */
export const day = (n: number) => addDays(today, n);

/**
 * A booking's body as the web app sends it: pay on pickup, to Accra, unless overridden.
 */
export const bookingBody = (
  carId: number,
  start: string,
  end: string,
  overrides: Record<string, unknown> = {},
) => ({
  car_id: carId,
  start_date: start,
  end_date: end,
  destination: 'Accra',
  destination_type: 1,
  payment_method: 'payOnPickup',
  ...overrides,
});

function client(app: App, headers: Record<string, string>): Client {
  const request: Client['request'] = (method, url, payload, extras = {}) =>
    app.inject({
      method,
      url,
      ...extras,
      headers: { ...headers, ...(extras.headers as Record<string, string> | undefined) },
      ...(payload === undefined ? {} : { payload }),
    });
  return {
    headers,
    request,
    get: (url, extras) => request('GET', url, undefined, extras),
    post: (url, payload, extras) => request('POST', url, payload, extras),
    put: (url, payload, extras) => request('PUT', url, payload, extras),
    patch: (url, payload, extras) => request('PATCH', url, payload, extras),
    delete: (url, extras) => request('DELETE', url, undefined, extras),
    async upload(url, parts, extras = {}) {
      const form = await multipartBody(parts);
      return app.inject({
        method: 'POST',
        url,
        ...extras,
        headers: {
          ...headers,
          ...(extras.headers as Record<string, string> | undefined),
          ...form.headers,
        },
        payload: form.body,
      });
    },
    async book(carId, start, end, overrides) {
      const res = await request(
        'POST',
        '/api/bookings/create',
        bookingBody(carId, start, end, overrides),
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as BookingAnswer;
    },
  };
}

/** The API as a browser sees it: `api(ctx.app)`, then `.renter()`, `.staff()` or `.as(user)`. */
export function api(app: App): AnonymousClient {
  const anonymous = client(app, {});
  const smsInbox = async (msisdn: string) => {
    await app.sms.idle();
    const res = await anonymous.get(`/api/sandbox/sms?to=${encodeURIComponent(msisdn)}`);
    if (res.statusCode !== 200) throw new Error(`sandbox inbox: ${res.statusCode} ${res.body}`);
    return (res.json() as { messages: { body: string }[] }).messages.map((m) => m.body);
  };
  const latestSmsCode = async (msisdn: string) => {
    const newest = (await smsInbox(msisdn))[0] ?? '';
    const code = /\b(\d{6})\b/.exec(newest)?.[1];
    if (!code) throw new Error(`no code in the newest message to ${msisdn}: ${newest}`);
    return code;
  };
  const as = async <U extends { msisdn: string; password: string }>(
    user: U,
  ): Promise<SignedIn<U>> => {
    const res = await anonymous.post('/api/auth/login', {
      msisdn: user.msisdn,
      password: user.password,
    });
    // Staff always take a second step (ACCT-22): finished as the person would.
    const body =
      res.statusCode === 202
        ? await finishSecondStep(anonymous, res.json(), user.msisdn, latestSmsCode)
        : res.statusCode === 200
          ? (res.json() as LoginResponse)
          : undefined;
    if (!body) throw new Error(`login failed: ${res.body}`);
    const token = body.access_token;
    return { ...client(app, bearer(token)), user, token };
  };
  return {
    ...anonymous,
    as,
    withToken: (token) => client(app, bearer(token)),
    renter: async (overrides = {}) => as(await insertUser(app.db, overrides)),
    staff: async (overrides = {}) =>
      as(await insertUser(app.db, { name: 'Abena Staff', role: 'staff', ...overrides })),
    async signUp(input = {}) {
      const res = await anonymous.post('/api/auth/register', {
        name: input.name ?? 'Esi Quaye',
        msisdn: input.msisdn ?? buildUser().msisdn,
        password: input.password ?? 'Secret@123',
      });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json() as SignedUp['body'];
      return {
        ...client(app, bearer(body.access_token)),
        msisdn: body.user.msisdn,
        token: body.access_token,
        body,
      };
    },
    smsInbox,
    latestSmsCode,
  };
}

/**
 * What a staff account's authenticator holds, by number, once `as` set it up: the key (to
 * compute codes as the app would) and the recovery codes the setup gave.
 */
export const staffAuthenticators = new Map<string, { secret: string; recoveryCodes: string[] }>();

/**
 * The second step of a sign-in that answered 202 (ACCT-17, ACCT-22), finished as the person
 * would: the SMS code from the sandbox phone; on a first staff sign-in the authenticator's
 * setup, with the code computed from the key shown; later, a code from that key, or one of its
 * recovery codes when the current code was just used (a code works once, ACCT-24).
 */
export async function finishSecondStep(
  anonymous: Client,
  pending: PendingSignInResponse,
  msisdn: string,
  latestSmsCode: (msisdn: string) => Promise<string>,
): Promise<LoginCodeResponse> {
  const finish = async (code: string) => {
    const res = await anonymous.post('/api/auth/login/code', { ticket: pending.ticket, code });
    if (res.statusCode !== 200) throw new Error(`login code refused: ${res.body}`);
    return res.json() as LoginCodeResponse;
  };
  if (pending.step === 'setup') {
    const done = await finish(currentTotpCode(pending.secret));
    staffAuthenticators.set(msisdn, {
      secret: pending.secret,
      recoveryCodes: [...(done.recovery_codes ?? [])],
    });
    return done;
  }
  if (pending.method !== 'totp') return finish(await latestSmsCode(msisdn));
  const kept = staffAuthenticators.get(msisdn);
  const recovery = kept?.recoveryCodes.shift();
  if (!recovery) throw new Error(`no authenticator kept for ${msisdn}`);
  return finish(recovery);
}

/**
 * A fresh car (GH₵ 300 a day unless `car` says otherwise) booked by `renter`, from today for
 * three days, pay on pickup, unless told otherwise.
 */
export async function bookFreshCar(
  app: App,
  renter: Client,
  options: {
    start?: string;
    end?: string;
    car?: Parameters<typeof insertCar>[1];
    overrides?: Record<string, unknown>;
  } = {},
) {
  const car = await insertCar(app.db, { pricePerDayPesewas: 300_00, ...options.car });
  const answer = await renter.book(
    car.id,
    options.start ?? day(0),
    options.end ?? day(2),
    options.overrides,
  );
  return { car, ...answer, code: answer.booking.booking_code };
}

/**
 * A pay-on-pickup booking of a fresh car whose cash staff recorded at the counter (STAFF-6):
 * the state a pickup starts from.
 */
export async function cashPaidBooking(
  app: App,
  staff: Client,
  renter: Client,
  options: Parameters<typeof bookFreshCar>[2] = {},
) {
  const booked = await bookFreshCar(app, renter, options);
  const cash = await staff.post(`/api/admin/bookings/${booked.code}/record-cash`);
  expect(cash.statusCode, cash.body).toBe(200);
  return booked;
}

/** Verified documents on file for `userId` (DOC-5), as staff's check would leave them. */
export async function insertVerifiedDocuments(
  app: App,
  userId: number,
  kinds = ['ghana_card', 'driving_licence'],
) {
  for (const kind of kinds)
    await app.db.insert(customerDocuments).values({
      userId,
      kind,
      status: 'verified',
      fileKey: randomBytes(12).toString('hex'),
      ...(kind === 'ghana_card'
        ? { ghanaCardPin: 'GHA-123456789-0', dateOfBirth: '1990-01-01' }
        : { licenceNumber: 'DL-1', licenceExpiry: day(400) }),
    });
}

/** A renter's document uploaded through the API, as the profile does (DOC-3); the answer's document. */
export async function uploadDocument(
  renter: Client,
  kind: 'ghana_card' | 'driving_licence' = 'ghana_card',
): Promise<{ id: number; image_url: string; kind: string }> {
  const fields =
    kind === 'ghana_card'
      ? { kind, ghana_card_pin: 'GHA-123456789-0', date_of_birth: '1990-05-01' }
      : { kind, licence_number: 'DL-0012345', licence_expiry: day(400) };
  const res = await renter.upload('/api/documents', [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    {
      name: 'file',
      value: await makeImage('jpeg', 320, 200),
      filename: 'card.jpg',
      type: 'image/jpeg',
    },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().document;
}
