import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  LOGIN_SUCCESS_STATUS_CODE,
  SESSION_LIFETIME_MS,
  STAFF_SESSION_LIFETIME_MS,
} from '../../shared/constants';
import { shellMessages } from '../../shared/shell-messages';
import type {
  ChangePasswordInput,
  LoginCodeResponse,
  LoginInput,
  LoginResponse,
  MeResponse,
  PendingSignInResponse,
  RegisterInput,
  User,
  VerifyPhoneResponse,
} from '../../shared/schemas/auth';
import { ApiError, apiRequest } from './api-client';
import { conversationKeys } from './conversation-keys';
import { queryClient } from './query-client';
import { STORAGE_KEYS, storage } from './storage';

/*
 * Two things, one owner each. This store keeps only what must outlive the page (ACCT-6): the
 * token and when the session began, persisted under 'token' and 'auth'. Who is signed in lives
 * in the query cache alone (`sessionKeys.user`, GET /api/auth/me): sign-in and every change
 * to the user write it there with setQueryData, sign-out removes it; nothing else keeps a copy.
 */

/** The session (ACCT-6), plus the sign-in form's loading flag and the message to show. */
export interface SessionState {
  token: string | null;
  isAuthenticated: boolean;
  loginTimestamp: number | null;
  /**
   * How long the session lasts from its start when not 60 minutes: a staff member's 12 hours
   * (ACCT-27; their 30 minutes idle are the server's to tell, with a 401).
   */
  lifetimeMs: number | null;
  error: string | null;
  loading: boolean;
}

const signedOut: SessionState = {
  token: null,
  isAuthenticated: false,
  loginTimestamp: null,
  lifetimeMs: null,
  error: null,
  loading: false,
};

/** The query of the signed-in user: the one place the app keeps who is signed in. */
export const sessionKeys = { user: ['auth', 'me'] as const };

// Kept until sign-out removes it, and asked again only when a page says so (`fresh`).
queryClient.setQueryDefaults(sessionKeys.user, { staleTime: Infinity, gcTime: Infinity });

function restore(): SessionState {
  try {
    const saved = JSON.parse(
      storage.get(STORAGE_KEYS.auth) ?? 'null',
    ) as Partial<SessionState> | null;
    if (saved?.isAuthenticated && saved.token && typeof saved.loginTimestamp === 'number') {
      return {
        ...signedOut,
        token: saved.token,
        isAuthenticated: true,
        loginTimestamp: saved.loginTimestamp,
        lifetimeMs: typeof saved.lifetimeMs === 'number' ? saved.lifetimeMs : null,
      };
    }
  } catch {
    /* unreadable: start signed out */
  }
  return signedOut;
}

let state: SessionState = typeof window === 'undefined' ? signedOut : restore();
const listeners = new Set<() => void>();

const PERSISTED = ['token', 'isAuthenticated', 'loginTimestamp', 'lifetimeMs'] as const;

function setState(next: Partial<SessionState>) {
  const previous = state;
  state = { ...state, ...next };
  // Storage is written only when the session itself changes, never for loading or error
  // flags: a late UI update must not overwrite what another tab (or a test) stored.
  if (PERSISTED.some((key) => previous[key] !== state[key])) {
    const { token, isAuthenticated, loginTimestamp, lifetimeMs } = state;
    const kept = { token, isAuthenticated, loginTimestamp, ...(lifetimeMs ? { lifetimeMs } : {}) };
    if (isAuthenticated) storage.set(STORAGE_KEYS.auth, JSON.stringify(kept));
    else storage.remove(STORAGE_KEYS.auth);
  }
  for (const listener of listeners) listener();
}

function clearSession(error: string | null = null) {
  storage.remove(STORAGE_KEYS.token);
  // AREA-5: the account's favourites stay with the account, not in this browser. (The list's
  // module loads apart: every page's first JavaScript carries this store, PAGE-18.)
  storage.remove(STORAGE_KEYS.wishlist);
  void import('./wishlist').then((wishlist) => wishlist.forgetWishlist());
  setState({ ...signedOut, error });
  queryClient.removeQueries({ queryKey: sessionKeys.user, exact: true });
  // The next person on this browser must not see the last one's messages (CONV-7).
  queryClient.removeQueries({ queryKey: conversationKeys.all });
}

export const getSessionState = () => state;

export function useSession(): SessionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => signedOut,
  );
}

/** Pure: whether a state is a live session (safe to call while rendering). */
export function isSessionValid(session: SessionState, now = Date.now()): boolean {
  return (
    session.isAuthenticated &&
    session.loginTimestamp !== null &&
    now - session.loginTimestamp <= (session.lifetimeMs ?? SESSION_LIFETIME_MS) &&
    storage.get(STORAGE_KEYS.token) !== null
  );
}

