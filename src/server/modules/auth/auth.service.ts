import {
  SESSION_LIFETIME_MS,
  LOGIN_SUCCESS_STATUS_CODE,
  STAFF_SESSION_LIFETIME_MS,
} from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { normalizeMsisdn, parseMsisdn } from '../../../shared/phone';
import type {
  ChangePasswordInput,
  ForgotPasswordInput,
  ForgotPasswordResponse,
  LoginCodeInput,
  LoginCodeResponse,
  LoginInput,
  LoginResponse,
  PendingSignInResponse,
  RegisterInput,
  ResetPasswordInput,
  UpdateProfileInput,
  User,
} from '../../../shared/schemas/auth';
import type { Database, Executor } from '../../db/client';
import { HttpError } from '../../http-errors';
import type { SmsMessage } from '../sms/sms-gateway';
import { accountTemplates } from '../messages/templates';
import * as repo from './auth.repository';
import { codeRefused, type CodeIssue } from './code-refusal';
import {
  assertSmsCountry,
  budgetSpent,
  checkCodeBudget,
  defaultSmsBill,
  type SmsBill,
} from './code-budget';
import { attachCode, createTicket, redeemTicket, secondsSinceLastTicket } from './auth-tickets';
import { hashPassword, timingSafeDummyHash, verifyPassword } from './passwords';
import {
  CODE_MAX_WRONG_TRIES,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  CODE_WINDOW_SECONDS,
  codeMatches,
  codeMessage,
  generateCode,
  hashCode,
  sendLimit,
  type CodePurpose,
} from './phone-codes';
import { finishPendingSignIn, startPendingSignIn, startStaffSignIn } from './pending-sign-in';
import { recordSessionStart, staffCodeLimit, type StaffSessionActivity } from './staff-second-step';
import type { SessionCache, SignIn } from './session-cache';
import { generateAccessToken, hashAccessToken } from './tokens';
import { staffAccessOf } from './staff-access';

/**
 * Sign-in limits that never lock the owner out (LIMIT-1, LIMIT-8): strict per number and
 * address, so a stranger elsewhere cannot use up the owner's tries; generous per number
 * across all addresses, so guessing from many addresses still stops. Only failures count.
 */
export const LOGIN_FAILURES_PER_NUMBER_AND_ADDRESS = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const LOGIN_FAILURES_PER_NUMBER = 30;
export const LOGIN_NUMBER_WINDOW_SECONDS = 60 * 60;
/** Registration attempts for one number (duplicates, typos) before it must wait. */
export const REGISTER_ATTEMPTS_PER_NUMBER = 5;
export const REGISTER_WINDOW_SECONDS = 15 * 60;
/** Wrong current passwords on one account before password change must wait. */
export const PASSWORD_CHANGE_FAILURES = 5;

/**
 * Queues a text in the transaction that stores what it announces (the SMS outbox, MSG-1):
 * it goes only if that commits, and is retried if the provider fails.
 */
export type SendSms = (
  tx: Executor,
  message: SmsMessage,
  kind: string,
  userId?: number | null,
) => Promise<void>;

const invalidNumber = () =>
  new HttpError(422, messages.http.validation, { msisdn: [messages.phone.invalid] });

/** The account's number in E.164 digits, or 422 'Enter a valid phone number.' (ACCT-1). */
export function accountMsisdn(raw: string): string {
  const msisdn = parseMsisdn(raw);
  if (!msisdn) throw invalidNumber();
  return msisdn;
}

const wrongCode = () =>
  new HttpError(422, messages.phone.codeWrong, { code: [messages.phone.codeWrong] });

