import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';

/** One row per payment attempt with a provider (PRODUCT.md P5). */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    amountPesewas: integer('amount_pesewas').notNull(),
    currency: text('currency').notNull().default('GHS'),
    status: text('status').notNull().default('pending'),
    network: text('network'),
    walletMsisdn: text('wallet_msisdn'),
    /** Why staff must look at this payment (amount mismatch, paid after expiry, …). */
    flaggedReason: text('flagged_reason'),
    providerData: jsonb('provider_data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_reference_key').on(t.reference),
    index('payments_booking_id_idx').on(t.bookingId),
    check(
      'payments_status_check',
      sql`${t.status} in ('pending','success','failed','abandoned','refund_pending','refunded')`,
    ),
  ],
);
