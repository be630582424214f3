import { SESSION_LIFETIME_MS, LOGIN_SUCCESS_STATUS_CODE } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { normalizeMsisdn } from '../../../shared/phone';
import type {
  LoginInput,
  LoginResponse,
  RegisterInput,
  UpdateProfileInput,
  User,
} from '../../../shared/schemas/auth';
import type { Database } from '../../db/client';
import { HttpError } from '../../http-errors';
import * as repo from './auth.repository';
import { hashPassword, timingSafeDummyHash, verifyPassword } from './passwords';
import type { SessionCache, SignIn } from './session-cache';
import { generateAccessToken, hashAccessToken } from './tokens';

/** PRODUCT.md P2.10: strict per phone number. Five failed tries, then wait 15 minutes. */
export const LOGIN_FAILURES_PER_NUMBER = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Registration attempts for one number (duplicates, typos) before it must wait. */
export const REGISTER_ATTEMPTS_PER_NUMBER = 5;
export const REGISTER_WINDOW_SECONDS = 15 * 60;

export function toPublicUser(row: repo.UserRow): User {
  return {
    id: row.id,
    name: row.name,
    msisdn: row.msisdn,
    email: row.email,
    whatsapp: row.whatsapp,
    role: row.role,
  };
}

function tooManyAttempts(windowEndsAt: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((windowEndsAt.getTime() - Date.now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new HttpError(
    429,
    `Too many attempts for this phone number. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

async function startSession(db: Database, user: repo.UserRow): Promise<LoginResponse> {
  const token = generateAccessToken();
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  await repo.insertSession(db, { userId: user.id, tokenHash: hashAccessToken(token), expiresAt });
  return {
    status_code: LOGIN_SUCCESS_STATUS_CODE,
    message: 'Login successful',
    user: toPublicUser(user),
    access_token: token,
    expires_at: expiresAt.toISOString(),
  };
}

export async function registerUser(db: Database, input: RegisterInput): Promise<LoginResponse> {
  const msisdn = normalizeMsisdn(input.msisdn);
  const attempt = await repo.countThrottledAttempt(
    db,
    `register:${msisdn}`,
    REGISTER_WINDOW_SECONDS,
  );
  if (attempt.count > REGISTER_ATTEMPTS_PER_NUMBER) throw tooManyAttempts(attempt.windowEndsAt);

  const passwordHash = await hashPassword(input.password);
  // The unique index decides between two simultaneous sign-ups with one number.
  const user = await repo.insertUser(db, { name: input.name.trim(), msisdn, passwordHash });
  if (!user) {
    throw new HttpError(409, messages.register.duplicate, {
      msisdn: [messages.register.duplicate],
    });
  }
  const response = await startSession(db, user);
  return { ...response, message: 'Registration successful' };
}

export async function loginUser(db: Database, input: LoginInput): Promise<LoginResponse> {
  const msisdn = normalizeMsisdn(input.msisdn);
  const throttleKey = `login:${msisdn}`;
  // Counted before the password is checked, in one atomic statement: however many requests
  // arrive at once, across processes, at most LOGIN_FAILURES_PER_NUMBER are ever verified.
  const attempt = await repo.countThrottledAttempt(db, throttleKey, LOGIN_WINDOW_SECONDS);
  if (attempt.count > LOGIN_FAILURES_PER_NUMBER) throw tooManyAttempts(attempt.windowEndsAt);

  const user = await repo.findUserByMsisdn(db, msisdn);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await timingSafeDummyHash(), input.password), false);
  if (!user || !valid) throw new HttpError(401, messages.login.invalidCredentials);
  await repo.clearThrottle(db, throttleKey);
  return startSession(db, user);
}

export type Authenticated = SignIn;

/** Resolves a bearer token to its user, or explains in words why it cannot. */
export async function authenticateToken(
  db: Database,
  sessions: SessionCache,
  token: string,
): Promise<Authenticated> {
  const tokenHash = hashAccessToken(token);
  let expired = false;
  const found = await sessions.find(tokenHash, async () => {
    const row = await repo.findSessionByTokenHash(db, tokenHash);
    if (!row || row.session.revokedAt) return undefined;
    if (row.session.expiresAt.getTime() <= Date.now()) {
      expired = true;
      return undefined;
    }
    return { user: row.user, sessionId: row.session.id, expiresAt: row.session.expiresAt };
  });
  if (!found)
    throw new HttpError(401, expired ? messages.session.expired : messages.session.required);
  // A cached sign-in runs out while cached: the absolute 60 minutes hold all the same.
  if (found.expiresAt.getTime() <= Date.now()) {
    sessions.forget(tokenHash);
    throw new HttpError(401, messages.session.expired);
  }
  return found;
}

export const logoutSession = (db: Database, sessionId: number) => repo.revokeSession(db, sessionId);

/**
 * The renter's own details (PATCH /api/auth/me). The WhatsApp number is stored like the
 * sign-in number, so '024 412 3456' and '+233244123456' are the same number.
 */
export async function updateProfile(
  db: Database,
  userId: number,
  input: UpdateProfileInput,
): Promise<User> {
  const values: Parameters<typeof repo.updateUser>[2] = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.email !== undefined) values.email = input.email;
  if (input.whatsapp !== undefined)
    values.whatsapp = input.whatsapp === null ? null : normalizeMsisdn(input.whatsapp);
  const user = await repo.updateUser(db, userId, values);
  // The session was valid a moment ago; an account deleted since then is simply gone.
  if (!user) throw new HttpError(401, messages.session.required);
  return toPublicUser(user);
}
