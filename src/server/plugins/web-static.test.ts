import Fastify from 'fastify';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { Car } from '../../shared/schemas/cars';
import {
  CAR_PAGE_LIMIT,
  carIdOf,
  carPageOf,
  createCarPages,
  pickEncoding,
  webStaticPlugin,
} from './web-static';
import { contentSecurityPolicyFor, withFirstPaint } from './page-html';
import { buildRouteShells, type RouteAssets } from './route-shells';

const index =
  '<html><head><script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor.js"></head><body><div id="root"></div></body></html>';
// The build's files: Vite's manifest (the server reads the stylesheets it names) and each
// route's chunks (scripts/build-web.mjs's routes.json).
const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'] },
  '_vendor.js': { file: 'assets/vendor.js' },
  'app/routes/login.tsx': { file: 'assets/login.js', imports: ['_vendor.js'] },
};
const routes: RouteAssets[] = [
  { path: '/', scripts: ['assets/home.js'], styles: ['assets/home.css'] },
  { path: '/login', scripts: ['assets/login.js'], styles: [] },
  { path: '/404', scripts: ['assets/not-found-x.js'], styles: [] },
  { path: '*', scripts: ['assets/not-found-x.js'], styles: [] },
];
const prerendered = {
  '/': '<main><h1>Find The Perfect Ride</h1></main>',
  '/login': '<main><h1>Welcome back</h1><form><input name="phone"></form></main>',
  '/404': '<main><h1>Lost?</h1></main>',
  '*': '<main><h1>Lost?</h1></main>',
};

