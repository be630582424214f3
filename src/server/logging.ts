import type { FastifyServerOptions } from 'fastify';

/**
 * Log lines never carry passwords, hashes, tokens, codes or SQL parameters, and phone numbers
 * only masked (RUN-9). Our own log calls log none of these; this makes sure nothing else does:
 * errors (a failed query's text lists its parameters; a driver error's `detail` repeats the
 * values), request URLs (a number in a query string) and headers.
 */

/**
 * A phone number however it is written: 9 to 15 digits, with at most a few of the
 * separators people type between them (spaces, dots, dashes, brackets, a plus) or their URL
 * escapes. Dates ('2026-12-01', 8 digits) and amounts stay readable.
 */
const SEPARATOR = String.raw`(?:[ .()+-]|%20|%2B|%28|%29)`;
const PHONE_LIKE = new RegExp(String.raw`(?:\+|%2B|\()?\d(?:${SEPARATOR}{0,3}\d){8,14}`, 'gi');

/** Keeps the first 5 and last 3 digits of a number and its separators, hides the rest. */
function maskNumber(written: string): string {
  const total = written.replace(/%2B|%20|%28|%29/gi, '').replace(/\D/g, '').length;
  let seen = 0;
  let out = '';
  for (let i = 0; i < written.length; i++) {
    const escape = written[i] === '%' ? written.slice(i, i + 3) : '';
    if (escape) {
      out += escape;
      i += 2;
      continue;
    }
    const char = written[i]!;
    if (char >= '0' && char <= '9') {
      seen++;
      out += seen <= 5 || seen > total - 3 ? char : '*';
    } else out += char;
  }
  return out;
}

const maskDigits = (text: string) => text.replace(PHONE_LIKE, maskNumber);

/**
 * Drizzle's query errors read 'Failed query: <sql>\nparams: <values>': the statement may stay,
 * the values go. Anything that looks like a number is masked.
 */
export function scrubLogText(text: string): string {
  return maskDigits(text.replace(/params:[\s\S]*/g, 'params: [hidden]'));
}

interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  cause?: SafeError;
}

/**
 * Only the type, code, message and stack of an error (and of its cause), scrubbed. Pino's
 * own serializer copies every enumerable property, such as PostgreSQL's `detail`
 * ('Key (msisdn)=(233…) already exists.') or a query's `params`.
 */
export function serializeErrorSafely(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error))
    return { type: typeof error, message: '[not an Error]', stack: '' };
  const code = (error as { code?: unknown }).code;
  const safe: SafeError = {
    type: error.name,
    message: scrubLogText(error.message),
    ...(typeof code === 'string' ? { code } : {}),
    stack: scrubLogText(error.stack ?? ''),
  };
  if (error.cause !== undefined && depth < 3)
    safe.cause = serializeErrorSafely(error.cause, depth + 1);
  return safe;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  id?: string;
}

/** Method, URL with numbers masked, host and address: no headers (tokens), no body. */
const serializeRequestSafely = (request: LoggedRequest) => ({
  method: request.method,
  url: scrubLogText(request.url),
  host: request.hostname,
  remoteAddress: request.ip,
});

/**
 * The logger options the app runs with: the caller's, plus the safe serializers and
 * redaction of the places a secret could sit if someone logged a request or body.
 */
export function withSafeLogging(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : (logger as Exclude<typeof logger, boolean>);
  if (typeof base !== 'object' || 'child' in base) return logger; // a ready-made logger instance
  return {
    ...base,
    serializers: {
      ...(base as { serializers?: object }).serializers,
      err: serializeErrorSafely,
      error: serializeErrorSafely,
      req: serializeRequestSafely,
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers["api-key"]',
        'body.password',
        'body.current_password',
        'body.password_confirmation',
        'body.code',
        '*.password',
        '*.passwordHash',
        '*.password_hash',
        '*.token',
        '*.access_token',
        '*.apiKey',
      ],
      censor: '[hidden]',
    },
  };
}
