import { describe, expect, it } from 'vitest';
import {
  buildRouteShells,
  createPageResolver,
  findRoute,
  matchScore,
  type RouteAssets,
} from './route-shells';

const index =
  '<html><head><script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor.js"></head><body><div id="root"></div></body></html>';
// As scripts/build-web.mjs writes .vite/routes.json (the app's real patterns).
const routes: RouteAssets[] = [
  {
    path: '/',
    scripts: ['assets/home.js', 'assets/grid.js', 'assets/vendor.js'],
    styles: ['assets/home.css', 'assets/grid.css'],
  },
  { path: '/login', scripts: ['assets/login.js'], styles: [] },
  { path: '/booking-history', scripts: ['assets/booking-history.js'], styles: [] },
  {
    path: '/booking-history/:code',
    scripts: ['assets/booking-view.js'],
    styles: ['assets/booking-detail.css'],
  },
  { path: '/404', scripts: ['assets/not-found-x.js'], styles: [] },
  { path: '*', scripts: ['assets/not-found-x.js'], styles: [] },
  { path: '/admin/*', scripts: ['assets/admin.js'], styles: [] },
];
const prerendered = {
  '/': '<main><h1>Find The Perfect Ride</h1></main>',
  '/login': '<main><h1>Welcome back</h1><form><input name="phone"></form></main>',
  '/404': '<main><h1>Lost?</h1></main>',
  '*': '<main><h1>Lost?</h1></main>',
};

describe('matching a URL to its route', () => {
  it.each([
    ['/', '/'],
    ['/login', '/login'],
    ['/LOGIN', '/login'],
    ['/booking-history', '/booking-history'],
    ['/booking-history/BK-7F3A2C', '/booking-history/:code'],
    ['/admin', '/admin/*'],
    ['/admin/bookings/12', '/admin/*'],
    ['/login/elsewhere', '*'],
    ['/booking-history/BK-1/more', '*'],
    ['/no-such-page', '*'],
  ])('%s → %s', (pathname, pattern) => {
    expect(findRoute(routes, pathname)?.path).toBe(pattern);
  });

  it('ranks a static segment over a dynamic one, and a splat last', () => {
    expect(matchScore('/team-single/:id', '/team-single/3')).toBeLessThan(
      matchScore('/team-single/3', '/team-single/3')!,
    );
    expect(matchScore('*', '/x')).toBeLessThan(matchScore('/:any', '/x')!);
    expect(matchScore('/login', '/about')).toBeNull();
  });
});

describe('buildRouteShells', () => {
  const shells = buildRouteShells(index, routes);

  it("names the home page's scripts and styles in the shell for '/'", () => {
    const home = shells.get('/')!;
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/home.js">');
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/grid.js">');
    expect(home).toContain('<link rel="stylesheet" crossorigin href="/assets/home.css">');
    expect(home).toContain('<link rel="stylesheet" crossorigin href="/assets/grid.css">');
    // The entry and the chunks index.html preloads already are not named twice.
    expect(home.match(/index\.js/g)).toHaveLength(1);
    expect(home.match(/vendor\.js/g)).toHaveLength(1);
  });

  it('keys the shells by route pattern, each with only its own chunks', () => {
    const login = shells.get('/login')!;
    expect(login).toContain('/assets/login.js');
    expect(login).not.toContain('/assets/home.js');
    expect([...shells.keys()]).toEqual(routes.map((route) => route.path));
  });
});

describe('createPageResolver', () => {
  const pageFor = createPageResolver(index, routes, prerendered);

  it('serves a prerendered page in its own shell, as the router matches it', () => {
    for (const path of ['/login', '/login/', '/LOGIN']) {
      const html = pageFor(path);
      expect(html, path).toContain('<h1>Welcome back</h1>');
      expect(html, path).toContain('/assets/login.js');
    }
    expect(pageFor('/')).toContain('<h1>Find The Perfect Ride</h1>');
  });

  it("preloads a booking's own page for /booking-history/:code, not the list's", () => {
    const html = pageFor('/booking-history/BK-7F3A2C');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/booking-view.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/booking-detail.css">');
    expect(html).not.toContain('booking-history.js');
    expect(pageFor('/booking-history')).toContain('/assets/booking-history.js');
    expect(pageFor('/booking-history')).not.toContain('booking-view.js');
  });

  it('serves the bare shell where the page was not prerendered', () => {
    const html = pageFor('/admin/bookings');
    expect(html).toContain('/assets/admin.js');
    expect(html).toContain('<div id="root"></div>');
  });

  it('answers a URL only the catch-all route matches with the not-found page', () => {
    for (const path of ['/404', '/no-such-page', '/no-such-page/deeper', '/login/elsewhere']) {
      const html = pageFor(path);
      expect(html, path).toContain('<h1>Lost?</h1>');
      expect(html, path).toContain('/assets/not-found-x.js');
    }
  });

  it('falls back to the shells alone without prerendered pages (a build without them)', () => {
    const bare = createPageResolver(index, routes, {});
    expect(bare('/login')).toContain('<div id="root"></div>');
    expect(bare('/no-such-page')).toContain('/assets/not-found-x.js');
    expect(createPageResolver(index, [], {})('/anything')).toBe(index);
  });
});
