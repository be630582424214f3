import { type SQL, sql } from 'drizzle-orm';
import { normalizeBookingCode } from '../../shared/booking-code';
import { stripPhoneFormatting } from '../../shared/phone';
import { bookings, users } from '../db/schema/index';

// Conditions for the staff lists' search box: what a person types (a name, a phone number, a
// booking code) turned into SQL, with their text never read as a LIKE pattern.

/** Escapes LIKE's wildcards in text a person typed. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Phone search over users.msisdn (stored '233…'): a national number or its start ('0244…')
 * is matched from the start; other digits ('12345', '233…') anywhere in the number.
 * Returns undefined when the text is not a phone fragment.
 */
export function msisdnMatch(q: string): SQL | undefined {
  const digits = stripPhoneFormatting(q);
  if (!/^\d{3,15}$/.test(digits)) return undefined;
  const pattern = digits.startsWith('0') ? `233${digits.slice(1)}%` : `%${digits}%`;
  return sql`${users.msisdn} like ${pattern}`;
}

/** A booking code as people type it (lower case, spaces, no 'CL-'), matched from the start. */
export function bookingCodeMatch(q: string): SQL | undefined {
  const compact = q.toUpperCase().replace(/[\s-]/g, '');
  if (!/^[A-Z0-9]{2,9}$/.test(compact)) return undefined;
  return sql`${bookings.bookingCode} like ${`${likeEscape(normalizeBookingCode(compact))}%`}`;
}
