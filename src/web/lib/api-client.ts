import { API_TIMEOUT_MS } from '../../shared/constants';
import { shellMessages } from '../../shared/shell-messages';
import type { ErrorResponse } from '../../shared/schemas/common';
import { STORAGE_KEYS, storage } from './storage';

/** An API answer other than 2xx, with the server's message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    /** From a 429's Retry-After: how many seconds until asking again can succeed. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type UnauthorizedHandler = (error: ApiError) => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The session module decides what a 401 means for the app (ROUTE-5: sign in again). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A 401 here is an answer (wrong password), not an expired session. */
  skipUnauthorizedHandler?: boolean;
}

function buildUrl(path: string, query?: RequestOptions['query']) {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '')
      url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

/**
 * The only caller of fetch (CONTRIBUTING.md). API-6: JSON, no credentials, 10 s timeout, the
 * X-Requested-With header, and the bearer token from localStorage on every request.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timeout = window.setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    API_TIMEOUT_MS,
  );
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));

  const token = storage.get(STORAGE_KEYS.token);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      credentials: 'omit',
      signal: controller.signal,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const timedOut =
      controller.signal.reason instanceof DOMException &&
      controller.signal.reason.name === 'TimeoutError';
    throw new ApiError(
      0,
      timedOut
        ? 'The server took too long to answer. Please check your connection and try again.'
        : 'Cannot reach CarLink Ghana. Please check your internet connection and try again.',
    );
  } finally {
    window.clearTimeout(timeout);
  }

  const text = await response.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (response.ok) return data as T;

  const body = (data ?? {}) as Partial<ErrorResponse>;
  const retryAfter = Number(response.headers.get('Retry-After'));
  const error = new ApiError(
    response.status,
    body.message ?? shellMessages.http.internal,
    body.errors ?? {},
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
  if (response.status === 401 && !options.skipUnauthorizedHandler) onUnauthorized(error);
  throw error;
}
