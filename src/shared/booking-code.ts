/**
 * Booking codes (BOOK-10) are read aloud over the phone: 'CL-' and six characters from
 * an alphabet without 0/O and 1/I (nor L, which reads like 1 in many fonts).
 */
export const BOOKING_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const BOOKING_CODE_PATTERN = /^CL-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;

/** Builds a code from random bytes (the caller brings the randomness, so this stays pure). */
export function bookingCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 6) throw new Error('bookingCodeFromBytes needs 6 bytes');
  let code = 'CL-';
  for (let i = 0; i < 6; i++) {
    // 31 symbols: modulo bias on 256 is under 1%, irrelevant for codes that are not secrets.
    code += BOOKING_CODE_ALPHABET[bytes[i]! % BOOKING_CODE_ALPHABET.length];
  }
  return code;
}

/** Accepts what a person types: lower case, spaces, a missing 'CL-'. */
export function normalizeBookingCode(raw: string): string {
  const compact = raw.toUpperCase().replace(/[\s-]/g, '');
  return `CL-${compact.startsWith('CL') ? compact.slice(2) : compact}`;
}
