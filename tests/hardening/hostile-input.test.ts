import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertCar } from '../../src/server/db/factories';
import { addDays, todayInAccra } from '../../src/shared/dates';
import { setupRecordedApp, userWithToken, type Endpoint } from './support/in-process-app';

/**
 * Hostile input (API-2, API-3): property-based fuzzing (fast-check) of every route's body, query
 * and path parameters, the route list taken from the server itself. Whatever arrives, the
 * answer is not a 5xx, errors have our shape (`{ message, errors? }`) and give nothing away
 * (no stack, no SQL, no driver text), and the app is still up afterwards.
 *
 * HARDENING_FUZZ_RUNS sets the runs per route (default 20; a failure prints the
 * seed and the shrunk counterexample, which `fc.assert(…, { seed, path })` replays).
 *
 * Found and fixed on the way: a lone '%' in a URL or an over-long path parameter was answered
 * by Fastify itself, in its own shape with the URL echoed (frameworkErrors in app.ts now).
 *
 * Shown to catch (deliberately broken variants, run once):
 * - isIsoDate() accepting any dddd-dd-dd: a day that does not exist ('2026-11-31') reached
 *   PostgreSQL and the quote answered 500; found in 5 runs out of 5 at the default 20 runs;
 * - the JSON body parser swapped for a bare JSON.parse: a body starting with a byte-order mark
 *   answered 500, on 10 routes;
 * - that date variant plus an error handler answering unexpected errors 400 with their
 *   message: the leak check failed on "Failed query: select 1 from \"bookings\" …".
 */
const RUNS = Number(process.env.HARDENING_FUZZ_RUNS ?? 20);

const { app, db, endpoints } = await setupRecordedApp();
const renter = await userWithToken(app);
const staff = await userWithToken(app, 'staff');
const car = await insertCar(db);
const today = todayInAccra();

/** Field names a schema declares (zod objects, pipes, and plain JSON schemas), so values land where code reads them. */
function fieldsOf(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 4) return [];
  const s = schema as {
    shape?: Record<string, unknown>;
    properties?: Record<string, unknown>;
    _zod?: { def?: Record<string, unknown> };
  };
  if (s.shape && typeof s.shape === 'object') return Object.keys(s.shape);
  if (s.properties && typeof s.properties === 'object') return Object.keys(s.properties);
  const def = s._zod?.def;
  return def ? fieldsOf(def.in ?? def.innerType ?? def.schema, depth + 1) : [];
}

// Values a client might plausibly send: with them, validation passes often enough for the
// hostile value next to them to reach the handler and the database.
const plausible = fc.constantFrom<unknown>(
  car.id,
  String(car.id),
  addDays(today, 5),
  addDays(today, 7),
  1,
  2,
  'mtn',
  'payOnPickup',
  'mobile_money',
  'approve',
  '0244123456',
  'Secret@123',
  'Kofi',
  'kofi@example.com',
  'Accra',
  true,
);

/**
 * Days that do not exist, just after today (so no other rule, such as "not in the past" or
 * "at most 90 days", turns them away first): the 31st of a 30-day month, February 29th in a
 * common year, a 32nd, a 13th month. Plus malformed and far-off ones.
 */
function daysThatDoNotExist(from: string): string[] {
  const [y, m] = from.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = 0; i < 4; i++) {
    const year = y + Math.floor((m - 1 + i) / 12);
    const month = ((m - 1 + i) % 12) + 1;
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    out.push(`${year}-${String(month).padStart(2, '0')}-${last + 1}`);
  }
  out.push(`${y}-13-01`, `${y + 1}-02-30`, `${y + 1}-04-31`);
  return out;
}
const impossibleDates = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...daysThatDoNotExist(today)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '2026-02-30',
      '2025-02-29',
      '0000-00-00',
      '9999-12-31',
      '275760-09-14',
      '2026-1-1',
      '2026-02-28T25:61:61Z',
      '20260230',
      '2026-02-30\u0000',
    ),
  },
);

const nastyStrings = fc.constantFrom(
  '',
  ' ',
  'null',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  '9'.repeat(400),
  '__proto__',
  'constructor',
  "' OR '1'='1' --",
  '"; drop table bookings; --',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil',
  '😀'.repeat(300),
  'a'.repeat(70_000),
  '<script>alert(1)</script>',
);

