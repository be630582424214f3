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

/** One row per payment attempt with a provider (PAY-3). */
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
    /**
     * 'unknown': the charge request got no answer (a timeout, the network, a 5xx), so nobody
     * knows yet whether the prompt reached the phone; checked until it settles (PAY-23).
     */
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
    /**
     * Where a mobile money charge waits (PAY-14): 'pay_offline' (approve on the phone),
     * 'send_otp' (type the Telecel Cash voucher), 'pending' (the network is slow). On a failed
     * attempt, 'withdrawn': closed because its booking was cancelled (BOOK-8).
     */
    chargeStep: text('charge_step'),
    /** The provider's instruction for that step, e.g. 'Dial *110# to generate a voucher'. */
    displayText: text('display_text'),
    /** Staff's word when a refund was settled outside the provider (PAY-18). */
    refundNote: text('refund_note'),
    /**
     * What the row is (BOOK-18): 'booking' pays the booking's total, 'top_up' pays what a
     * change added, 'partial_refund' gives back part of a charge (`refund_of`) after a change
     * made the booking cheaper. A partial refund is no attempt of the renter's: it moves from
     * refund_pending to refunded like a whole refund does. 'late_fee' is the part of a late
     * return's fee the deposit did not cover, paid in cash at the counter (HAND-7); 'balance'
     * is the rest a return collected in cash: the rental's unpaid balance (a change or an
     * extension) and staff's charges beyond the deposit (HAND-11).
     */
    purpose: text('purpose').notNull().default('booking'),
    /** A partial refund: the reference of the charge its money comes back from. */
    refundOf: text('refund_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_reference_key').on(t.reference),
    index('payments_booking_id_idx').on(t.bookingId),
    // The per-wallet prompt limit counts the last hour's attempts of one number (PAY-20).
    index('payments_wallet_created_idx').on(t.walletMsisdn, t.createdAt),
    // The reconciler's work list: attempts still waiting for the provider's answer, and those
    // whose charge request got no answer ('unknown', PAY-23).
    index('payments_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'refund_pending', 'unknown')`),
    // ...and those closed by their booking's cancel, watched a while for a late approval (BOOK-8).
    index('payments_withdrawn_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'failed' and ${t.chargeStep} = 'withdrawn'`),
    check(
      'payments_purpose_check',
      sql`${t.purpose} in ('booking','top_up','partial_refund','late_fee','balance')`,
    ),
    check(
      'payments_refund_of_check',
      sql`(${t.purpose} = 'partial_refund') = (${t.refundOf} is not null)`,
    ),
    // The partial refunds of one charge are summed before the next refund of it.
    index('payments_refund_of_idx')
      .on(t.refundOf)
      .where(sql`${t.refundOf} is not null`),
    check(
      'payments_status_check',
      sql`${t.status} in ('pending','success','failed','abandoned','refund_pending','refunded','reversed','unknown')`,
    ),
  ],
);

/**
 * The sandbox provider's own ledger: what a mobile money operator would know about each
 * transaction. The sandbox page approves or declines here; the app then learns the outcome
 * through the same verify call it makes to Paystack (PAY-13).
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
    /** 'pay_offline', or 'send_otp' until the voucher came (Telecel Cash), as with Paystack. */
    step: text('step').notNull().default('pay_offline'),
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

/**
 * Paystack webhook deliveries, stored before they are answered (PAY-19): the 200 goes out at
 * once, the work happens after, and an event a process died on is picked up by the
 * reconciler. The same bytes delivered again are one row.
 */
export const paystackEvents = pgTable(
  'paystack_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bodySha256: text('body_sha256').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** A process working on it holds it until then (a lease, so a dead one is taken over). */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('paystack_events_body_key').on(t.bodySha256),
    index('paystack_events_open_idx')
      .on(t.receivedAt)
      .where(sql`${t.processedAt} is null`),
  ],
);
