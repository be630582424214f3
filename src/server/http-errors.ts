/**
 * An error meant for the client: its status and message are safe to show. Anything else that
 * reaches the error handler is answered with a generic 500 (PRODUCT.md P4).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const validationError = (errors: Record<string, string[]>, message = 'Please correct the highlighted fields.') =>
  new HttpError(422, message, errors);

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

/** The database is down or restarting: answer 503 and ask the client to retry. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  if (state && (state.startsWith('08') || state === '57P01' || state === '57P02' || state === '57P03')) {
    return true;
  }
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    const message = String((e as { message?: unknown }).message ?? '');
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE') return true;
    if (/Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
