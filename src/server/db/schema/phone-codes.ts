import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One-time codes sent by SMS (ACCT-11): to verify the account's number, to reset its
 * password, or as the second step of a sign-in (ACCT-17). Only a digest of the code is stored. A code ends when used, when it expires,
 * after five wrong tries, or when a newer code of the same purpose replaces it.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The number the code was sent to (E.164 digits); the send limits count by it. */
    msisdn: text('msisdn').notNull(),
    purpose: text('purpose', { enum: ['verify', 'reset', 'login'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    wrongTries: smallint('wrong_tries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code was used or ended (wrong tries, replaced); a code works once. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('phone_codes_msisdn_created_at_idx').on(t.msisdn, t.createdAt),
    index('phone_codes_user_id_purpose_idx').on(t.userId, t.purpose),
    // The company-wide hourly budget counts every number's codes of the last hour (LIMIT-18).
    index('phone_codes_created_at_idx').on(t.createdAt),
    check('phone_codes_purpose_check', sql`${t.purpose} in ('verify', 'reset', 'login')`),
  ],
);