export function toPublicUser(row: repo.UserRow): User {
  return {
    id: row.id,
    name: row.name,
    msisdn: row.msisdn,
    email: row.email,
    whatsapp: row.whatsapp,
    role: row.role,
    staff_role: row.staffRole,
    phone_verified: row.phoneVerifiedAt !== null,
    sms_reminders: row.smsReminders,
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

/** A new session: a renter's lasts 60 minutes, a staff member's 12 hours at most (ACCT-27). */
async function startSession(db: Database, user: repo.UserRow): Promise<LoginResponse> {
  const token = generateAccessToken();
  const now = Date.now();
  const staff = user.role === 'staff';
  const expiresAt = new Date(now + (staff ? STAFF_SESSION_LIFETIME_MS : SESSION_LIFETIME_MS));
  const session = await repo.insertSession(db, {
    userId: user.id,
    tokenHash: hashAccessToken(token),
    expiresAt,
  });
  if (staff) await recordSessionStart(db, session.id, new Date(now));
  return {
    status_code: LOGIN_SUCCESS_STATUS_CODE,
    message: 'Login successful',
    user: toPublicUser(user),
    access_token: token,
    expires_at: expiresAt.toISOString(),
  };
}

/** Sign-ups an hour from one client address are counted in this window (LIMIT-17). */
export const SIGNUP_WINDOW_SECONDS = 60 * 60;

/** Registers and signs in; the new number gets a verification code by SMS (ACCT-10). */
export async function registerUser(
  db: Database,
  input: RegisterInput,
  sendSms: SendSms,
  clientAddress = 'unknown',
  bill: SmsBill = defaultSmsBill,
): Promise<LoginResponse> {
  const msisdn = accountMsisdn(input.msisdn);
  assertSmsCountry(msisdn, bill);
  const attempt = await repo.countThrottledAttempt(
    db,
    `register:${msisdn}`,
    REGISTER_WINDOW_SECONDS,
  );
  if (attempt.count > REGISTER_ATTEMPTS_PER_NUMBER) throw tooManyAttempts(attempt.windowEndsAt);
  // Successful sign-ups per address (LIMIT-17): counted now, atomically across processes,
  // and given back by any sign-up that does not happen.
  const signupKey = `signup-address:${clientAddress}`;
  const signups = await repo.countThrottledAttempt(db, signupKey, SIGNUP_WINDOW_SECONDS);
  const giveBack = () => repo.releaseThrottledAttempt(db, signupKey);
  if (signups.count > bill.signupsPerAddressPerHour) {
    await giveBack();
    const seconds = Math.max(1, Math.ceil((signups.windowEndsAt.getTime() - Date.now()) / 1000));
    throw new HttpError(429, messages.phone.tooManySignUps(Math.ceil(seconds / 60)), undefined, {
      'Retry-After': String(seconds),
    });
  }
  // No account whose first code could not go (LIMIT-18).
  const budget = await db.transaction((tx) => checkCodeBudget(tx, bill, sendSms));
  if (!budget.allowed) {
    await giveBack();
    throw budgetSpent(budget.retryAfterSeconds);
  }

  const passwordHash = await hashPassword(input.password);
  // The unique index decides between two simultaneous sign-ups with one number.
  const user = await repo.insertUser(db, { name: input.name.trim(), msisdn, passwordHash });
  if (!user) {
    await giveBack();
    throw new HttpError(409, messages.register.duplicate, {
      msisdn: [messages.register.duplicate],
    });
  }
  const response = await startSession(db, user);
  await issueCode(db, user, 'verify', sendSms, bill);
  return { ...response, message: 'Registration successful' };
}

/**
 * POST /api/auth/login (ACCT-3). Past the number's limit (LIMIT-8) the password is still
 * checked: the right one goes on to a second step by SMS code (ACCT-17), so a stranger can
 * never keep the owner out; a wrong one gets the same 429 as before.
 */
export async function loginUser(
  db: Database,
  input: LoginInput,
  clientAddress: string,
  sendSms: SendSms,
  bill: SmsBill = defaultSmsBill,
): Promise<LoginResponse | PendingSignInResponse> {
  // An account made before numbers were parsed by the library (a landline, say) can still sign
  // in: a number the library refuses is looked up in its plain tidied form, and an unknown one
  // gets the usual 401.
  const msisdn = parseMsisdn(input.msisdn) ?? normalizeMsisdn(input.msisdn);
  // Counted before the password is checked, each in one atomic statement: however many
  // requests arrive at once, across processes, no more tries than the limits are verified.
  const pairKey = `login:${msisdn}:${clientAddress}`;
  const pair = await repo.countThrottledAttempt(db, pairKey, LOGIN_WINDOW_SECONDS);
  if (pair.count > LOGIN_FAILURES_PER_NUMBER_AND_ADDRESS) throw tooManyAttempts(pair.windowEndsAt);
  // Past the address's own limit the number's budget is not touched: a stranger hammering
  // from one address does not use up what the owner has elsewhere.
  const numberKey = `login-number:${msisdn}`;
  const number = await repo.countThrottledAttempt(db, numberKey, LOGIN_NUMBER_WINDOW_SECONDS);
  const numberLocked = number.count > LOGIN_FAILURES_PER_NUMBER;

  const user = await repo.findUserByMsisdn(db, msisdn);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await timingSafeDummyHash(), input.password), false);
  if (!user || !valid) {
    throw numberLocked
      ? tooManyAttempts(number.windowEndsAt)
      : new HttpError(401, messages.login.invalidCredentials);
  }
  // Told only to whoever knows the password: a stranger learns nothing about the account.
  if (user.deactivatedAt) throw new HttpError(403, messages.session.deactivated);
  await repo.clearThrottle(db, pairKey);
  await repo.releaseThrottledAttempt(db, numberKey);
  // Staff always take a second step (ACCT-22), past the number's limit or not.
  if (user.role === 'staff') {
    return startStaffSignIn(db, user, () =>
      issueCode(db, user, 'login', sendSms, bill, { keepOpenCodes: true, staff: true }),
    );
  }
  if (numberLocked) {
    return startPendingSignIn(db, user, () =>
      issueCode(db, user, 'login', sendSms, bill, { keepOpenCodes: true }),
    );
  }
  return startSession(db, user);
}

