/**
 * What every part of the payments module shares: the context the payments plugin builds once
 * (payments.plugin.ts), the reasons an attempt is flagged for staff, and where news of an
 * attempt comes from. Kept apart so that each concern's file can import them without
 * importing another concern.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { PaymentProvider } from './payment-provider';

export interface PaymentsContext {
  db: Database;
  provider: PaymentProvider;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** How long a mobile money booking holds the car (BOOK-6: 15 minutes). */
  holdSeconds: number;
  /** The company's mail domain for payer e-mails Paystack requires (PAY-21). */
  emailDomain: string;
  /** Work started after a webhook was answered; tests and shutdown wait for it. */
  background: Set<Promise<unknown>>;
}

/** Why an attempt needs staff; also read by the renter's message (payment-view.ts). */
export const FLAGS = {
  amountMismatch: 'amount_or_currency_mismatch',
  paidAfterRelease: 'paid_after_dates_released',
  duplicate: 'paid_twice',
  paidAfterCancel: 'paid_after_cancellation',
  refundFailed: 'refund_failed',
  refundNeedsAttention: 'refund_needs_attention',
  reversed: 'payment_reversed',
  /** Money owed back that no charge can return through the provider: cash at the counter. */
  refundAtCounter: 'refund_at_counter',
  /** A charge request without an answer that the provider could not be asked about for 30 minutes (PAY-23). */
  statusUnknown: 'payment_status_unknown',
} as const;

/** Who brought news of an attempt: it decides the actor on the booking's timeline. */
export type Source = 'verify' | 'webhook' | 'reconciler' | 'sandbox';
