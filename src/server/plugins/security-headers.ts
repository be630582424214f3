import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The site's policy: everything from this origin, nothing inline, no framing (strict CSP). A
 * page may add its own inline script and styles, by hash (contentSecurityPolicy below).
 */
const cspDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

export const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: { directives: cspDirectives },
  // HSTS is set per request below: only on answers that went out over HTTPS.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet would set, worked out once. Helmet is a connect middleware that sets
 * the same headers on every response for a fixed configuration; @fastify/helmet rebuilt it
 * (parsing the CSP directives again) on every request, a noticeable share of a small API
 * request's CPU (the contended booking benchmark, decision 002).
 */
export function securityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  let done = false;
  // The middleware is synchronous for a configuration without function-valued directives.
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * The site's Content-Security-Policy, also allowing the given inline scripts and styles, named
 * by their 'sha256-…' sources: a page that carries its own (src/server/plugins/page-html.ts).
 * Nothing else inline is allowed, attributes included.
 */
export function contentSecurityPolicy(inline: { scripts: string[]; styles: string[] }): string {
  const directives = {
    ...cspDirectives,
    scriptSrc: [...cspDirectives.scriptSrc, ...inline.scripts],
    styleSrc: [...cspDirectives.styleSrc, ...inline.styles],
  };
  return securityHeaders({ ...helmetOptions, contentSecurityPolicy: { directives } })[
    'Content-Security-Policy'
  ]!;
}

const HSTS = 'max-age=31536000; includeSubDomains';

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // RFC 6797 §7.2: never over plain HTTP. Behind the reverse proxy, HTTPS is known from
    // X-Forwarded-Proto, which is believed only with TRUST_PROXY (docs/deployment.md).
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done();
  });
});
