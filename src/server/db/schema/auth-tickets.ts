import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { phoneCodes } from './phone-codes';
import { users } from './users';

/**
 * Tickets held by the device that started a two-step action (ACCT-17, ACCT-13): a sign-in
 * past the number's limit waiting for its SMS code, or a password reset. The code checked
 * with a ticket is the one sent for that ticket, and wrong tries count on the ticket, so
 * guesses made without it never spend the owner's code. Only a digest of the ticket is kept.
 */
export const authTickets = pgTable(
  'auth_tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketHash: text('ticket_hash').notNull(),
    purpose: text('purpose', { enum: ['login', 'reset'] }).notNull(),
    /**
     * How the second step is proved: a code sent by SMS, a code from the staff member's
     * authenticator app, or the first code from an authenticator being set up (decision 032).
     */
    method: text('method', { enum: ['sms', 'totp', 'totp_setup'] })
      .notNull()
      .default('sms'),
    /** Empty for a reset asked for a number without an account: it is kept all the same. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The number asked about (E.164 digits); the reset's 60-second wait counts by it. */
    msisdn: text('msisdn').notNull(),
    /** The code sent for this ticket; empty when none was sent (unknown number, limits). */
    codeId: integer('code_id').references(() => phoneCodes.id, { onDelete: 'set null' }),
    wrongTries: smallint('wrong_tries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, or after too many wrong tries. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('auth_tickets_ticket_hash_key').on(t.ticketHash),
    index('auth_tickets_msisdn_purpose_created_at_idx').on(t.msisdn, t.purpose, t.createdAt),
    check('auth_tickets_purpose_check', sql`${t.purpose} in ('login', 'reset')`),
    check('auth_tickets_method_check', sql`${t.method} in ('sms', 'totp', 'totp_setup')`),
    check('auth_tickets_login_user_check', sql`${t.purpose} <> 'login' or ${t.userId} is not null`),
  ],
);
