import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { todayInAccra } from '../../shared/dates';
import type { Car } from '../../shared/schemas/cars';
import { findCar } from '../modules/cars/car-catalogue';
import { contentSecurityPolicyFor, withFirstPaint } from './page-html';
import {
  buildRouteShells,
  createPageResolver,
  normalizePath,
  type Prerendered,
  type RouteAssets,
} from './route-shells';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the SPA's index.html for a browser route; null when no web build exists. */
    sendWebApp: ((reply: FastifyReply, pathname: string) => Promise<FastifyReply>) | null;
  }
}

/** The parts of Vite's build manifest read here: each chunk's stylesheets. */
type Manifest = Record<string, { css?: string[] }>;

/** What the server uses of the app's renderer (src/web/prerender.tsx, kept in .vite/ssr). */
export interface CarRenderer {
  /** A car's page (`url`: /car-details?id=, /inventory-page-single-v1/{id}…) with that car. */
  prerenderCarPage(url: string, car: Car): Promise<string>;
}

/**
 * The page's CSP would block these in its markup: it allows only the inline script and styles
 * the server itself puts in <head> (page-html.ts).
 */
const INLINE_SCRIPT_OR_STYLE = /<script|<style|\sstyle="/i;

/**
 * The car id in a /car-details URL's query, as the page reads it (`?id=`, the first one), when
 * it is one: a whole number from 1 to 2^31 − 1, in plain digits (other spellings the page
 * takes, such as '01', get the page without a car; it then loads the car itself).
 */
