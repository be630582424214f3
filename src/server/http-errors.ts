/**
 * An error meant for the client: its status and message are safe to show. Anything else that
 * reaches the error handler is answered with a generic 500 (API-2).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    // An answer, not a fault: no stack trace is wanted, and capturing one is most of the cost
    // of creating the error on busy paths (a 409 per losing booking request).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'HttpError';
  }
}

export const validationError = (
  errors: Record<string, string[]>,
  message = 'Please correct the highlighted fields.',
) => new HttpError(422, message, errors);

/** SQLSTATE codes we act on. Drizzle wraps driver errors: the code is on `cause`. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a driver error names, wherever the wrapper put it. */
export function constraintName(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Network failures reaching the database server (also inside Node's AggregateError). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What node-postgres says when a connection is gone, is going, or cannot be had in time. */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Query read timeout/i;

/**
 * The database is down, restarting or full: answer 503 and ask the client to retry. SQLSTATE
 * class 08 (connection exception), 57P01-57P03 (admin or crash shutdown, cannot connect now:
 * starting up, in recovery), 53300 (too many connections) and 57014 (a statement cancelled: it
 * ran past its statement timeout, or its client went away; LIMIT-11, LIMIT-12).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  if (
    state &&
    (state.startsWith('08') ||
      state === '57P01' ||
      state === '57P02' ||
      state === '57P03' ||
      state === '53300' ||
      state === '57014')
  ) {
    return true;
  }
  const pending: { e: unknown; depth: number }[] = [{ e: error, depth: 0 }];
  while (pending.length) {
    const { e, depth } = pending.pop()!;
    if (!e || typeof e !== 'object' || depth > 4) continue;
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (CONNECTION_MESSAGES.test(String(message ?? ''))) return true;
    pending.push({ e: cause, depth: depth + 1 });
    if (Array.isArray(errors))
      for (const inner of errors) pending.push({ e: inner, depth: depth + 1 });
  }
  return false;
}

/**
 * A multipart body that ends before its closing boundary (a dropped connection, a cut-off
 * upload): the multipart parser says so only in its message, with no code (API-9).
 */
export const isTruncatedMultipart = (error: unknown): boolean =>
  error instanceof Error && /^Unexpected end of (multipart data|form)$/.test(error.message);
