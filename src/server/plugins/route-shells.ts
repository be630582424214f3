import { withFirstPaint } from './page-html';

/**
 * What one route's page needs, as the web build writes it (dist/web/.vite/routes.json, made by
 * scripts/build-web.mjs from the app's route manifest, src/web/app/routes-manifest.ts, and
 * Vite's build manifest). Files are relative to the web root ('assets/x.js').
 */
export interface RouteAssets {
  /** The route's pattern, as React Router matches it: '/booking-history/:code', '/admin/*', '*'. */
  path: string;
  scripts: string[];
  styles: string[];
}

/** Pathname → the page's first paint, rendered at build time ('*': a URL no route matches). */
export type Prerendered = Record<string, string>;

/** A pathname as the router matches it: case and a trailing slash do not matter. */
export function normalizePath(pathname: string): string {
  return pathname.toLowerCase().replace(/(.)\/+$/, '$1');
}

/**
 * How well `pattern` fits `pathname`, ranked as React Router ranks routes (a static segment
 * over a dynamic one, and a splat last); null when it does not match. Case does not matter.
 */
export function matchScore(pattern: string, pathname: string): number | null {
  const segments = pathname.split('/').filter(Boolean);
  const parts = pattern.split('/').filter(Boolean);
  const splat = parts.at(-1) === '*';
  if (splat) parts.pop();
  if (splat ? segments.length < parts.length : segments.length !== parts.length) return null;
  let score = splat ? -2 : 0;
  for (const [index, part] of parts.entries()) {
    const segment = segments[index]!;
    if (part.startsWith(':')) score += 3;
    else if (part.toLowerCase() === segment.toLowerCase()) score += 10;
    else return null;
  }
  return score;
}

/** The route that answers `pathname` (the first of equally good ones), if any does. */
export function findRoute<Route extends { path: string }>(
  routes: readonly Route[],
  pathname: string,
): Route | undefined {
  let best: Route | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const route of routes) {
    const score = matchScore(route.path, pathname);
    if (score !== null && score > bestScore) {
      best = route;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The page chunk of a route is otherwise found only after the entry script has run: one more
 * round trip on a slow mobile network before anything shows. So the HTML names, per route
 * pattern, the page's scripts and styles to fetch at once (those index.html names already
 * are not named twice).
 */
export function buildRouteShells(
  indexHtml: string,
  routes: readonly RouteAssets[],
): Map<string, string> {
  const shells = new Map<string, string>();
  for (const { path, scripts, styles } of routes) {
    const links = [
      ...styles.map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`),
      ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="/${href}">`),
    ]
      .filter((link) => !indexHtml.includes(link.slice(link.indexOf('href='))))
      .join('\n    ');
    shells.set(path, links ? indexHtml.replace('</head>', `  ${links}\n  </head>`) : indexHtml);
  }
  return shells;
}

/**
 * The HTML for each browser URL: the shell of the route that answers it (buildRouteShells),
 * with the page's first paint for the prerendered paths. A URL only the catch-all route ('*')
 * answers gets the not-found page. Like the router, case and a trailing slash do not matter.
 * Without routes (a build without routes.json) every URL gets index.html.
 */
export function createPageResolver(
  indexHtml: string,
  routes: readonly RouteAssets[],
  prerendered: Prerendered,
  stylesheets: ReadonlyMap<string, string> = new Map(),
) {
  const shells = buildRouteShells(indexHtml, routes);
  const shellOf = (pathname: string) => {
    const route = findRoute(routes, pathname);
    return (route && shells.get(route.path)) ?? indexHtml;
  };
  const pages = new Map<string, string>();
  for (const [pathname, markup] of Object.entries(prerendered)) {
    if (pathname === '*') continue;
    pages.set(normalizePath(pathname), withFirstPaint(shellOf(pathname), markup, { stylesheets }));
  }
  const notFoundShell = shells.get('*') ?? indexHtml;
  const notFound =
    prerendered['*'] === undefined
      ? notFoundShell
      : withFirstPaint(notFoundShell, prerendered['*'], { stylesheets });
  return (pathname: string): string => {
    const normalized = normalizePath(pathname);
    const page = pages.get(normalized);
    if (page !== undefined) return page;
    const route = findRoute(routes, normalized);
    if (route === undefined) return routes.length === 0 ? indexHtml : notFound;
    return route.path === '*' ? notFound : (shells.get(route.path) ?? indexHtml);
  };
}