/**
 * POST /api/auth/login/code (ACCT-17, ACCT-22): the second step gives the session, and the
 * recovery codes once when it confirmed a new authenticator (ACCT-25).
 */
export async function finishLogin(db: Database, input: LoginCodeInput): Promise<LoginCodeResponse> {
  const { user, recoveryCodes } = await finishPendingSignIn(db, input.ticket, input.code);
  // Switched off between the password and the code (ROLE-9): no session.
  if (user.deactivatedAt) throw new HttpError(403, messages.session.deactivated);
  const session = await startSession(db, user);
  return recoveryCodes ? { ...session, recovery_codes: recoveryCodes } : session;
}

export type Authenticated = SignIn;

/** Resolves a bearer token to its user, or explains in words why it cannot. */
export async function authenticateToken(
  db: Database,
  sessions: SessionCache,
  token: string,
  staffActivity: StaffSessionActivity,
): Promise<Authenticated> {
  const tokenHash = hashAccessToken(token);
  let expired = false;
  let deactivated = false;
  const found = await sessions.find(tokenHash, async () => {
    const row = await repo.findSessionByTokenHash(db, tokenHash);
    // A switched-off staff account signs in nowhere, whatever sessions it had (ROLE-9); said
    // before "revoked", since switching it off also ends its sessions.
    if (row?.user.deactivatedAt) {
      deactivated = true;
      return undefined;
    }
    if (!row || row.session.revokedAt) return undefined;
    if (row.session.expiresAt.getTime() <= Date.now()) {
      expired = true;
      return undefined;
    }
    return {
      user: row.user,
      sessionId: row.session.id,
      expiresAt: row.session.expiresAt,
      staff: staffAccessOf(row.user, row.branchIds),
    };
  });
  if (!found)
    throw new HttpError(
      401,
      deactivated
        ? messages.session.deactivated
        : expired
          ? messages.session.expired
          : messages.session.required,
    );
  // A cached sign-in runs out while cached: the absolute 60 minutes hold all the same.
  if (found.expiresAt.getTime() <= Date.now()) {
    sessions.forget(tokenHash);
    throw new HttpError(401, messages.session.expired);
  }
  // A staff session also ends after 30 minutes without a request (ACCT-27).
  if (found.user.role === 'staff' && !(await staffActivity.touch(found.sessionId))) {
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
  // Reminders only: codes and news about a booking always go (MSG-9).
  if (input.sms_reminders !== undefined) values.smsReminders = input.sms_reminders;
  const user = await repo.updateUser(db, userId, values);
  // The session was valid a moment ago; an account deleted since then is simply gone.
  if (!user) throw new HttpError(401, messages.session.required);
  return toPublicUser(user);
}

/**
 * Codes only the account's holder can ask for: a sign-in code follows the right password
 * (ACCT-17), a verify code a session (ACCT-10). They count among themselves only (LIMIT-9), so
 * the reset codes anyone who knows the number may ask for never use them up.
 */
const PROVEN_PURPOSES: readonly CodePurpose[] = ['login', 'verify'];

/**
 * Stores a new code for the user's number and sends it, within the send limits (LIMIT-9, or
 * ACCT-23's for `staff`). Returns the refusal instead of sending when a limit is reached.
 * `keepOpenCodes`: a code bound to a ticket (ACCT-13, ACCT-17) leaves other tickets' codes
 * working.
 */
async function issueCode(
  db: Database,
  user: repo.UserRow,
  purpose: CodePurpose,
  sendSms: SendSms,
  bill: SmsBill = defaultSmsBill,
  options: { keepOpenCodes?: boolean; staff?: boolean } = {},
): Promise<CodeIssue> {
  const code = generateCode();
  const verdict = await db.transaction(async (tx) => {
    await repo.lockNumberForCodes(tx, user.msisdn);
    // A staff sign-in code follows the right password of a staff account, several times a
    // working day: its own hourly limit rather than the per-number ones (ACCT-23).
    const limit = options.staff
      ? await staffCodeLimit(tx, user.msisdn, bill.staffSignInCodesPerHour)
      : sendLimit(
          await repo.recentCodeStats(
            tx,
            user.msisdn,
            CODE_WINDOW_SECONDS,
            PROVEN_PURPOSES.includes(purpose) ? PROVEN_PURPOSES : undefined,
          ),
        );
    if (!limit.allowed) return limit;
    // The company's hourly budget (LIMIT-18), after the number's own limits.
    const budget = await checkCodeBudget(tx, bill, sendSms);
    if (!budget.allowed) return budget;
    if (!options.keepOpenCodes) await repo.endOpenCodes(tx, user.id, purpose);
    const codeId = await repo.insertCode(tx, {
      userId: user.id,
      msisdn: user.msisdn,
      purpose,
      codeHash: hashCode(user.msisdn, purpose, code),
      ttlSeconds: CODE_TTL_SECONDS,
    });
    // In the same transaction: a message never announces a code that was rolled back.
    await sendSms(tx, { to: user.msisdn, body: codeMessage(purpose, code) }, 'code', user.id);
    return { ...limit, codeId };
  });
  if (!verdict.allowed) return { sent: false, ...verdict };
  return { sent: true, codeId: verdict.codeId };
}

/** The same database work as `issueCode` for a number without an account: nothing is stored. */
async function issueNoCode(
  db: Database,
  msisdn: string,
  sendSms: SendSms,
  bill: SmsBill = defaultSmsBill,
): Promise<void> {
  const code = generateCode();
  await db.transaction(async (tx) => {
    await repo.lockNumberForCodes(tx, msisdn);
    if (sendLimit(await repo.recentCodeStats(tx, msisdn, CODE_WINDOW_SECONDS)).allowed)
      await checkCodeBudget(tx, bill, sendSms);
    hashCode(msisdn, 'reset', code);
  });
}

/** POST /api/auth/phone/send-code: a new code to the signed-in user's number (ACCT-10). */
export async function sendVerificationCode(
  db: Database,
  user: repo.UserRow,
  sendSms: SendSms,
  bill: SmsBill = defaultSmsBill,
): Promise<void> {
  // A verified number needs no code; the answer is the same so nothing is learnt from it.
  if (user.phoneVerifiedAt) return;
  assertSmsCountry(user.msisdn, bill);
  const result = await issueCode(db, user, 'verify', sendSms, bill);
  if (!result.sent) throw codeRefused(result);
}

/**
 * Uses the user's open code of this purpose if `typed` is it, running `onMatch` in the same
 * transaction. A wrong try is counted (and the fifth ends the code) even though the caller
 * then answers 422: the count commits with the transaction.
 */
async function redeemCode(
  db: Database,
  user: repo.UserRow,
  purpose: CodePurpose,
  typed: string,
  onMatch: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const open = await repo.findOpenCodeForUpdate(tx, user.id, purpose);
    if (!open) return false;
    if (!codeMatches(open.codeHash, open.msisdn, purpose, typed.trim())) {
      await repo.recordWrongTry(tx, open.id, CODE_MAX_WRONG_TRIES);
      return false;
    }
    await repo.endCode(tx, open.id);
    await onMatch(tx);
    return true;
  });
}

