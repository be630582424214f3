import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { COMPANY_NAME, STAFF_SESSION_IDLE_MS } from '../../../shared/constants';
import type { Database, Executor } from '../../db/client';
import * as repo from './staff-second-step.repository';

/**
 * The staff's second step (ACCT-22 to ACCT-25): an authenticator app (TOTP, RFC 6238: SHA-1,
 * 6 digits, 30 seconds, the settings every app reads from a QR code), its recovery codes, and
 * the limit on sign-in codes by SMS. The tickets and the two calls of a pending sign-in are
 * the renters' (pending-sign-in.ts, decision 029); this module only knows the proofs.
 */

export const TOTP_PERIOD_SECONDS = 30;
/** A code from the step before or after is accepted too: a phone's clock drifts. */
const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
export const STAFF_CODE_WINDOW_SECONDS = 60 * 60;

const totpFor = (secret: string, label: string) =>
  new TOTP({
    issuer: COMPANY_NAME,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
  });

/** 160 random bits, base32 (RFC 4226's recommended key length). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** What the setup screen shows: the otpauth:// link, as a QR code (an SVG data URL) too. */
export function authenticatorSetup(secret: string, msisdn: string) {
  const otpauthUri = totpFor(secret, `+${msisdn}`).toString();
  const svg = renderSVG(otpauthUri, { border: 2 });
  return {
    otpauth_uri: otpauthUri,
    secret,
    qr_svg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** The time step whose code `typed` is (within a step of now), or null. */
export function matchingTotpStep(secret: string, typed: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(typed)) return null;
  const delta = totpFor(secret, 'x').validate({
    token: typed,
    timestamp: now,
    window: TOTP_WINDOW,
  });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code an authenticator shows now: for tests and the seed's tools, never sent anywhere. */
export const currentTotpCode = (secret: string, now = Date.now()) =>
  totpFor(secret, 'x').generate({ timestamp: now });

// No 0/o, 1/l/i: a code read off paper is typed right.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

/** Ten characters from 31 (about 50 bits), shown as 'xxxxx-xxxxx'. */
export function generateRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++)
    code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** As typed: any case, spaces and dashes ignored. Null when it cannot be a recovery code. */
export function normalizeRecoveryCode(typed: string): string | null {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '');
  return new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_LENGTH}}$`).test(plain) ? plain : null;
}

/**
 * Stored form. The codes carry 50 random bits, so a fast digest is enough; bound to the
 * account so one account's digest never stands for another's.
 */
export const hashRecoveryCode = (userId: number, normalized: string) =>
  createHash('sha256').update(`recovery:${userId}:${normalized}`).digest('hex');

/** Ten new codes for the account, replacing the old ones; the plain codes go to the person once. */
export async function issueRecoveryCodes(db: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await repo.replaceRecoveryCodes(
    db,
    userId,
    codes.map((code) => hashRecoveryCode(userId, normalizeRecoveryCode(code)!)),
  );
  return codes;
}

/**
 * A recovery code in place of a code (ACCT-25): used up if it is one of the account's
 * unused ones.
 */
export async function redeemRecoveryCode(db: Executor, userId: number, typed: string) {
  const normalized = normalizeRecoveryCode(typed);
  if (!normalized) return false;
  return repo.useRecoveryCode(db, userId, hashRecoveryCode(userId, normalized));
}

/**
 * An authenticator code for the account's confirmed key, accepted once (ACCT-24): a code
 * whose step is not later than the last one accepted is refused, so a code seen over a
 * shoulder cannot be used again.
 */
export async function redeemTotpCode(
  db: Executor,
  userId: number,
  typed: string,
  now = Date.now(),
) {
  const row = await repo.findSecondStepForUpdate(db, userId);
  if (!row?.totpSecret) return false;
  const step = matchingTotpStep(row.totpSecret, typed, now);
  if (step === null || (row.totpLastStep !== null && step <= row.totpLastStep)) return false;
  await repo.setLastStep(db, userId, step);
  return true;
}

/**
 * The first code from an authenticator being set up: confirms the key shown in the QR code
 * and gives the ten recovery codes (null: not its code, or no setup waiting).
 */
export async function confirmAuthenticator(
  db: Executor,
  userId: number,
  typed: string,
  now = Date.now(),
): Promise<string[] | null> {
  const row = await repo.findSecondStepForUpdate(db, userId);
  if (!row?.pendingTotpSecret) return null;
  const step = matchingTotpStep(row.pendingTotpSecret, typed, now);
  if (step === null) return null;
  await repo.confirmPendingSecret(db, userId, step);
  return issueRecoveryCodes(db, userId);
}

/** How the account proves its second step now (ACCT-22). */
export async function secondStepOf(db: Executor, userId: number) {
  const row = await repo.findSecondStep(db, userId);
  return {
    method: row?.method ?? 'totp',
    authenticatorReady: Boolean(row?.totpSecret),
  };
}

/** Starts an authenticator setup: a new key waits for its first code (ACCT-22). */
export async function startAuthenticatorSetup(db: Executor, userId: number) {
  const secret = newTotpSecret();
  await repo.setPendingSecret(db, userId, secret);
  return secret;
}

/**
 * ACCT-23: staff sign-in codes have their own hourly limit (STAFF_SIGN_IN_CODES_PER_HOUR,
 * default 30) instead of LIMIT-9's.
 */
export async function staffCodeLimit(db: Executor, msisdn: string, perHour: number) {
  const recent = await repo.recentSignInCodes(db, msisdn, STAFF_CODE_WINDOW_SECONDS);
  if (recent.count < perHour || recent.secondsSinceOldest === null)
    return { allowed: true as const };
  return {
    allowed: false as const,
    reason: 'hourly' as const,
    retryAfterSeconds: Math.max(
      1,
      Math.ceil(STAFF_CODE_WINDOW_SECONDS - recent.secondsSinceOldest),
    ),
  };
}

/** How often a process writes that a staff session was used (ACCT-27). */
export const ACTIVITY_WRITE_EVERY_MS = 60_000;

/**
 * Staff sessions end after 30 minutes without a request (ACCT-27). Each process writes a
 * session's last use at most once a minute: a session this process saw written less than a
 * minute ago is live whatever the others did; otherwise one conditional statement both checks
 * and moves the shared time, so processes never disagree. A session can so end up to a minute
 * before 30 minutes after its last request, never after.
 */
export class StaffSessionActivity {
  private readonly written = new Map<number, number>();

  constructor(private readonly db: Database) {}

  async touch(sessionId: number, now = Date.now()): Promise<boolean> {
    const known = this.written.get(sessionId);
    if (known !== undefined && now - known < ACTIVITY_WRITE_EVERY_MS && now >= known) return true;
    const live = await repo.touchSession(
      this.db,
      sessionId,
      new Date(now),
      new Date(now - STAFF_SESSION_IDLE_MS),
    );
    if (live) {
      // Bounded: a staff team's sessions, not the public's.
      if (this.written.size >= 5_000) this.written.clear();
      this.written.set(sessionId, now);
    } else {
      this.written.delete(sessionId);
    }
    return live;
  }
}

export const recordSessionStart = repo.insertSessionActivity;

/** The account's second step becomes an SMS code (the demo staff; the console's choice). */
export const chooseSmsSecondStep = (db: Executor, userId: number) =>
  repo.setMethod(db, userId, 'sms');
