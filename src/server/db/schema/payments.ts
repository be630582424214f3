import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    /** Where the renter completes the payment (Paystack checkout, or the sandbox page). */
    authorizationUrl: text('authorization_url'),
    accessCode: text('access_code'),
    /** The provider's last word on the attempt, e.g. 'Declined by the customer'. */
    gatewayResponse: text('gateway_response'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The provider's refund id once a refund was asked for. */
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    providerData: jsonb('provider_data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_reference_key').on(t.reference),
    index('payments_booking_id_idx').on(t.bookingId),
    // The reconciler's work list: attempts still waiting for the provider's answer.
    index('payments_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'refund_pending')`),
    check(
      'payments_status_check',
      sql`${t.status} in ('pending','success','failed','abandoned','refund_pending','refunded')`,
    ),
  ],
);

/**
 * The sandbox provider's own ledger: what a mobile money operator would know about each
 * transaction. The sandbox page approves or declines here; the app then learns the outcome
 * through the same verify call it makes to Paystack (PRODUCT.md P5).
 */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    reference: text('reference').primaryKey(),
    amountPesewas: integer('amount_pesewas').notNull(),
    currency: text('currency').notNull(),
    email: text('email').notNull(),
    network: text('network'),
    walletMsisdn: text('wallet_msisdn'),
    metadata: jsonb('metadata'),
    status: text('status').notNull().default('pending'),
    gatewayResponse: text('gateway_response'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'sandbox_transactions_status_check',
      sql`${t.status} in ('pending','success','failed','reversed')`,
    ),
  ],
);
