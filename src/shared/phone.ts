import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * Phone numbers (ACCT-1). We store E.164 digits without the plus ('233244123456').
 *
 * `parseMsisdn` is the authority for the number an account belongs to: libphonenumber-js
 * with Ghana as the default country and its mobile metadata, since the number must receive
 * the sign-in codes by SMS (ACCT-10). `normalizeMsisdn` is the light, library-free tidy-up the
 * browser uses for display and for numbers that are not sign-in identities (WhatsApp); the
 * web bundle never pulls in the library's metadata because it never calls `parseMsisdn`.
 */

const GHANA_COUNTRY_CODE = '233';

/** Removes what people type around digits: spaces, dashes, dots, brackets and a leading '+'. */
export function stripPhoneFormatting(raw: string): string {
  return raw
    .trim()
    .replace(/[\s\-.()]/g, '')
    .replace(/^\+/, '');
}

/**
 * The canonical digits of a valid mobile number, or null. '0244123456', '233244123456',
 * '+233 24 412 3456', '00233244123456' and '2330244123456' are all '233244123456'.
 */
export function parseMsisdn(raw: string): string | null {
  const trimmed = raw.trim();
  // Guard the library against pathological input: a phone number is short.
  if (trimmed.length === 0 || trimmed.length > 40) return null;
  let candidate = trimmed;
  // A Ghana number written with its country code and the trunk 0 kept by mistake.
  const digits = stripPhoneFormatting(trimmed);
  if (/^(?:00)?2330\d{9}$/.test(digits)) candidate = `+233${digits.slice(-9)}`;
  const phone = parsePhoneNumberFromString(candidate, 'GH');
  if (!phone || !phone.isValid()) return null;
  return phone.number.slice(1);
}

/**
 * Light tidy-up of an already validated number (digits only, 10–15 long), without the
 * library: for display, WhatsApp numbers and the browser.
 */
export function normalizeMsisdn(raw: string): string {
  let digits = stripPhoneFormatting(raw);
  // '00' is the international prefix dialled from Ghana: 00233… is +233….
  if (/^00[1-9]\d{9,13}$/.test(digits)) digits = digits.slice(2);
  // A Ghana national number: leading trunk 0 and nine digits.
  if (/^0\d{9}$/.test(digits)) return GHANA_COUNTRY_CODE + digits.slice(1);
  // The same with the country code and the trunk 0 kept by mistake: 2330244123456.
  if (/^2330\d{9}$/.test(digits)) return GHANA_COUNTRY_CODE + digits.slice(4);
  return digits;
}

/** '+233 24 412 3456' for Ghana numbers, '+' and the digits otherwise. */
export function formatMsisdn(msisdn: string): string {
  // A closed account's placeholder (`closed-<id>`, ACCT-31) is no number: shown as it is.
  if (!/^\d+$/.test(msisdn)) return msisdn;
  const match = /^233(\d{2})(\d{3})(\d{4})$/.exec(msisdn);
  if (match) return `+233 ${match[1]} ${match[2]} ${match[3]}`;
  return `+${msisdn}`;
}

/**
 * A phone number typed by staff (a branch's, BRANCH-1) as people read it, whatever form it was
 * typed in: '030 290 0100', '+233302900100' and '0302900100' are all '+233 30 290 0100'.
 */
export const formatPhoneNumber = (raw: string): string => formatMsisdn(normalizeMsisdn(raw));

/**
 * A number as logs may show it (RUN-9): country code and network kept for support, the
 * subscriber digits hidden. '233244123456' → '23324****456'.
 */
export function maskMsisdn(msisdn: string): string {
  const digits = msisdn.replace(/\D/g, '');
  if (digits.length <= 8) return '*'.repeat(digits.length);
  return `${digits.slice(0, 5)}${'*'.repeat(digits.length - 8)}${digits.slice(-3)}`;
}
