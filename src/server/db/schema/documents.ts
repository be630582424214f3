import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A renter's identity documents (DOC-1): one Ghana Card and one driving licence at most, each a
 * photo stored as a file in DOCUMENTS_DIR (never in a public folder, decision 021) under
 * `file_key`, with the details the renter typed and where staff's check stands. Uploading a
 * document again replaces the row's file and details and sets it back to pending (DOC-3).
 */
export const customerDocuments = pgTable(
  'customer_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'ghana_card' | 'driving_licence'. */
    kind: text('kind').notNull(),
    /** 'pending' | 'verified' | 'rejected' (DOC-4). */
    status: text('status').notNull().default('pending'),
    /** The file's random name in DOCUMENTS_DIR: <user id>/<file_key>.webp. */
    fileKey: text('file_key').notNull(),
    /** Ghana Card: the PIN GHA-#########-# and the date of birth (DOC-2). */
    ghanaCardPin: text('ghana_card_pin'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** Driving licence: its number and expiry date (DOC-2). */
    licenceNumber: text('licence_number'),
    licenceExpiry: date('licence_expiry', { mode: 'string' }),
    /** Why staff rejected it; set exactly when the status is 'rejected' (DOC-4). */
    rejectionReason: text('rejection_reason'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /**
     * Staff hold it for a dispute (DOC-11): the retention job, the renter's delete and closing
     * the account leave it until staff release it. Set together with the reason and who held it.
     */
    heldAt: timestamp('held_at', { withTimezone: true }),
    holdReason: text('hold_reason'),
    heldBy: integer('held_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the current file was uploaded. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_documents_user_kind_key').on(t.userId, t.kind),
    // The staff queue: pending documents, oldest first.
    index('customer_documents_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'pending'`),
    check('customer_documents_kind_check', sql`${t.kind} in ('ghana_card','driving_licence')`),
    check('customer_documents_status_check', sql`${t.status} in ('pending','verified','rejected')`),
    check(
      'customer_documents_shape_check',
      sql`(${t.kind} = 'ghana_card' and ${t.ghanaCardPin} is not null and ${t.dateOfBirth} is not null
          and ${t.licenceNumber} is null and ${t.licenceExpiry} is null)
        or (${t.kind} = 'driving_licence' and ${t.licenceNumber} is not null and ${t.licenceExpiry} is not null
          and ${t.ghanaCardPin} is null and ${t.dateOfBirth} is null)`,
    ),
    check(
      'customer_documents_reason_check',
      sql`(${t.status} = 'rejected') = (${t.rejectionReason} is not null)`,
    ),
    check('customer_documents_file_key_check', sql`${t.fileKey} ~ '^[a-f0-9]{24}$'`),
    check('customer_documents_hold_check', sql`(${t.heldAt} is null) = (${t.holdReason} is null)`),
    // The retention job (DOC-10): documents nobody holds, oldest upload first.
    index('customer_documents_retention_idx')
      .on(t.updatedAt)
      .where(sql`${t.heldAt} is null`),
  ],
);

/**
 * That a document existed and was deleted, and why (DOC-12): the photo and its details are
 * gone; staff can still tell a renter's Ghana Card was on file and when it went.
 */
export const documentDeletions = pgTable(
  'document_deletions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** 'retention' (DOC-10), 'renter' (DOC-13) or 'account_closed' (ACCT-31). */
    reason: text('reason').notNull(),
    /** What the document's status was when it went. */
    status: text('status').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('document_deletions_user_idx').on(t.userId, t.deletedAt),
    check('document_deletions_kind_check', sql`${t.kind} in ('ghana_card','driving_licence')`),
    check(
      'document_deletions_reason_check',
      sql`${t.reason} in ('retention','renter','account_closed')`,
    ),
  ],
);