/**
 * ACCT-6: with no stored token while the state says signed in, the state is cleared; and a
 * session older than 60 minutes ends with 'Session expired. Please login again.'.
 * Changes state, so call it from effects and actions, never while rendering.
 */
export function checkSession(now = Date.now()): boolean {
  if (!state.isAuthenticated) return false;
  if (!storage.get(STORAGE_KEYS.token)) {
    clearSession();
    return false;
  }
  if (!isSessionValid(state, now)) {
    clearSession(shellMessages.session.expired);
    return false;
  }
  return true;
}

/** Force logout (ACCT-6, ROUTE-5): same effect as expiry, used when the server says 401. */
export function forceLogout(message: string = shellMessages.session.expired) {
  clearSession(message);
}

function startSession(response: LoginResponse) {
  if (response.status_code !== LOGIN_SUCCESS_STATUS_CODE) {
    throw new ApiError(200, shellMessages.login.invalidStatusCode);
  }
  storage.set(STORAGE_KEYS.token, response.access_token);
  queryClient.setQueryData(sessionKeys.user, response.user);
  setState({
    token: response.access_token,
    isAuthenticated: true,
    loginTimestamp: Date.now(),
    lifetimeMs: response.user.role === 'staff' ? STAFF_SESSION_LIFETIME_MS : null,
    error: null,
    loading: false,
  });
  // AREA-7: what this browser saved before signing in joins the account (staff keep none).
  if (response.user.role !== 'staff')
    void import('./wishlist').then((wishlist) => wishlist.mergeWishlistIntoAccount());
}

/**
 * Signs in (ACCT-3). Past the number's limit the server answers 202 and a code step follows
 * (ACCT-17): `onCodeStep` gets the ticket and login() answers false (not signed in yet);
 * without `onCodeStep` the server's message is the failure shown.
 */
export async function login(
  input: LoginInput,
  options: { onCodeStep?: (pending: PendingSignInResponse) => void } = {},
): Promise<boolean> {
  checkSession();
  setState({ loading: true, error: null });
  try {
    const response = await apiRequest<LoginResponse | PendingSignInResponse>('/auth/login', {
      method: 'POST',
      body: { msisdn: input.msisdn, password: input.password },
      skipUnauthorizedHandler: true,
    });
    if ('step' in response) {
      setState({ loading: false, error: options.onCodeStep ? null : response.message });
      options.onCodeStep?.(response);
      return false;
    }
    startSession(response);
    return true;
  } catch (error) {
    setState({
      loading: false,
      error:
        error instanceof ApiError && error.message ? error.message : shellMessages.login.failed,
    });
    return false;
  }
}

/**
 * A new code for the sign-in's code step (ACCT-18's Resend): signs in again with the same
 * number and password. The new ticket, or null when the server signed the person straight in
 * (the number's limit is over). Throws ApiError (a 429 while the last code is fresh).
 */
export async function requestSignInCode(input: LoginInput): Promise<PendingSignInResponse | null> {
  checkSession();
  const response = await apiRequest<LoginResponse | PendingSignInResponse>('/auth/login', {
    method: 'POST',
    body: { msisdn: input.msisdn, password: input.password },
    skipUnauthorizedHandler: true,
  });
  if ('step' in response) return response;
  startSession(response);
  return null;
}

/**
 * The sign-in's code step (ACCT-17, ACCT-22): the ticket and the code (from the SMS, a staff
 * member's authenticator, or a recovery code) give the session. Throws ApiError (a wrong
 * code on `code`, an ended ticket on `ticket`) for the form to show.
 */
export async function finishLogin(ticket: string, code: string): Promise<User> {
  const response = await sendSignInCode(ticket, code);
  startSession(response);
  return response.user;
}

/**
 * The code step without starting the session: after an authenticator's setup the recovery
 * codes are shown first (ACCT-25), and `completeSignIn` starts it once they are saved.
 */
export async function sendSignInCode(ticket: string, code: string): Promise<LoginCodeResponse> {
  checkSession();
  return apiRequest<LoginCodeResponse>('/auth/login/code', {
    method: 'POST',
    body: { ticket, code },
    skipUnauthorizedHandler: true,
  });
}

export const completeSignIn = (response: LoginResponse) => startSession(response);

/** Registers and signs in; throws ApiError so the form can show field errors (ACCT-7). */
export async function register(input: RegisterInput): Promise<void> {
  checkSession();
  const response = await apiRequest<LoginResponse>('/auth/register', {
    method: 'POST',
    body: { name: input.name, msisdn: input.msisdn, password: input.password },
    skipUnauthorizedHandler: true,
  });
  startSession(response);
}