const hugeNumbers = fc.constantFrom(
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  2 ** 63,
  -(2 ** 31) - 1,
  5e-324,
  -0,
  0.1 + 0.2,
  1.5,
);

const hostileScalar = fc.oneof(
  impossibleDates,
  nastyStrings,
  hugeNumbers,
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ minLength: 2_000, maxLength: 6_000 }),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', ''),
  fc.string({ maxLength: 12 }),
);

const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileScalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
  ),
}));

/** Arrays and objects nested deeper than any parser or validator expects. */
const deepNesting = fc.integer({ min: 50, max: 3_000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});

/** A valid value for the field names the API uses, so most of a request passes validation. */
const VALID: Record<string, unknown> = {
  car_id: car.id,
  start_date: addDays(today, 5),
  end_date: addDays(today, 7),
  from: addDays(today, 5),
  to: addDays(today, 7),
  destination: 'Accra',
  destination_type: 1,
  payment_method: 'payOnPickup',
  network: 'mtn',
  wallet_msisdn: '0244123456',
  msisdn: '0244123456',
  phone: '0244123456',
  password: 'Secret@123',
  password_confirmation: 'Secret@123',
  name: 'Kofi Mensah',
  first_name: 'Kofi',
  last_name: 'Mensah',
  email: 'kofi@example.com',
  decision: 'approve',
  page: 1,
  limit: 8,
  make: 'Toyota',
  model: 'Corolla',
  year: 2021,
  q: 'toyota',
  note: 'Please call first',
  reason: 'Servicing',
  amount: 500,
};

/** A value that should be refused, shaped for the field: impossible days for dates, huge numbers for ids and amounts. */
function hostileFor(name: string) {
  if (/date|^from$|^to$/.test(name))
    return fc.oneof(
      { weight: 4, arbitrary: impossibleDates },
      { weight: 1, arbitrary: hostileValue },
    );
  if (/_id$|^id$|before|page|limit|price|year|seats|amount|type$/.test(name))
    return fc.oneof(hugeNumbers, hugeNumbers.map(String), hostileValue);
  return fc.oneof(hostileValue, deepNesting);
}

/**
 * The route's own fields, all valid but one or two, each of those hostile or missing: one bad
 * field among good ones gets past validation's first refusal and down to the handler and the
 * database, where a crash would be.
 */
function fieldsFor(fields: string[]) {
  if (!fields.length) return fc.constant({} as Record<string, unknown>);
  const valid = fc.record(
    Object.fromEntries(fields.map((f) => [f, f in VALID ? fc.constant(VALID[f]) : plausible])),
  );
  const bad = fc
    .subarray(fields, { minLength: 1, maxLength: Math.min(2, fields.length) })
    .chain((chosen) =>
      fc.record(
        Object.fromEntries(
          chosen.map((f) => [
            f,
            fc.oneof(
              { weight: 4, arbitrary: hostileFor(f) },
              { weight: 1, arbitrary: fc.constant(undefined) },
            ),
          ]),
        ),
      ),
    );
  return fc.tuple(valid, bad).map(([good, worse]) => {
    const merged: Record<string, unknown> = { ...good, ...worse };
    for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
    return merged;
  });
}

/** A body: the route's own fields (see fieldsFor) plus stray keys; or something else entirely. */
function bodyFor(endpoint: Endpoint) {
  const known = fieldsFor(fieldsOf(endpoint.schema?.body));
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(known, fc.dictionary(hostileKey, hostileValue, { maxKeys: 2 }))
        .map(([a, b]) => ({ ...b, ...a })),
    },
    { weight: 1, arbitrary: hostileValue },
    { weight: 1, arbitrary: deepNesting },
  );
}

/** A query string: the route's own parameters and strays, repeated keys, broken escapes. */
function queryFor(endpoint: Endpoint) {
  const fields = fieldsOf(endpoint.schema?.querystring);
  const scalar = (v: unknown) =>
    typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
  const own = fieldsFor(fields).map((record) =>
    Object.fromEntries(Object.entries(record).map(([k, v]) => [k, scalar(v)])),
  );
  const value = fc.oneof(
    plausible.map(String),
    impossibleDates,
    nastyStrings,
    fc.string({ unit: 'binary', maxLength: 40 }),
    hugeNumbers.map(String),
  );
  const strays = fc.array(
    fc.tuple(hostileKey, fc.oneof(value, fc.array(value, { minLength: 2, maxLength: 3 }))),
    { maxLength: 3 },
  );
  const encoded = fc.tuple(own, strays).map(([fieldsPart, pairs]) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(fieldsPart)) params.append(k, v);
    for (const [k, v] of pairs) for (const item of [v].flat()) params.append(k, item);
    return params.toString();
  });
  const raw = fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%00',
    '&&&==',
    'a[b][c]=d',
    '__proto__[role]=staff',
    'constructor[prototype][x]=1',
    `page=${'9'.repeat(500)}`,
  );
  return fc.oneof({ weight: 5, arbitrary: encoded }, { weight: 1, arbitrary: raw });
}

