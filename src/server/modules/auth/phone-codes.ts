import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The rules of the one-time codes sent by SMS (ACCT-11, LIMIT-9). Pure functions and
 * numbers; the repository applies them in the database, where they hold across processes.
 */
export const CODE_DIGITS = 6;
/** How long a code works after it is sent. */
export const CODE_TTL_SECONDS = 10 * 60;
/** Wrong tries that end a code: guessing one in a million five times is hopeless. */
export const CODE_MAX_WRONG_TRIES = 5;
/** The earliest another code may be sent to the same number. */
export const CODE_RESEND_SECONDS = 60;
/** Codes sent to one number in any hour, so nobody can flood a phone with texts. */
export const CODES_PER_NUMBER_PER_HOUR = 5;
export const CODE_WINDOW_SECONDS = 60 * 60;
/** And in any 24 hours (LIMIT-9): five an hour, every hour, would still be a bill. */
export const CODES_PER_NUMBER_PER_DAY = 5;
export const CODE_DAY_SECONDS = 24 * 60 * 60;

/** 'login': the second step of a sign-in past the number's limit (ACCT-17). */
export type CodePurpose = 'verify' | 'reset' | 'login';

/** Six digits from the operating system's random source, leading zeros kept. */
export const generateCode = () =>
  String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');

/**
 * The stored form. Bound to the number and purpose, so a digest from one row cannot stand
 * in for another's; a copy of the table shows no code that could still be typed in.
 */
export const hashCode = (msisdn: string, purpose: CodePurpose, code: string) =>
  createHash('sha256').update(`${purpose}:${msisdn}:${code}`).digest('hex');

/** Whether a typed code is the stored one, in constant time. Malformed input never matches. */
export function codeMatches(
  storedHash: string,
  msisdn: string,
  purpose: CodePurpose,
  typed: string,
): boolean {
  if (!new RegExp(`^\\d{${CODE_DIGITS}}$`).test(typed)) return false;
  const a = Buffer.from(storedHash, 'hex');
  const b = Buffer.from(hashCode(msisdn, purpose, typed), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a new code may be sent now, from the number's codes of the last hour and day. */
export function sendLimit(recent: {
  count: number;
  secondsSinceLast: number | null;
  secondsSinceOldest: number | null;
  dayCount?: number;
  secondsSinceOldestInDay?: number | null;
}):
  | { allowed: true }
  | { allowed: false; reason: 'too-soon' | 'hourly' | 'daily'; retryAfterSeconds: number } {
  if (recent.secondsSinceLast !== null && recent.secondsSinceLast < CODE_RESEND_SECONDS) {
    return {
      allowed: false,
      reason: 'too-soon',
      retryAfterSeconds: Math.max(1, Math.ceil(CODE_RESEND_SECONDS - recent.secondsSinceLast)),
    };
  }
  if (recent.count >= CODES_PER_NUMBER_PER_HOUR && recent.secondsSinceOldest !== null) {
    return {
      allowed: false,
      reason: 'hourly',
      retryAfterSeconds: Math.max(1, Math.ceil(CODE_WINDOW_SECONDS - recent.secondsSinceOldest)),
    };
  }
  const oldestInDay = recent.secondsSinceOldestInDay ?? null;
  if ((recent.dayCount ?? 0) >= CODES_PER_NUMBER_PER_DAY && oldestInDay !== null) {
    return {
      allowed: false,
      reason: 'daily',
      retryAfterSeconds: Math.max(1, Math.ceil(CODE_DAY_SECONDS - oldestInDay)),
    };
  }
  return { allowed: true };
}

export function codeMessage(purpose: CodePurpose, code: string): string {
  if (purpose === 'login')
    return `CarLink: your sign-in code is ${code}. It expires in 10 minutes. Never share it with anyone.`;
  return purpose === 'verify'
    ? `CarLink: your code is ${code}. It expires in 10 minutes. Never share it with anyone.`
    : `CarLink: your password reset code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`;
}
