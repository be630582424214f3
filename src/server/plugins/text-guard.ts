import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../shared/messages';
import { HttpError } from '../http-errors';

/**
 * A NUL character or a lone UTF-16 surrogate in any text of a JSON body or query string is
 * refused with 400 before validation (LIMIT-10): PostgreSQL cannot store NUL in text (the
 * request would fail deep inside as a 500), and a lone surrogate is not a character at all.
 */
// eslint-disable-next-line no-control-regex
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const MAX_DEPTH = 64;

export function hasBadText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return BAD_TEXT.test(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => hasBadText(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (BAD_TEXT.test(key) || hasBadText(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Whether a raw query string's escapes spell UTF-8. The query parser reads '%C3%28' as U+FFFD
 * quietly; the request is refused instead, as a body with such bytes is (app.ts).
 */
export function isUtf8Query(url: string): boolean {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%', start)) return true;
  try {
    decodeURIComponent(url.slice(start + 1).replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

export const textGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (!isUtf8Query(request.url) || hasBadText(request.query) || hasBadText(request.body)) {
        throw new HttpError(400, messages.http.invalidCharacters);
      }
    });
  },
  { name: 'text-guard' },
);