/** POST /api/auth/phone/verify (ACCT-10). */
export async function verifyPhone(db: Database, user: repo.UserRow, code: string): Promise<User> {
  if (user.phoneVerifiedAt) return toPublicUser(user);
  let verified: repo.UserRow | undefined;
  const ok = await redeemCode(db, user, 'verify', code, async (tx) => {
    verified = await repo.markPhoneVerified(tx, user.id);
  });
  if (!ok || !verified) throw wrongCode();
  return toPublicUser(verified);
}

/**
 * POST /api/auth/password/forgot (ACCT-13): the same answer, and the same work, whether or
 * not the number has an account: a ticket for this device, bound to the code sent (if any).
 * Past the hourly send limit nothing is sent, silently. Within 60 s of the number's last
 * request, known number or not, 429 saying when the next may be asked for (LIMIT-9).
 */
export async function requestPasswordReset(
  db: Database,
  input: ForgotPasswordInput,
  sendSms: SendSms,
  bill: SmsBill = defaultSmsBill,
): Promise<ForgotPasswordResponse> {
  const msisdn = accountMsisdn(input.msisdn);
  assertSmsCountry(msisdn, bill);
  const user = await repo.findUserByMsisdn(db, msisdn);
  const started = await db.transaction(async (tx) => {
    // One request at a time per number, across processes, so two at once cannot both pass.
    await repo.lockNumberForCodes(tx, msisdn);
    const since = await secondsSinceLastTicket(tx, msisdn, 'reset');
    if (since !== null && since < CODE_RESEND_SECONDS) {
      return { waitSeconds: Math.max(1, Math.ceil(CODE_RESEND_SECONDS - since)) };
    }
    return createTicket(tx, { purpose: 'reset', userId: user?.id ?? null, msisdn });
  });
  if ('waitSeconds' in started) {
    throw new HttpError(429, messages.phone.resendTooSoon(started.waitSeconds), undefined, {
      'Retry-After': String(started.waitSeconds),
    });
  }
  if (user) {
    const issued = await issueCode(db, user, 'reset', sendSms, bill, { keepOpenCodes: true });
    await attachCode(db, started.id, issued.sent ? issued.codeId : null);
  } else {
    await issueNoCode(db, msisdn, sendSms, bill);
    await attachCode(db, started.id, null);
  }
  return { message: messages.password.forgotAccepted, ticket: started.ticket };
}

