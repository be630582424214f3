import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sessions, users } from './users';

/**
 * How a staff account proves its second step after the password (ACCT-22). No row: an
 * authenticator app, set up at the next sign-in. The secrets are RFC 6238 keys in base32;
 * `pendingTotpSecret` is one shown in a QR code and not yet confirmed with a code from it.
 */
export const staffSecondSteps = pgTable(
  'staff_second_steps',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['totp', 'sms'] })
      .notNull()
      .default('totp'),
    /** The confirmed authenticator key; empty until a setup is confirmed. */
    totpSecret: text('totp_secret'),
    /** The time step of the last authenticator code accepted: a code works once (ACCT-24). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    pendingTotpSecret: text('pending_totp_secret'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('staff_second_steps_method_check', sql`${t.method} in ('totp', 'sms')`)],
);

/**
 * The ten recovery codes given when an authenticator is set up (ACCT-25): kept only as
 * digests, each used once, all replaced by the next setup.
 */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  // Leads with user_id, so it serves 'this account's codes' too.
  (t) => [uniqueIndex('staff_recovery_codes_user_id_code_hash_key').on(t.userId, t.codeHash)],
);

/**
 * When a staff session was last used (ACCT-27), apart from `sessions` on purpose: a write
 * there bumps the sign-in cache's version (migration 0010) and would empty every process's
 * cache. Written at most once a minute per session.
 */
export const sessionActivity = pgTable('session_activity', {
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
});
