import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { branches } from './branches';
import { users } from './users';

/**
 * A renter's one conversation with the company (CONV-1): created with their first message.
 * The inbox reads this table alone (CONV-8, CONV-14): the unread counts, the last message and
 * the branch are kept here as messages arrive, so the inbox never aggregates the messages.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'open' | 'closed' (CONV-11): a renter's new message opens it again. */
    status: text('status').notNull().default('open'),
    /**
     * The branch whose staff answer it (CONV-9): the linked booking's, else the renter's latest
     * booking's; null while the renter has no booking (any branch may answer).
     */
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    /** The booking the renter last wrote about (CONV-4). */
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    /** The newest message's id: the inbox's order and cursor (unique, never goes back). */
    lastMessageId: integer('last_message_id').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The renter's messages staff have not read yet (CONV-8). */
    staffUnread: integer('staff_unread').notNull().default(0),
    /** Staff replies the renter has not read yet (CONV-13). */
    renterUnread: integer('renter_unread').notNull().default(0),
    /** When the renter was last texted about a reply (CONV-12: one text per burst). */
    replySmsAt: timestamp('reply_sms_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_user_key').on(t.userId),
    check('conversations_status_check', sql`${t.status} in ('open','closed')`),
    check('conversations_unread_check', sql`${t.staffUnread} >= 0 and ${t.renterUnread} >= 0`),
    // The inbox (CONV-8, CONV-14): unread first, then the newest; by branch for a manager or
    // an agent. The keyset cursor is (unread?, last_message_id).
    index('conversations_inbox_idx').on(t.status, sql`(${t.staffUnread} > 0)`, t.lastMessageId),
    index('conversations_branch_inbox_idx').on(
      t.branchId,
      t.status,
      sql`(${t.staffUnread} > 0)`,
      t.lastMessageId,
    ),
  ],
);

/** One message of a conversation (CONV-2): the renter's, or a staff member's reply. */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** 'renter' | 'staff'. */
    author: text('author').notNull(),
    /** The staff member who wrote a reply; null for the renter's. */
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'app' (the messages page) | 'contact_form' (CONV-15). */
    via: text('via').notNull().default('app'),
    body: text('body').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The thread, newest first by keyset (CONV-14), and the hourly limit's count (CONV-6).
    index('conversation_messages_thread_idx').on(t.conversationId, t.id),
    check('conversation_messages_author_check', sql`${t.author} in ('renter','staff')`),
    check('conversation_messages_via_check', sql`${t.via} in ('app','contact_form')`),
    check(
      'conversation_messages_staff_check',
      // A reply's writer may later be deleted (set null); a renter's message never has one.
      sql`${t.author} = 'staff' or ${t.staffId} is null`,
    ),
  ],
);

/**
 * A renter's photo on a message (CONV-3): stored like an identity document (checked,
 * re-encoded, encrypted in DOCUMENTS_DIR/<user id>/<file_key>.webp), never public.
 */
export const conversationPhotos = pgTable(
  'conversation_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer('message_id')
      .notNull()
      .references(() => conversationMessages.id, { onDelete: 'cascade' }),
    /** The renter whose folder holds the file. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversation_photos_message_idx').on(t.messageId),
    check('conversation_photos_file_key_check', sql`${t.fileKey} ~ '^[a-f0-9]{24}$'`),
  ],
);