export async function logout(): Promise<void> {
  const token = storage.get(STORAGE_KEYS.token);
  if (!token) {
    clearSession(shellMessages.session.noActiveSession);
    return;
  }
  setState({ loading: true });
  try {
    await apiRequest('/auth/logout', { method: 'POST', skipUnauthorizedHandler: true });
    clearSession();
  } catch (error) {
    // The token is dropped either way; a failure only means the server may still know it.
    clearSession(
      error instanceof ApiError && error.status !== 401
        ? error.message || shellMessages.session.logoutFailed
        : null,
    );
  }
}

export const clearAuthError = () => setState({ error: null });

/**
 * Whether an auth error explains why a session ended (expiry, a revoked token) rather than
 * why a sign-in attempt failed (ACCT-7).
 */
export const isSessionNotice = (error: string | null): boolean =>
  error === shellMessages.session.expired ||
  error === shellMessages.session.required ||
  error === shellMessages.password.loggedOutEverywhere ||
  error === shellMessages.account.closed;

export const fetchSignedInUser = (signal?: AbortSignal) =>
  apiRequest<MeResponse>('/auth/me', { signal }).then((response) => response.user);

/**
 * Who is signed in: null for a visitor, and while their details are on the way. Read from the
 * query cache directly rather than through useQuery, whose observer would add some 3 KiB to the
 * JavaScript every page loads first (the header reads this; PAGE-18); pages that show the
 * query's state use lib/signed-in-user-query.ts. The first reader of a
 * page load asks the server once; the query is kept (sessionKeys' defaults) until sign-out.
 */
export function useSignedInUser(): User | null {
  const client = useQueryClient();
  const signedIn = isSessionValid(useSession());
  const subscribe = useCallback(
    (listener: () => void) => client.getQueryCache().subscribe(listener),
    [client],
  );
  const user = useSyncExternalStore(
    subscribe,
    () => client.getQueryData<User>(sessionKeys.user),
    () => undefined,
  );
  useEffect(() => {
    if (signedIn && client.getQueryState(sessionKeys.user) === undefined)
      void client
        .prefetchQuery({
          queryKey: sessionKeys.user,
          queryFn: ({ signal }) => fetchSignedInUser(signal),
        })
        .catch(() => undefined);
  }, [client, signedIn]);
  return signedIn ? (user ?? null) : null;
}

/** The signed-in user has changed (a profile edit, a verification): the query holds it. */
export const setSignedInUser = (user: User) => queryClient.setQueryData(sessionKeys.user, user);
/** The signed-in user as the cache holds it now, outside React (right after a sign-in). */
export const currentSignedInUser = (): User | null =>
  queryClient.getQueryData<User>(sessionKeys.user) ?? null;

/**
 * Asks for a new code by SMS to the signed-in user's own number (ACCT-10). Throws ApiError; a
 * 429 carries the wait (LIMIT-9).
 */
export async function sendPhoneCode(): Promise<void> {
  await apiRequest('/auth/phone/send-code', { method: 'POST' });
}

/** Enters the code from the SMS (ACCT-10); the session's user becomes verified at once. */
export async function verifyPhone(code: string): Promise<User> {
  const { user } = await apiRequest<VerifyPhoneResponse>('/auth/phone/verify', {
    method: 'POST',
    body: { code },
  });
  setSignedInUser(user);
  return user;
}

/**
 * The signed-in user as the server has them now: the number may have been verified on another
 * device, or the cached copy may predate verification (ACCT-12 decides on the server's copy).
 */
export function refreshSignedInUser(): Promise<User> {
  return queryClient.fetchQuery({
    queryKey: sessionKeys.user,
    queryFn: ({ signal }) => fetchSignedInUser(signal),
    staleTime: 0,
    // Asked while the renter waits on a button: a failure is answered at once, not retried.
    retry: false,
  });
}

/** ACCT-14: this session stays, every other one ends. Throws ApiError (422 per field, 429). */
export async function changePassword(input: ChangePasswordInput): Promise<string> {
  const { message } = await apiRequest<{ message: string }>('/auth/password/change', {
    method: 'POST',
    body: input,
  });
  return message;
}

/**
 * ACCT-14: every session ends, this one included, so this browser forgets it too and the
 * sign-in page says why.
 */
export async function logoutEverywhere(): Promise<void> {
  await apiRequest('/auth/logout-all', { method: 'POST' });
  clearSession(shellMessages.password.loggedOutEverywhere);
}