describe('carIdOf', () => {
  it.each([
    ['/car-details?id=1', 1],
    ['/car-details?id=42&from=home', 42],
    ['/car-details?from=home&id=7', 7],
    ['/car-details?id=2147483647', 2_147_483_647],
    // The page reads the first one, as URLSearchParams does.
    ['/car-details?id=3&id=4', 3],
  ])('%s → %s', (url, id) => {
    expect(carIdOf(url)).toBe(id);
  });

  it.each([
    '/car-details',
    '/car-details?id=',
    '/car-details?id=abc',
    '/car-details?id=0',
    '/car-details?id=-1',
    '/car-details?id=1.5',
    '/car-details?id=01',
    '/car-details?id=1e3',
    '/car-details?id=%31%00',
    '/car-details?id=2147483648',
    '/car-details?id=99999999999999999999',
    '/car-details?car=1',
  ])('%s → no car', (url) => {
    expect(carIdOf(url)).toBeNull();
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['GZIP', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['br;q=0, gzip;q=0', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('webStaticPlugin', () => {
  const root = mkdtempSync(join(tmpdir(), 'carlink-web-static-'));
  mkdirSync(join(root, '.vite'));
  writeFileSync(join(root, 'index.html'), index);
  writeFileSync(join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(root, '.vite', 'routes.json'), JSON.stringify(routes));
  writeFileSync(join(root, '.vite', 'prerender.json'), JSON.stringify(prerendered));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  async function appServing() {
    const app = Fastify();
    await app.register(webStaticPlugin, { root });
    app.setNotFoundHandler((request, reply) => app.sendWebApp!(reply, request.url.split('?')[0]!));
    return app;
  }

  it('sends a page compressed in the best encoding the browser takes, never cached', async () => {
    const app = await appServing();
    const br = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(
      withFirstPaint(buildRouteShells(index, routes).get('/login')!, prerendered['/login']),
    );

    const gzip = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(
      brotliDecompressSync(br.rawPayload).toString(),
    );

    const plain = await app.inject({ url: '/login', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(gunzipSync(gzip.rawPayload).toString());
    await app.close();
  });
});

describe('carPageOf', () => {
  it.each([
    ['/car-details?id=5', { pattern: '/car-details', id: 5, href: '/car-details?id=5' }],
    ['/Car-Details/?x=1&id=5', { pattern: '/car-details', id: 5, href: '/car-details?id=5' }],
    [
      '/inventory-page-single-v1/12',
      { pattern: '/inventory-page-single-v1/:id', id: 12, href: '/inventory-page-single-v1/12' },
    ],
    [
      '/Inventory-Page-Single-V5/3/?ref=x',
      { pattern: '/inventory-page-single-v5/:id', id: 3, href: '/inventory-page-single-v5/3' },
    ],
  ])('%s → that car on that page', (url, expected) => {
    expect(carPageOf(url)).toEqual(expected);
  });

  it.each([
    '/car-details',
    '/car-details?id=01',
    '/inventory-page-single-v4/1',
    '/inventory-page-single-v1/01',
    '/inventory-page-single-v1/0',
    '/inventory-page-single-v1/2147483648',
    '/inventory-page-single-v1/1/more',
    '/inventory-page-single-v1',
    '/about',
  ])('%s → none', (url) => {
    expect(carPageOf(url)).toBeNull();
  });
});

describe('webStaticPlugin: /car-details?id= of a car in the fleet', () => {
  const carManifest = {
    ...manifest,
    'app/routes/car-details.tsx': {
      file: 'assets/car-details.js',
      css: ['assets/car-details.css'],
    },
  };
  const carRoutes: RouteAssets[] = [
    ...routes,
    {
      path: '/car-details',
      scripts: ['assets/car-details.js'],
      styles: ['assets/car-details.css'],
    },
    {
      path: '/inventory-page-single-v1/:id',
      scripts: ['assets/single-v1.js'],
      styles: ['assets/car-details.css'],
    },
  ];
  const loading = '<main><p>Loading the car…</p></main>';
  const root = mkdtempSync(join(tmpdir(), 'carlink-web-static-car-'));
  mkdirSync(join(root, '.vite', 'ssr'), { recursive: true });
  writeFileSync(join(root, 'index.html'), index);
  writeFileSync(join(root, '.vite', 'manifest.json'), JSON.stringify(carManifest));
  writeFileSync(join(root, '.vite', 'routes.json'), JSON.stringify(carRoutes));
  writeFileSync(
    join(root, '.vite', 'prerender.json'),
    JSON.stringify({ ...prerendered, '/car-details': loading }),
  );
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'car-details.css'), '.gallery{aspect-ratio:924/550}');
  // A stand-in for src/web/prerender.tsx's renderer: like React, it puts the photo's preload
  // first. It counts its renders, and fails for car 13.
  writeFileSync(join(root, '.vite', 'ssr', 'package.json'), '{ "type": "module" }');
  writeFileSync(
    join(root, '.vite', 'ssr', 'prerender.js'),
    `export async function prerenderCarPage(url, car) {
      globalThis.carRenders = (globalThis.carRenders ?? 0) + 1;
      if (car.id === 13) throw new Error('render failed');
      const src = '/' + car.images[0].image_url;
      const layout = url.startsWith('/car-details') ? '' : ' at ' + url;
      return '<link rel="preload" as="image" href="' + src + '" fetchPriority="high"/>' +
        '<main><h1>Car number ' + car.id + layout + '</h1><img src="' + src + '" width="924" height="550"></main>';
    }`,
  );
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const carOf = (id: number, overrides: Partial<Car> = {}): Car => ({
    id,
    title: `2022 Toyota Land Cruiser ${id}`,
    make: 'Toyota',
    model: 'Land Cruiser',
    year: 2022,
    description: 'Seven seats.',
    price: 3200,
    oldPrice: null,
    images: [{ image_url: `media/demo/suv-${id}-0.svg`, alt: 'Side view' }],
    transmission: 'automatic',
    no_of_doors: 5,
    seat_capacity: 7,
    has_airconditioning: true,
    has_bluetooth: true,
    usb_charger: false,
    body_type: 'suv',
    fuel_type: 'diesel',
    colour: 'White',
    location: { city: 'Accra', lat: 5.6, long: -0.2 },
    branch: { id: 1, name: 'East Legon office', town: 'Accra' },
    weekly_price: null,
    deposit: 200,
    ...overrides,
  });
  const renders = () => (globalThis as { carRenders?: number }).carRenders ?? 0;

  /** The app with the catalogue's read path (findCar looks a car up in a snapshot's byId). */
  async function appWithFleet(fleet: Car[]) {
    const snapshot = { byId: new Map(fleet.map((car) => [car.id, car])) };
    const app = Fastify();
    app.decorate('carCatalogue', { current: async () => snapshot } as never);
    await app.register(webStaticPlugin, { root });
    app.setNotFoundHandler((request, reply) => app.sendWebApp!(reply, request.url.split('?')[0]!));
    return { app, snapshot };
  }
  const get = (app: Awaited<ReturnType<typeof appWithFleet>>['app'], url: string) =>
    app.inject({ url, headers: { 'accept-encoding': 'identity' } });
  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
  const dataCarOf = (html: string) => {
    const attribute = /<div inert data-car="([^"]*)">/.exec(html)?.[1];
    if (attribute === undefined) return undefined;
    const decoded = attribute.replace(
      /&(quot|#39|lt|gt|amp);/g,
      (_, name: string) => ({ quot: '"', '#39': "'", lt: '<', gt: '>', amp: '&' })[name]!,
    );
    return JSON.parse(decoded) as unknown;
  };

  it("renders the car's page: its photo preloaded from <head> at high priority, and the car for the app", async () => {
    const car = carOf(1);
    const { app } = await appWithFleet([car, carOf(2)]);
    const response = await get(app, '/car-details?id=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    // Per car, and a car changes: never served from a cache without asking.
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(headOf(html)).toContain(
      '<link rel="preload" as="image" href="/media/demo/suv-1-0.svg" fetchPriority="high"/>',
    );
    expect(html).toContain(
      '<h1>Car number 1</h1><img src="/media/demo/suv-1-0.svg" width="924" height="550">',
    );
    expect(html).not.toContain(loading);
    expect(dataCarOf(html)).toEqual(car);
    // The page's own scripts and styles, as for any /car-details URL: the styles in the page,
    // allowed by the page's CSP, and the scripts asked for once it has been painted.
    const style = '.gallery{aspect-ratio:924/550}';
    expect(headOf(html)).toContain(
      `<style>${style}</style><link rel="stylesheet" crossorigin href="/assets/car-details.css" disabled>`,
    );
    expect(headOf(html)).toMatch(/<script>[^<]*"\/assets\/car-details\.js"[^<]*<\/script>/);
    expect(response.headers['content-security-policy']).toContain(
      `'sha256-${createHash('sha256').update(style).digest('base64')}'`,
    );
    expect(response.headers['content-security-policy']).toBe(contentSecurityPolicyFor(html));

    const other = await get(app, '/car-details/?ID=2&id=2');
    expect(other.body).toContain('<h1>Car number 2</h1>');
    await app.close();
  });

  it("renders an inventory single-car page with its car, in that route's shell", async () => {
    const car = carOf(3);
    const { app } = await appWithFleet([car]);
    const html = (await get(app, '/inventory-page-single-v1/3')).body;
    expect(html).toContain('<h1>Car number 3 at /inventory-page-single-v1/3</h1>');
    expect(headOf(html)).toContain('href="/media/demo/suv-3-0.svg" fetchPriority="high"');
    expect(headOf(html)).toContain('"/assets/single-v1.js"');
    expect(headOf(html)).not.toContain('"/assets/car-details.js"');
    expect(dataCarOf(html)).toEqual(car);
    // The same car on /car-details is its own page (its own layout and chunks).
    const details = (await get(app, '/car-details?id=3')).body;
    expect(details).toContain('<h1>Car number 3</h1>');
    expect(headOf(details)).toContain('"/assets/car-details.js"');
    // A car not in the fleet: the route's page without a car (the app shows not found).
    const missing = (await get(app, '/inventory-page-single-v1/4')).body;
    expect(missing).not.toContain('data-car');
    expect(missing).not.toContain('Car number');
    await app.close();
  });

  it('sends the loading page, without a car, for an id that is no car or not in the fleet', async () => {
    const { app } = await appWithFleet([carOf(1)]);
    const plain = await get(app, '/car-details');
    expect(plain.body).toContain(loading);
    for (const url of [
      '/car-details?id=abc',
      '/car-details?id=2',
      '/car-details?id=0',
      '/car-details?id=1e0',
    ]) {
      const response = await get(app, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(plain.body);
      expect(response.body, url).not.toContain('data-car');
      expect(response.body, url).not.toContain('rel="preload"');
    }
    await app.close();
  });

  it("escapes the car's text where the server puts it in the HTML", async () => {
    const make = `</div><script>alert("make")</script>'"&`;
    const car = carOf(5, {
      make,
      description: '"><img src=x onerror=alert(1)>',
      images: [{ image_url: 'media/x.svg', alt: `"><script>alert('alt')</script>` }],
    });
    const { app } = await appWithFleet([car]);
    const html = (await get(app, '/car-details?id=5')).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<\/div>/g)?.length).toBe(index.match(/<\/div>/g)!.length + 1);
    // …and the app gets it back as it was.
    expect(dataCarOf(html)).toEqual(car);
    await app.close();
  });

  it('renders a car once, and again when the catalogue has changed it', async () => {
    const { app, snapshot } = await appWithFleet([carOf(7)]);
    const before = renders();
    const first = (await get(app, '/car-details?id=7')).body;
    expect((await get(app, '/car-details?id=7')).body).toBe(first);
    expect(renders()).toBe(before + 1);

    // A new snapshot has new car objects.
    snapshot.byId.set(7, carOf(7, { images: [{ image_url: 'media/new.svg', alt: 'New photo' }] }));
    expect(headOf((await get(app, '/car-details?id=7')).body)).toContain('href="/media/new.svg"');
    expect(renders()).toBe(before + 2);
    await app.close();
  });

  it('sends the loading page when the render fails, without trying again on every request', async () => {
    const { app } = await appWithFleet([carOf(13)]);
    const before = renders();
    for (let i = 0; i < 3; i++) {
      const response = await get(app, '/car-details?id=13');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(loading);
    }
    expect(renders()).toBe(before + 1);
    await app.close();
  });

  it('compresses a car page like any other page', async () => {
    const { app } = await appWithFleet([carOf(1)]);
    const plain = (await get(app, '/car-details?id=1')).body;
    const br = await app.inject({ url: '/car-details?id=1', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await app.inject({
      url: '/car-details?id=1',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    await app.close();
  });

  it('keeps the pages of the last CAR_PAGE_LIMIT cars asked for, not the first ones', async () => {
    const rendered: number[] = [];
    const renderPage = createCarPages(
      {
        prerenderCarPage: async (_url, car) => {
          rendered.push(car.id);
          return `<main><h1>${car.title}</h1></main>`;
        },
      },
      { warn: () => undefined },
    );
    const pageOf = (car: Car) =>
      renderPage({ href: `/car-details?id=${car.id}`, shell: index }, car);
    const fleet = Array.from({ length: CAR_PAGE_LIMIT + 1 }, (_, i) => carOf(i + 1));
    // Every page once, except the last car; then the first car again, so it is used recently.
    for (const car of fleet.slice(0, CAR_PAGE_LIMIT)) await pageOf(car);
    await pageOf(fleet[0]!);
    // One car more than the bound: the second car (asked for least recently) makes room.
    await pageOf(fleet[CAR_PAGE_LIMIT]!);
    rendered.length = 0;
    await pageOf(fleet[0]!);
    await pageOf(fleet[2]!);
    await pageOf(fleet[1]!);
    expect(rendered).toEqual([2]);
  });
});
