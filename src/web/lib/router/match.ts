/**
 * Path patterns as the site writes them ('/booking-history/:code', '/admin/*', 'cars/new',
 * '*'), matched the way React Router did before this router replaced it (docs/decisions/
 * 024-own-router.md): whole segments, letters in any case, ':name' for one segment, a final
 * '*' for the rest. No optional segments: no route uses them.
 */
export type Params = Record<string, string | undefined>;

export interface PathMatch {
  params: Params;
  /** The part of the pathname the pattern matched before its '*' ('/admin' for '/admin/x'). */
  pathnameBase: string;
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // A malformed escape is kept as typed, as React Router did.
  }
}

/**
 * `pattern` against `pathname`; with `end` false, a pathname that goes on past the pattern
 * (by whole segments) matches too, as a NavLink without `end` is active below its page.
 */
export function matchPath(pattern: string, pathname: string, end = true): PathMatch | null {
  const wanted = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  const params: Params = {};
  const matched: string[] = [];
  for (const [index, segment] of wanted.entries()) {
    if (segment === '*' && index === wanted.length - 1) {
      params['*'] = actual.slice(index).map(decode).join('/');
      return { params, pathnameBase: joinPaths(matched) };
    }
    const value = actual[index];
    if (value === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(value);
    else if (segment.toLowerCase() !== decode(value).toLowerCase()) return null;
    matched.push(value);
  }
  if (end && actual.length > wanted.length) return null;
  return { params, pathnameBase: joinPaths(matched) };
}

const joinPaths = (segments: string[]) => `/${segments.join('/')}`;

/**
 * How specific a pattern is, so that '/cars/new' wins over '/cars/:id' and both over '*'
 * whatever order they are written in (React Router's ranking): a fixed segment counts most,
 * a parameter less, a '*' takes some off; an index route counts a little more than its parent.
 */
export function patternScore(pattern: string, index = false): number {
  const segments = pattern.split('/');
  let score = segments.length;
  if (segments.includes('*')) score -= 2;
  if (index) score += 2;
  for (const segment of segments) {
    if (segment === '*') continue;
    score += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

/** '/a/b' and 'c/../d' → '/a/b/d'; an absolute `to` stands alone. */
export function resolvePathname(to: string, from: string): string {
  const segments = to.startsWith('/') ? [] : segmentsOf(from);
  for (const segment of segmentsOf(to)) {
    if (segment === '..') segments.pop();
    else if (segment !== '.') segments.push(segment);
  }
  return joinPaths(segments);
}
