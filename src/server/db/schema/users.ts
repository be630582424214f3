import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** E.164 digits without '+', e.g. '233244000001' (shared/phone.ts). */
    msisdn: text('msisdn').notNull(),
    email: text('email'),
    whatsapp: text('whatsapp'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['renter', 'staff'] })
      .notNull()
      .default('renter'),
    /**
     * What a staff account may do (ROLE-1): the owner everything, a manager or an agent only
     * their branches (staff_branches). Null exactly for renters.
     */
    staffRole: text('staff_role', { enum: ['owner', 'manager', 'agent'] }),
    /** A staff account switched off by the owner (ROLE-9): its sessions end, sign-in refused. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** When a code sent by SMS to `msisdn` was entered (ACCT-10); null until then. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** 'Text me reminders' (MSG-9): pickup and return reminders; codes and booking news always go. */
    smsReminders: boolean('sms_reminders').notNull().default(true),
    /**
     * When the renter closed the account (ACCT-31): name and number are replaced, the number is
     * free to register again, and no password opens it. Null for an open account.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_msisdn_key').on(t.msisdn),
    check('users_role_check', sql`${t.role} in ('renter', 'staff')`),
    check(
      'users_staff_role_check',
      sql`(${t.role} = 'staff') = (${t.staffRole} is not null) and ${t.staffRole} in ('owner', 'manager', 'agent')`,
    ),
    // The new-booking SMS alert goes to every staff account: found without reading renters.
    index('users_staff_idx')
      .on(t.id)
      .where(sql`${t.role} = 'staff'`),
  ],
);

/** Opaque bearer tokens, stored as SHA-256 so a database leak reveals no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
  ],
);

/**
 * Attempt counters in fixed windows, by key: sign-in per number and address and per number
 * (LIMIT-1, LIMIT-8), registration per number (LIMIT-2). In the database, not in process
 * memory, so the limits hold however many app processes share the database.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row: a number that triggers (migration 0010) bump on any change to a session or a user
 * other than a new one, so each process can tell whether its cached sign-ins are current.
 */
export const authState = pgTable(
  'auth_state',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('auth_state_single_row_check', sql`${t.id} = 1`)],
);
