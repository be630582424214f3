import { useSyncExternalStore } from 'react';
import { LOGIN_SUCCESS_STATUS_CODE, SESSION_LIFETIME_MS } from '../../shared/constants';
import { shellMessages } from '../../shared/shell-messages';
import type {
  ChangePasswordInput,
  LoginInput,
  LoginResponse,
  MeResponse,
  RegisterInput,
  User,
  VerifyPhoneResponse,
} from '../../shared/schemas/auth';
import { ApiError, apiRequest } from './api-client';
import { STORAGE_KEYS, storage } from './storage';

/** The auth state (ACCT-6). Persisted under 'auth' (and the token alone under 'token'). */
export interface AuthState {
  user: User | null;
  token: string | null;
  isAuthenticated: boolean;
  loginTimestamp: number | null;
  error: string | null;
  loading: boolean;
}

const signedOut: AuthState = {
  user: null,
  token: null,
  isAuthenticated: false,
  loginTimestamp: null,
  error: null,
  loading: false,
};

function restore(): AuthState {
  try {
    const saved = JSON.parse(storage.get(STORAGE_KEYS.auth) ?? 'null') as Partial<AuthState> | null;
    if (
      saved?.isAuthenticated &&
      saved.user &&
      saved.token &&
      typeof saved.loginTimestamp === 'number'
    ) {
      return {
        ...signedOut,
        user: saved.user,
        token: saved.token,
        isAuthenticated: true,
        loginTimestamp: saved.loginTimestamp,
      };
    }
  } catch {
    /* unreadable: start signed out */
  }
  return signedOut;
}

let state: AuthState = typeof window === 'undefined' ? signedOut : restore();
const listeners = new Set<() => void>();

const PERSISTED = ['user', 'token', 'isAuthenticated', 'loginTimestamp'] as const;

function setState(next: Partial<AuthState>) {
  const previous = state;
  state = { ...state, ...next };
  // Storage is written only when the session itself changes, never for loading or error
  // flags: a late UI update must not overwrite what another tab (or a test) stored.
  if (PERSISTED.some((key) => previous[key] !== state[key])) {
    const { user, token, isAuthenticated, loginTimestamp } = state;
    if (isAuthenticated)
      storage.set(
        STORAGE_KEYS.auth,
        JSON.stringify({ user, token, isAuthenticated, loginTimestamp }),
      );
    else storage.remove(STORAGE_KEYS.auth);
  }
  for (const listener of listeners) listener();
}

function clearSession(error: string | null = null) {
  storage.remove(STORAGE_KEYS.token);
  setState({ ...signedOut, error });
}

export const getAuthState = () => state;

export function useAuth(): AuthState {
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
export function isSessionValid(auth: AuthState, now = Date.now()): boolean {
  return (
    auth.isAuthenticated &&
    auth.loginTimestamp !== null &&
    now - auth.loginTimestamp <= SESSION_LIFETIME_MS &&
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
  setState({
    user: response.user,
    token: response.access_token,
    isAuthenticated: true,
    loginTimestamp: Date.now(),
    error: null,
    loading: false,
  });
}

export async function login(input: LoginInput): Promise<boolean> {
  checkSession();
  setState({ loading: true, error: null });
  try {
    const response = await apiRequest<LoginResponse>('/auth/login', {
      method: 'POST',
      body: { msisdn: input.msisdn, password: input.password },
      skipUnauthorizedHandler: true,
    });
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
  error === shellMessages.password.loggedOutEverywhere;

/** Keeps the signed-in user's details fresh (e.g. after a profile change). */
export const updateSignedInUser = (user: User) => setState({ user });

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
  setState({ user });
  return user;
}

/**
 * The signed-in user as the server has them now: the number may have been verified on another
 * device, or the stored copy may predate verification (ACCT-12 decides on the server's copy).
 */
export async function refreshSignedInUser(): Promise<User> {
  const { user } = await apiRequest<MeResponse>('/auth/me');
  setState({ user });
  return user;
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