export function carIdOf(url: string): number | null {
  const query = url.indexOf('?');
  const raw = new URLSearchParams(query === -1 ? '' : url.slice(query + 1)).get('id');
  if (raw === null || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** The single-car layouts of the inventory (PAGE-7): /inventory-page-single-v{1,2,3,5}/{id}. */
const INVENTORY_SINGLE = /^\/inventory-page-single-v([1235])\/([1-9][0-9]{0,9})$/;

/**
 * Which page of one car a URL asks for, if any: the route pattern (for its shell), the car id,
 * and the URL the page is rendered at (one spelling per car and layout, so one render each).
 * /car-details takes its id from the query (carIdOf); an inventory single-car page from its
 * path, as plain digits (other spellings get the page without its car, which loads it).
 */
export function carPageOf(url: string): { pattern: string; id: number; href: string } | null {
  const query = url.indexOf('?');
  const pathname = normalizePath(query === -1 ? url : url.slice(0, query));
  if (pathname === '/car-details') {
    const id = carIdOf(url);
    return id === null ? null : { pattern: '/car-details', id, href: `/car-details?id=${id}` };
  }
  const single = INVENTORY_SINGLE.exec(pathname);
  const id = single ? Number(single[2]) : NaN;
  if (!single || id > 2_147_483_647) return null;
  return {
    pattern: `/inventory-page-single-v${single[1]}/:id`,
    id,
    href: `/inventory-page-single-v${single[1]}/${id}`,
  };
}

/** A page's HTML, with its compressed copies made as they are first asked for. */
interface Page {
  html: string;
  /** Its Content-Security-Policy: the site's, allowing the page's own inline script and styles. */
  csp: string;
  bodies: { br?: Buffer; gzip?: Buffer };
  /** Brotli's best (11) takes about 40 ms for a car's page, made on a renter's request; 5, 5 ms. */
  brotliQuality: number;
}

/**
 * How many car pages are kept: a car has up to five (/car-details and four single-car
 * layouts; most visits are to /car-details), and a fleet is usually tens of cars. A page is
 * 48–60 KB of HTML and 11–13 KB brotli, so this bounds the cache near 30 MB.
 */
export const CAR_PAGE_LIMIT = 400;

/** One car page to render: the URL it is rendered at and the HTML shell of its route. */
export interface CarPageRequest {
  href: string;
  shell: string;
}

/**
 * /car-details?id= (and an inventory single-car page) of a car in the fleet, with that car's
 * page as its first paint (src/web/prerender.tsx's prerenderCarPage) instead of the loading
 * state every other id gets: the photo, preloaded from <head> and in the markup, paints without waiting for the
 * scripts, the car's data and then the image. The car goes along as data-car, so the app's
 * first render is the same page (src/web/lib/first-paint.ts).
 * A render costs tens of milliseconds, so a car's page is kept until the car changes (the
 * catalogue hands out a new object) or the day does (the availability calendar starts today),
 * for the last CAR_PAGE_LIMIT cars asked for. A render that fails, or would need an inline
 * script or style, gives null (the page without the car), kept too: no render per request.
 */
export function createCarPages(
  renderer: CarRenderer,
  log: Pick<FastifyBaseLogger, 'warn'>,
  stylesheets: ReadonlyMap<string, string> = new Map(),
) {
  // The page asked for least recently goes first; asking for a page keeps it. Keyed by the
  // URL rendered: a car has one per layout.
  const pages = new LRUCache<string, { car: Car; day: string; page: Promise<Page | null> }>({
    max: CAR_PAGE_LIMIT,
  });
  return ({ href, shell }: CarPageRequest, car: Car): Promise<Page | null> => {
    const day = todayInAccra();
    const kept = pages.get(href);
    if (kept && kept.car === car && kept.day === day) return kept.page;
    const page = renderer.prerenderCarPage(href, car).then(
      (markup) => {
        if (INLINE_SCRIPT_OR_STYLE.test(markup)) {
          log.warn(
            { carId: car.id },
            'car page has an inline script or style: sent without the car',
          );
          return null;
        }
        const data = { 'data-car': JSON.stringify(car) } as const;
        const html = withFirstPaint(shell, markup, { data, stylesheets });
        return { html, csp: contentSecurityPolicyFor(html), bodies: {}, brotliQuality: 5 };
      },
      (error: unknown) => {
        log.warn(
          { err: error, carId: car.id },
          'car page could not be rendered: sent without the car',
        );
        return null;
      },
    );
    pages.set(href, { car, day, page });
    return page;
  };
}

/** The renderer from the web build, if it has one that can be loaded. */
async function loadRenderer(root: string, log: FastifyBaseLogger): Promise<CarRenderer | null> {
  const path = join(root, '.vite', 'ssr', 'prerender.js');
  if (!existsSync(path)) return null;
  try {
    const renderer = (await import(pathToFileURL(path).href)) as Partial<CarRenderer>;
    if (typeof renderer.prerenderCarPage === 'function') return renderer as CarRenderer;
  } catch (error) {
    log.warn(
      { err: error, path },
      "the web build's renderer could not be loaded: car pages come without their car",
    );
  }
  return null;
}

/** The build's CSS files by URL ('/assets/x.css'): the pages that paint first carry theirs. */
function readStylesheets(root: string, manifest: Manifest): Map<string, string> {
  const stylesheets = new Map<string, string>();
  for (const chunk of Object.values(manifest)) {
    for (const file of chunk.css ?? []) {
      const path = join(root, file);
      if (!stylesheets.has(`/${file}`) && existsSync(path)) {
        stylesheets.set(`/${file}`, readFileSync(path, 'utf8'));
      }
    }
  }
  return stylesheets;
}

/** The best encoding the client accepts of those the pages are kept in; null: none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const quality = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    quality.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const accepts = (name: string) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

/**
 * Serves the built React app: hashed assets precompressed (brotli, gzip) with immutable
 * caching; index.html never cached, so a deploy is picked up at the next visit.
 */
export const webStaticPlugin = fp<{ root: string }>(async (app: FastifyInstance, { root }) => {
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ root }, 'no web build found: run `npm run build` to serve the site');
    app.decorate('sendWebApp', null);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      if (path.includes(`${join(root, 'assets')}`)) {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('Cache-Control', 'no-cache');
      }
    },
  });

  const indexHtml = readFileSync(indexPath, 'utf8');
  const readJson = <T>(path: string, fallback: T): T =>
    existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : fallback;
  const manifest = readJson<Manifest>(join(root, '.vite', 'manifest.json'), {});
  const stylesheets = readStylesheets(root, manifest);
  // Each route's pattern with its page's chunks, from the build (scripts/build-web.mjs).
  const routes = readJson<RouteAssets[]>(join(root, '.vite', 'routes.json'), []);
  const pageFor = createPageResolver(
    indexHtml,
    routes,
    readJson<Prerendered>(join(root, '.vite', 'prerender.json'), {}),
    stylesheets,
  );
  // With its first paint a page is tens of KiB: compressed once, on its first request.
  // (Keyed by the page's own string: the resolver hands out the same few strings every time.)
  const pages = new Map<string, Page>();
  const pageOf = (html: string) => {
    let page = pages.get(html);
    if (!page) {
      page = { html, csp: contentSecurityPolicyFor(html), bodies: {}, brotliQuality: 11 };
      pages.set(html, page);
    }
    return page;
  };

  // A car's page is per car (and day): read from the catalogue, as GET /api/cars/:id does.
  const renderer = await loadRenderer(root, app.log);
  const shells = buildRouteShells(indexHtml, routes);
  const renderCarPage =
    renderer && app.hasDecorator('carCatalogue')
      ? createCarPages(renderer, app.log, stylesheets)
      : null;
  const carPageFor = async (url: string): Promise<Page | null> => {
    const asked = carPageOf(url);
    const shell = asked && shells.get(asked.pattern);
    if (!asked || !shell || !renderCarPage) return null;
    try {
      const car = findCar(await app.carCatalogue.current(), asked.id);
      return car ? await renderCarPage({ href: asked.href, shell }, car) : null;
    } catch (error) {
      app.log.warn(
        { err: error },
        'the catalogue could not be read: the car page goes without its car',
      );
      return null;
    }
  };

  app.decorate('sendWebApp', async (reply: FastifyReply, pathname: string) => {
    const page = (await carPageFor(reply.request.url)) ?? pageOf(pageFor(pathname));
    const encoding = pickEncoding(reply.request.headers['accept-encoding']);
    // Never cached: a deploy is picked up at the next visit, and a car's page shows its car as
    // it is now. (Keyed by the whole URL, query included, wherever it is kept.)
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .header('Content-Security-Policy', page.csp)
      .type('text/html; charset=utf-8');
    if (!encoding) return reply.send(page.html);
    const body = (page.bodies[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(page.html, {
            params: { [constants.BROTLI_PARAM_QUALITY]: page.brotliQuality },
          })
        : gzipSync(page.html, { level: 9 }));
    return reply.header('Content-Encoding', encoding).send(body);
  });
});