/**
 * POST /api/auth/password/reset (ACCT-13): the code sent for this ticket proves the number,
 * so the phone becomes verified, every session ends and the number's sign-in limits are
 * cleared. Wrong codes count on the ticket, never on the owner's. The new password is hashed
 * before the code is looked at, so a wrong code, an unknown number and a right code cost the
 * same.
 */
export async function resetPassword(
  db: Database,
  input: ResetPasswordInput,
  sendSms: SendSms,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const outcome = await redeemTicket(db, 'reset', input.ticket, input.code, async (tx, row) => {
    await repo.setPasswordHash(tx, row.userId, passwordHash, { verifyPhone: true });
    await repo.revokeUserSessions(tx, row.userId);
    await repo.clearSignInThrottles(tx, row.msisdn);
    await tellPasswordChanged(tx, row.msisdn, row.userId, sendSms);
  });
  if (outcome === 'ended') {
    throw new HttpError(422, messages.password.ticketEnded, {
      ticket: [messages.password.ticketEnded],
    });
  }
  if (outcome === 'wrong') throw wrongCode();
}

/** The owner hears of every password change by SMS, in the change's transaction (ACCT-19). */
const tellPasswordChanged = (tx: Executor, msisdn: string, userId: number, sendSms: SendSms) =>
  sendSms(
    tx,
    { to: msisdn, body: accountTemplates.password_changed() },
    'password_changed',
    userId,
  );

/** POST /api/auth/password/change (ACCT-14): every other session ends. */
export async function changePassword(
  db: Database,
  auth: SignIn,
  input: ChangePasswordInput,
  sendSms: SendSms,
): Promise<void> {
  const throttleKey = `password-change:${auth.user.id}`;
  const attempt = await repo.countThrottledAttempt(db, throttleKey, LOGIN_WINDOW_SECONDS);
  if (attempt.count > PASSWORD_CHANGE_FAILURES) throw tooManyAttempts(attempt.windowEndsAt);
  if (!(await verifyPassword(auth.user.passwordHash, input.current_password))) {
    throw new HttpError(422, messages.http.validation, {
      current_password: [messages.password.currentWrong],
    });
  }
  await repo.clearThrottle(db, throttleKey);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, auth.user.id, passwordHash, { verifyPhone: false });
    await repo.revokeUserSessions(tx, auth.user.id, auth.sessionId);
    await tellPasswordChanged(tx, auth.user.msisdn, auth.user.id, sendSms);
  });
}

/** POST /api/auth/logout-all (ACCT-14). */
export const logoutEverywhere = (db: Database, userId: number) =>
  repo.revokeUserSessions(db, userId);
