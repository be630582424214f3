import { describe, expect, test } from 'vitest';
import { firstLoadScripts, routeAssets, routePages, type ViteManifest } from './route-assets';

// A client build's manifest, cut down: the entry, a shared vendor chunk, two pages sharing a
// chunk, and the not-found page merged into a chunk the console imports too.
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    css: ['assets/index.css'],
    dynamicImports: [
      'app/routes/booking-history.tsx',
      'app/routes/booking-view.tsx',
      '_not-found-x.js',
    ],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_booking-card.js': {
    file: 'assets/booking-card.js',
    imports: ['_vendor.js'],
    css: ['assets/booking-card.css'],
  },
  'app/routes/booking-history.tsx': {
    file: 'assets/booking-history.js',
    src: 'app/routes/booking-history.tsx',
    imports: ['index.html', '_booking-card.js'],
  },
  'app/routes/booking-view.tsx': {
    file: 'assets/booking-view.js',
    src: 'app/routes/booking-view.tsx',
    imports: ['index.html', '_booking-card.js'],
    css: ['assets/booking-detail.css'],
  },
  '_not-found-x.js': { file: 'assets/not-found-x.js', name: 'not-found', imports: ['index.html'] },
};

describe("each route's chunks", () => {
  test('a route gets its own page chunk and what that imports, not the entry', () => {
    const [list, one] = routeAssets(
      [
        { path: '/booking-history', page: 'booking-history' },
        { path: '/booking-history/:code', page: 'booking-view' },
      ],
      manifest,
    );
    expect(list).toEqual({
      path: '/booking-history',
      scripts: ['assets/booking-history.js', 'assets/booking-card.js'],
      styles: ['assets/booking-card.css'],
    });
    expect(one).toEqual({
      path: '/booking-history/:code',
      scripts: ['assets/booking-view.js', 'assets/booking-card.js'],
      styles: ['assets/booking-detail.css', 'assets/booking-card.css'],
    });
  });

  test('a page the bundler merged into a shared chunk is found by its name', () => {
    expect(routeAssets([{ path: '*', page: 'not-found' }], manifest)).toEqual([
      { path: '*', scripts: ['assets/not-found-x.js'], styles: [] },
    ]);
  });

  test('the build fails for a route whose page has no chunk', () => {
    expect(() => routeAssets([{ path: '/gone', page: 'gone' }], manifest)).toThrow(
      /no chunk for src\/web\/app\/routes\/gone\.tsx/,
    );
  });
});

describe("each route's page module", () => {
  const Home = () => null;
  const BookingView = () => null;
  const modules = {
    './routes/home.tsx': async () => ({ default: Home }),
    './routes/booking-view.tsx': async () => ({ default: BookingView }),
  };

  test('is found by what the route loads', async () => {
    expect(
      await routePages(
        [
          { path: '/', load: async () => ({ default: Home }) },
          { path: '/booking-history/:code', load: async () => ({ default: BookingView }) },
        ],
        modules,
      ),
    ).toEqual([
      { path: '/', page: 'home' },
      { path: '/booking-history/:code', page: 'booking-view' },
    ]);
  });

  test('a route that loads no page module fails', async () => {
    await expect(
      routePages([{ path: '/x', load: async () => ({ default: () => null }) }], modules),
    ).rejects.toThrow(/route \/x loads no page module/);
  });
});

describe("a route's first-load scripts", () => {
  test('are the entry, what it imports, and the route’s own chunks, each once', () => {
    const [history] = routeAssets(
      [{ path: '/booking-history', page: 'booking-history' }],
      manifest,
    );
    expect(firstLoadScripts(manifest, history!)).toEqual([
      'assets/index.js',
      'assets/vendor.js',
      'assets/booking-history.js',
      'assets/booking-card.js',
    ]);
  });
});
