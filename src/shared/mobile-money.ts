import type { MOBILE_MONEY_NETWORKS } from './constants';

// Ghana mobile numbers and their networks, without zod: the payment form checks them as the
// renter types (PAGE-18 keeps zod out of a page's first download); schemas/payments.ts builds
// its wallet rule from the same pattern.

/**
 * Ghana mobile numbers (020–028, 050–059) in any form people type them: national ('024…'),
 * international ('233…', '+233…', and '+233 0…' with the trunk 0 kept), with spaces, dashes,
 * dots or brackets anywhere after the '+'. One pattern, so the OpenAPI document states it too;
 * written so that any text has one way to match (no slow backtracking on hostile input).
 */
const SEP = String.raw`[\s().-]*`;
export const GHANA_MOBILE_NUMBER = new RegExp(
  String.raw`^(?:\s*\+)?${SEP}(?:0${SEP}|2${SEP}3${SEP}3${SEP}(?:0${SEP})?)` +
    String.raw`(?:2${SEP}[0-8]|5${SEP}\d)(?:${SEP}\d){7}${SEP}$`,
);

export function isGhanaMobileNumber(raw: string): boolean {
  return GHANA_MOBILE_NUMBER.test(raw);
}

/**
 * Ghana's mobile prefixes by network (the number portability exceptions are why the renter
 * can change the guess): MTN 024, 025, 053, 054, 055, 059; Telecel 020, 050; AirtelTigo 026,
 * 027, 056, 057.
 */
const NETWORK_BY_PREFIX: Record<string, (typeof MOBILE_MONEY_NETWORKS)[number]> = {
  '24': 'mtn',
  '25': 'mtn',
  '53': 'mtn',
  '54': 'mtn',
  '55': 'mtn',
  '59': 'mtn',
  '20': 'telecel',
  '50': 'telecel',
  '26': 'airteltigo',
  '27': 'airteltigo',
  '56': 'airteltigo',
  '57': 'airteltigo',
};

/** The network a (possibly half-typed) Ghana number is most likely on, or null. */
export function guessNetwork(raw: string): (typeof MOBILE_MONEY_NETWORKS)[number] | null {
  const digits = raw.replace(/\D/g, '');
  const national = digits.startsWith('00233')
    ? digits.slice(5)
    : digits.startsWith('233')
      ? digits.slice(3)
      : digits.startsWith('0')
        ? digits.slice(1)
        : null;
  if (national === null || national.length < 2) return null;
  return NETWORK_BY_PREFIX[national.slice(0, 2)] ?? null;
}