/** Every byte of the UTF-8 form escaped but letters and digits (a lone surrogate becomes U+FFFD, as a browser sends it). */
const percentEncode = (value: string) =>
  [...Buffer.from(value, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** A path: each parameter plausible or hostile, percent-encoded, sometimes badly. */
function pathFor(endpoint: Endpoint) {
  const names = [...endpoint.url.matchAll(/:(\w+)|\*/g)];
  const segment = fc.oneof(
    plausible.map((v) => percentEncode(String(v))),
    fc
      .oneof(
        impossibleDates,
        nastyStrings,
        hugeNumbers.map(String),
        fc.string({ unit: 'binary', maxLength: 40 }),
      )
      .map((v) => percentEncode(v.slice(0, 300))),
    fc.constantFrom('%', '%E0%A4%A', '%2e%2e%2f%2e%2e', '..', '%00', 'CL-AAAAAA', 'x'.repeat(250)),
  );
  return fc.tuple(...names.map(() => segment)).map((values) => {
    let i = 0;
    return endpoint.url.replace(/:(\w+)|\*/g, () => values[i++]!);
  });
}

const caller = fc.constantFrom<Record<string, string>>({}, renter.headers, staff.headers);
const remoteAddress = fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `10.66.${a}.${b}`);
/** A stack frame, a source path, SQL as Drizzle prints it, a driver or runtime error name. */
const LEAKS =
  /\bat \S+ \(|node_modules|\/src\/|Failed query|\bselect\s[^\n]{0,200}\sfrom\s+"|\binsert into\s+"|\bupdate\s+"\w+"\s+set\b|SQLSTATE|ZodError|TypeError|RangeError|ReferenceError|\bpg_|drizzle/i;

async function expectCleanAnswer(label: string, request: InjectOptions) {
  const res = await app.inject(request);
  const where = `${label}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(String(res.headers['content-type']), where).toMatch(/^application\/json/);
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(typeof body.message, where).toBe('string');
    expect(
      Object.keys(body).filter((k) => k !== 'message' && k !== 'errors'),
      where,
    ).toEqual([]);
    expect(res.body, where).not.toMatch(LEAKS);
  }
  return res;
}

// Fuzzing the documentation's static files and OpenAPI renderings finds nothing but costs time.
const targets = endpoints.filter((e) => !e.url.startsWith('/api/docs'));

describe('hostile input (API-3): no 5xx, no crash, nothing leaked', () => {
  it('fuzzes every route', () => {
    expect(targets.length).toBeGreaterThan(30);
  });

  for (const endpoint of targets) {
    const hasBody = !['GET', 'DELETE'].includes(endpoint.method);
    it(`${endpoint.name}: path parameters, query and body`, async () => {
      await fc.assert(
        fc.asyncProperty(
          pathFor(endpoint),
          queryFor(endpoint),
          hasBody ? bodyFor(endpoint) : fc.constant(undefined),
          caller,
          remoteAddress,
          async (path, query, body, headers, ip) => {
            await expectCleanAnswer(endpoint.name, {
              method: endpoint.method as 'GET',
              url: `${path}?${query}`,
              headers,
              remoteAddress: ip,
              ...(body === undefined
                ? {}
                : {
                    payload: JSON.stringify(body),
                    headers: { ...headers, 'content-type': 'application/json' },
                  }),
            });
          },
        ),
        { numRuns: RUNS },
      );
    });
  }

  /** A photo upload cut off part-way, as a dropped mobile connection leaves it. */
  const truncatedUpload = (field: string, before: [string, string]) =>
    Buffer.concat([
      Buffer.from(
        `--x\r\nContent-Disposition: form-data; name="${before[0]}"\r\n\r\n${before[1]}\r\n` +
          `--x\r\nContent-Disposition: form-data; name="${field}"; filename="a.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
    ]);
  // The file fields of the upload routes: car photos, renters' documents, handover photos.
  const UPLOAD_FIELDS: [string, [string, string]][] = [
    ['file', ['alt', 'Front']],
    ['front', ['type', 'ghana_card']],
    ['photos', ['data', '{}']],
  ];

  // Bytes no JSON encoder would produce, and bodies in the wrong clothes. `refused`: whatever
  // the route, the answer is a refusal, never a 2xx that stored a mangled reading.
  const RAW_PAYLOADS: { name: string; payload: Buffer | string; type?: string; refused?: true }[] =
    [
      {
        name: 'invalid UTF-8',
        refused: true,
        payload: Buffer.from([
          0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d,
        ]),
      },
      {
        name: 'truncated multi-byte',
        refused: true,
        payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe2, 0x82, 0x22, 0x7d]),
      },
      {
        name: 'byte-order mark',
        payload: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]),
      },
      { name: 'NUL bytes', payload: Buffer.from('{"a":"\u0000"}\u0000\u0000') },
      { name: 'deep arrays', payload: '['.repeat(20_000) + ']'.repeat(20_000) },
      { name: 'deep objects', payload: '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000) },
      { name: 'unclosed nesting', payload: '{"a":['.repeat(5_000) },
      { name: 'huge exponent', payload: '{"car_id":1e999,"destination_type":-1e999,"page":1e400}' },
      { name: 'long integer', payload: `{"car_id":${'9'.repeat(5_000)}}` },
      { name: 'duplicate keys', payload: '{"car_id":1,"car_id":"x","car_id":{"$gt":0}}' },
      {
        name: '__proto__ key',
        payload: '{"__proto__":{"role":"staff","isAdmin":true},"name":"x"}',
      },
      { name: 'constructor.prototype', payload: '{"constructor":{"prototype":{"role":"staff"}}}' },
      { name: 'not JSON', payload: "{car_id: 1, 'dates': [2026-02-30]}" },
      { name: 'bare scalar', payload: '"2026-02-30"' },
      { name: 'empty', payload: '' },
      {
        name: 'form-encoded',
        payload: 'car_id=1&start_date=2026-02-30',
        type: 'application/x-www-form-urlencoded',
      },
      {
        name: 'multipart',
        payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
        type: 'multipart/form-data; boundary=x',
      },
      {
        name: 'broken multipart',
        payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.webp"\r\n\r\n',
        type: 'multipart/form-data; boundary=x',
      },
      ...UPLOAD_FIELDS.map(([field, before]) => ({
        name: `truncated multipart (${field})`,
        payload: truncatedUpload(field, before),
        type: 'multipart/form-data; boundary=x',
        refused: true as const,
      })),
      {
        name: 'huge integers',
        payload: `{"car_id":2147483648,"id":9007199254740993,"amount":1e21,"before":${2 ** 63}}`,
      },
      { name: 'text', payload: 'hello', type: 'text/plain' },
      {
        name: 'JSON as latin1',
        payload: Buffer.from('{"name":"Ama \xe9"}', 'latin1'),
        type: 'application/json; charset=latin1',
      },
      { name: 'odd content type', payload: '{}', type: 'application/json\u0007; x=' },
    ];

  for (const endpoint of targets.filter((e) => !['GET', 'DELETE'].includes(e.method))) {
    it(`${endpoint.name}: raw payloads (bad UTF-8, deep nesting, huge numbers, wrong content types)`, async () => {
      const path = endpoint.url.replace(/:(\w+)|\*/g, (_, name: string | undefined) =>
        name === 'code' ? 'CL-AAAAAA' : String(car.id),
      );
      for (const headers of [renter.headers, staff.headers]) {
        for (const raw of RAW_PAYLOADS) {
          const res = await expectCleanAnswer(`${endpoint.name} ${raw.name}`, {
            method: endpoint.method as 'POST',
            url: path,
            headers: { ...headers, 'content-type': raw.type ?? 'application/json' },
            payload: raw.payload,
            remoteAddress: `10.65.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          });
          if (raw.refused)
            expect(res.statusCode, `${endpoint.name} ${raw.name}`).toBeGreaterThanOrEqual(400);
        }
      }
    });
  }

  it('is still up and answering afterwards', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const cars = await app.inject({ method: 'GET', url: '/api/get/cars' });
    expect(cars.statusCode).toBe(200);
  });
});
