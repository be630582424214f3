import type { FastifyInstance, FastifyReply, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../shared/messages';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods the routes that own this path answer ('/api/cars/7'): a 405's Allow header. */
    allowedMethods: (path: string) => string[];
  }
}

/** How a segment of a route's URL matches: a fixed word beats a parameter beats the rest. */
const enum Kind {
  Wildcard = 0,
  Param = 1,
  Static = 2,
}

interface KnownRoute {
  method: string;
  url: string;
  pattern: RegExp;
  kinds: Kind[];
}

/** A route's URL as a regular expression over request paths: ':name' is one segment, '*' the rest. */
function routePattern(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) =>
      part === '*'
        ? '.*'
        : part.startsWith(':')
          ? '[^/]+'
          : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

const kindsOf = (url: string): Kind[] =>
  url
    .split('/')
    .map((segment) =>
      segment.includes('*') ? Kind.Wildcard : segment.includes(':') ? Kind.Param : Kind.Static,
    );

/** > 0 when `a` is the more specific: at the first segment where they differ, the fixed one. */
function compareSpecificity(a: KnownRoute, b: KnownRoute): number {
  const length = Math.max(a.kinds.length, b.kinds.length);
  for (let i = 0; i < length; i++) {
    const diff = (a.kinds[i] ?? Kind.Wildcard) - (b.kinds[i] ?? Kind.Wildcard);
    if (diff !== 0) return diff;
  }
  return 0;
}

export const sendMethodNotAllowed = (reply: FastifyReply, allowed: string[]) =>
  reply
    .status(405)
    .header('Allow', allowed.join(', '))
    .send({ message: messages.http.methodNotAllowed });

/**
 * Which methods a path takes (API-9). The router keeps one tree per method, so
 * `GET /api/bookings/create` would reach `GET /api/bookings/:code` although the path names
 * the booking form's POST: a path belongs to the most specific routes that match it (a fixed
 * segment before a parameter, as the router itself decides within one method). Allow lists
 * only their methods, and a request that reached a less specific route of another method is
 * answered 405 instead of being read as an id.
 */
export const allowedMethodsPlugin = fp(
  async (app: FastifyInstance) => {
    const routes: KnownRoute[] = [];
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat())
        routes.push({
          method,
          url: route.url,
          pattern: routePattern(route.url),
          kinds: kindsOf(route.url),
        });
    });

    /** The most specific routes matching the path: the ones that own it. */
    function owners(path: string): KnownRoute[] {
      let best: KnownRoute[] = [];
      for (const route of routes) {
        if (!route.pattern.test(path)) continue;
        const order = best.length ? compareSpecificity(route, best[0]!) : 1;
        if (order > 0) best = [route];
        else if (order === 0) best.push(route);
      }
      return best;
    }
    app.decorate('allowedMethods', (path: string) => [
      ...new Set(owners(path).map((route) => route.method)),
    ]);

    // Per route, the more specific routes of other methods that could own its paths; worked
    // out once, so a request to a route no other route outranks costs a map lookup.
    const outranking = new Map<string, KnownRoute[]>();
    function outrankersOf(method: string, url: string): KnownRoute[] {
      const key = `${method} ${url}`;
      let list = outranking.get(key);
      if (!list) {
        const self = routes.find((route) => route.method === method && route.url === url);
        list = self
          ? routes.filter(
              (other) =>
                other.method !== method &&
                other.kinds.length === self.kinds.length &&
                compareSpecificity(other, self) > 0,
            )
          : [];
        outranking.set(key, list);
      }
      return list;
    }

    app.addHook('onRequest', async (request, reply) => {
      const url = request.routeOptions.url;
      if (!url || !url.includes(':')) return;
      const path = request.url.split('?')[0]!;
      if (!outrankersOf(request.method, url).some((route) => route.pattern.test(path))) return;
      return sendMethodNotAllowed(reply, app.allowedMethods(path));
    });
  },
  { name: 'allowed-methods' },
);
