import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildRouteShells,
  createPageResolver,
  pickEncoding,
  webStaticPlugin,
  withFirstPaint,
} from './web-static';

const index =
  '<html><head><script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor.js"></head><body><div id="root"></div></body></html>';
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['app/routes/home.tsx', 'app/routes/login.tsx', '_not-found-x.js'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_grid.js': { file: 'assets/grid.js', imports: ['_vendor.js'], css: ['assets/grid.css'] },
  'app/routes/home.tsx': {
    file: 'assets/home.js',
    imports: ['_grid.js', 'index.html'],
    css: ['assets/home.css'],
  },
  'app/routes/login.tsx': { file: 'assets/login.js', imports: ['_vendor.js'] },
  // A page other modules import as well: the bundler merged it into a shared chunk.
  '_not-found-x.js': { file: 'assets/not-found-x.js', name: 'not-found', imports: ['index.html'] },
};
const prerendered = {
  '/': '<main><h1>Find The Perfect Ride</h1></main>',
  '/login': '<main><h1>Welcome back</h1><form><input name="phone"></form></main>',
  '/404': '<main><h1>Lost?</h1></main>',
  '*': '<main><h1>Lost?</h1></main>',
};

describe('buildRouteShells', () => {
  const shells = buildRouteShells(index, manifest);

  it("names the home page's scripts and styles in the shell for '/'", () => {
    const home = shells.get('')!;
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/home.js">');
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/grid.js">');
    expect(home).toContain('<link rel="stylesheet" crossorigin href="/assets/home.css">');
    expect(home).toContain('<link rel="stylesheet" crossorigin href="/assets/grid.css">');
    // The entry and the chunks index.html preloads already are not named twice.
    expect(home.match(/index\.js/g)).toHaveLength(1);
    expect(home.match(/vendor\.js/g)).toHaveLength(1);
  });

  it('keys other pages by their first URL segment, each with only its own chunks', () => {
    const login = shells.get('login')!;
    expect(login).toContain('/assets/login.js');
    expect(login).not.toContain('/assets/home.js');
    expect([...shells.keys()].sort()).toEqual(['', 'login', 'not-found']);
  });

  it('finds a page the bundler merged into a shared chunk by its name', () => {
    expect(shells.get('not-found')).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/not-found-x.js">',
    );
  });
});

describe('withFirstPaint', () => {
  const page = withFirstPaint(index, '<main><h1>Welcome back</h1></main>');

  it('puts the markup in #root, inert until React replaces it', () => {
    expect(page).toContain(
      '<div id="root"><div inert><main><h1>Welcome back</h1></main></div></div>',
    );
  });

  it('fetches the scripts, no longer needed for the first paint, at low priority', () => {
    expect(page).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index.js">',
    );
    expect(page).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/vendor.js">',
    );
  });

  it('takes the markup literally, dollar signs and all', () => {
    expect(withFirstPaint(index, "<p>GH₵ $& $' per day</p>")).toContain(
      "<div inert><p>GH₵ $& $' per day</p></div>",
    );
  });
});

describe('createPageResolver', () => {
  const pageFor = createPageResolver(index, manifest, prerendered);

  it('serves a prerendered page in its own shell, as the router matches it', () => {
    for (const path of ['/login', '/login/', '/LOGIN']) {
      const html = pageFor(path);
      expect(html, path).toContain('<h1>Welcome back</h1>');
      expect(html, path).toContain('/assets/login.js');
    }
    expect(pageFor('/')).toContain('<h1>Find The Perfect Ride</h1>');
  });

  it('serves the bare shell where the page was not prerendered', () => {
    const html = pageFor('/login/elsewhere');
    expect(html).toContain('/assets/login.js');
    expect(html).toContain('<div id="root"></div>');
  });

  it('answers a URL no page module is named after with the not-found page', () => {
    for (const path of ['/404', '/no-such-page', '/no-such-page/deeper']) {
      const html = pageFor(path);
      expect(html, path).toContain('<h1>Lost?</h1>');
      expect(html, path).toContain('/assets/not-found-x.js');
    }
  });

  it('falls back to the shells alone without prerendered pages (a build without them)', () => {
    const bare = createPageResolver(index, manifest, {});
    expect(bare('/login')).toContain('<div id="root"></div>');
    expect(bare('/no-such-page')).toContain('/assets/not-found-x.js');
    expect(createPageResolver(index, {}, {})('/anything')).toBe(index);
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
      withFirstPaint(buildRouteShells(index, manifest).get('login')!, prerendered['/login']),
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
