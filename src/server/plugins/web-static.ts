import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the SPA's index.html for a browser route; null when no web build exists. */
    sendWebApp: ((reply: FastifyReply, pathname: string) => FastifyReply) | null;
  }
}

type Manifest = Record<
  string,
  {
    file: string;
    name?: string;
    isEntry?: boolean;
    imports?: string[];
    dynamicImports?: string[];
    css?: string[];
  }
>;
/** Pathname → the page's first paint, rendered at build time ('*': a URL no route matches). */
type Prerendered = Record<string, string>;

/**
 * The page chunk of a route is otherwise found only after the entry script has run: one more
 * round trip on a slow mobile network before anything shows. So index.html names, per route,
 * the page's scripts and styles to fetch at once. Convention: the page module of a route is
 * src/web/app/routes/<first URL segment>.tsx ('home' for '/').
 */
export function buildRouteShells(indexHtml: string, manifest: Manifest): Map<string, string> {
  const pages = new Map<string, string>();
  for (const source of Object.keys(manifest)) {
    const match = /^app\/routes\/([a-z0-9-]+)\.tsx$/.exec(source);
    if (match) pages.set(match[1]!, source);
  }
  // A page that other modules import too (not-found) can be merged into a shared chunk, which
  // the manifest keys by file, not source; the entry still imports it lazily, under its name.
  const appEntry = Object.values(manifest).find((chunk) => chunk.isEntry);
  for (const key of appEntry?.dynamicImports ?? []) {
    const name = manifest[key]?.name;
    if (key.startsWith('_') && name && /^[a-z0-9-]+$/.test(name) && !pages.has(name))
      pages.set(name, key);
  }

  const shells = new Map<string, string>();
  for (const [page, source] of pages) {
    const chunk = manifest[source]!;
    const scripts = new Set<string>();
    const styles = new Set<string>(chunk.css ?? []);
    const visit = (key: string) => {
      const entry = manifest[key];
      if (!entry || scripts.has(entry.file) || key === 'index.html') return;
      scripts.add(entry.file);
      for (const css of entry.css ?? []) styles.add(css);
      for (const imported of entry.imports ?? []) visit(imported);
    };
    visit(source);
    const links = [
      ...[...styles].map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`),
      ...[...scripts].map((href) => `<link rel="modulepreload" crossorigin href="/${href}">`),
    ]
      // The entry's own chunks are in index.html already.
      .filter((link) => !indexHtml.includes(link.slice(link.indexOf('href='))))
      .join('\n    ');
    const segment = page === 'home' ? '' : page;
    shells.set(segment, indexHtml.replace('</head>', `  ${links}\n  </head>`));
  }
  return shells;
}

/**
 * Puts a page's first paint (rendered at build time by src/web/prerender.tsx) into its shell,
 * so a phone paints the page before the scripts have arrived. React does not hydrate it but
 * replaces it with the same picture. Until then it is inert: a field typed into would be
 * emptied by that, a button would do nothing, and a form sent without its script would put
 * a password in the URL.
 * The scripts are then no longer needed for the first paint, so they are fetched at low
 * priority: on a slow link the stylesheets and the page's images come first.
 */
export function withFirstPaint(shell: string, markup: string): string {
  return shell
    .replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ')
    .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ')
    .replace('<div id="root"></div>', () => `<div id="root"><div inert>${markup}</div></div>`);
}

/**
 * The HTML for each browser URL: the route's shell (buildRouteShells), with the page's first
 * paint for the prerendered paths. A first segment that names no page module is a URL only
 * the not-found page answers ('/404', '/no-such-page'). Like the router, case and a trailing
 * slash do not matter.
 */
export function createPageResolver(
  indexHtml: string,
  manifest: Manifest,
  prerendered: Prerendered,
) {
  const shells = buildRouteShells(indexHtml, manifest);
  const shellOf = (segment: string) => shells.get(segment) ?? shells.get('not-found') ?? indexHtml;
  const segmentOf = (pathname: string) => pathname.split('/')[1] ?? '';
  const pages = new Map<string, string>();
  for (const [pathname, markup] of Object.entries(prerendered)) {
    if (pathname !== '*') pages.set(pathname, withFirstPaint(shellOf(segmentOf(pathname)), markup));
  }
  const notFoundShell = shellOf('not-found');
  const notFound =
    prerendered['*'] === undefined
      ? notFoundShell
      : withFirstPaint(notFoundShell, prerendered['*']);
  return (pathname: string): string => {
    const normalized = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
    const page = pages.get(normalized);
    if (page !== undefined) return page;
    const segment = segmentOf(normalized);
    return shells.get(segment) ?? (segment === '' ? indexHtml : notFound);
  };
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
  const pageFor = createPageResolver(
    indexHtml,
    readJson<Manifest>(join(root, '.vite', 'manifest.json'), {}),
    readJson<Prerendered>(join(root, '.vite', 'prerender.json'), {}),
  );
  // With its first paint a page is tens of KiB: compressed once, on its first request.
  // (Keyed by the page's own string: the resolver hands out the same few strings every time.)
  const compressed = new Map<string, { br?: Buffer; gzip?: Buffer }>();
  const compress = (html: string, encoding: 'br' | 'gzip') => {
    let bodies = compressed.get(html);
    if (!bodies) compressed.set(html, (bodies = {}));
    return (bodies[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        : gzipSync(html, { level: 9 }));
  };
  app.decorate('sendWebApp', (reply: FastifyReply, pathname: string) => {
    const html = pageFor(pathname);
    const encoding = pickEncoding(reply.request.headers['accept-encoding']);
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    if (!encoding) return reply.send(html);
    return reply.header('Content-Encoding', encoding).send(compress(html, encoding));
  });
});
