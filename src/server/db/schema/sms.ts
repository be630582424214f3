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
import { bookings } from './bookings';
import { users } from './users';

/**
 * Every message the sandbox SMS provider "sends" (RUN-12): the sandbox phone's inbox. With a
 * real provider nothing is written here.
 */
export const sandboxSms = pgTable(
  'sandbox_sms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** E.164 digits without '+'. */
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_sms_recipient_id_idx').on(t.recipient, t.id)],
);

/**
 * The SMS outbox (docs/decisions/015-sms-outbox.md, MSG-1): every text the app sends is a row
 * here first, written in the same transaction as the change it reports, and a worker in each
 * app process sends the due ones. `status` only moves forward: queued → sending → sent →
 * delivered, or → failed; 'cancelled' is a reminder whose booking was cancelled. A 'sending'
 * row whose lease ran out (its process died mid-send) is queued again by the next claim.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The template (messages/templates.ts), or 'code' for verification and reset codes. */
    kind: text('kind').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id),
    /** The person it is for (a renter, or a staff member for alerts); null for a bare number. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** E.164 digits without '+'. */
    recipient: text('recipient').notNull(),
    /** The text; a code's text is blanked once it has been handed over (it is a secret). */
    body: text('body').notNull(),
    status: text('status').notNull().default('queued'),
    /** Not sent before this time: now for news, the evening or morning for reminders. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: smallint('attempts').notNull().default(0),
    /** While 'sending': the claim is this process's until then. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    providerId: text('provider_id'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'sms_outbox_status_check',
      sql`${t.status} in ('queued','sending','sent','delivered','failed','cancelled')`,
    ),
    // The worker's claim: queued rows whose time has come, and sending rows whose lease ran
    // out, each a range of its own small index (a BitmapOr). One index of both by due time
    // made every claim that found fewer than a batch read all the reminders due weeks ahead.
    index('sms_outbox_queued_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'queued'`),
    index('sms_outbox_sending_lease_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'sending'`),
    // Only sent rows have a provider id: queued ones (a booking writes four or more) cost this
    // index nothing.
    uniqueIndex('sms_outbox_provider_id_key')
      .on(t.providerId)
      .where(sql`${t.providerId} is not null`),
    index('sms_outbox_booking_id_idx').on(t.bookingId, t.id),
    // A customer's log (MSG-10) finds their booking texts through their bookings and this
    // index only for the rest (codes): a booking's rows, the bulk of the table, pay no entry
    // here (decision 015). Users are never deleted, so the foreign key needs no full index.
    index('sms_outbox_user_unbooked_idx')
      .on(t.userId, t.id)
      .where(sql`${t.bookingId} is null`),
    // A reminder is queued by the reminder job (MSG-3), which may run twice over the same
    // window: at most one live reminder per booking, kind and time. A dropped one (cancelled)
    // does not count, so a booking moved away and back gets its reminder again.
    uniqueIndex('sms_outbox_reminder_key')
      .on(t.bookingId, t.kind, t.dueAt)
      .where(
        sql`${t.kind} in ('pickup_reminder', 'return_reminder') and ${t.status} <> 'cancelled'`,
      ),
    index('sms_outbox_failed_idx')
      .on(t.id)
      .where(sql`${t.status} = 'failed'`),
    // The dashboard's texts sent today (STAFF-36): a range of one day.
    index('sms_outbox_sent_at_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
  ],
);
