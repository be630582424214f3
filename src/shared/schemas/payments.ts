import { z } from 'zod';
import { CHARGE_STEPS, MOBILE_MONEY_NETWORKS, PAYMENT_ATTEMPT_STATUSES } from '../constants';
import { messages } from '../messages';
import { normalizeMsisdn } from '../phone';
import { GHANA_MOBILE_NUMBER } from '../mobile-money';

const m = messages.payment;

export const MobileMoneyNetworkSchema = z.enum(MOBILE_MONEY_NETWORKS, { error: m.networkRequired });

export const WalletNumberSchema = z
  .string({ error: m.walletInvalid })
  .trim()
  .max(20, { error: m.walletInvalid, abort: true })
  .regex(GHANA_MOBILE_NUMBER, { error: m.walletInvalid })
  .transform((raw) => normalizeMsisdn(raw));

/** What the renter sees of a payment attempt. */
export const PaymentSchema = z.object({
  /** 'cash' when staff recorded a payment on pickup. */
  provider: z.enum(['sandbox', 'paystack', 'cash']),
  reference: z.string(),
  status: z.enum(PAYMENT_ATTEMPT_STATUSES),
  network: z.enum(MOBILE_MONEY_NETWORKS).nullable(),
  wallet_msisdn: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  authorization_url: z.string().nullable(),
  access_code: z.string().nullable(),
  /** When the booking's hold ends: approve before then. */
  expires_at: z.string().nullable(),
  /** Why it failed or needs staff, in words for the renter; null when all is well. */
  message: z.string().nullable(),
  /**
   * While pending: what the renter does now (PAY-14): approve on the phone, type the voucher,
   * or wait. Null for a settled attempt.
   */
  step: z.enum(CHARGE_STEPS).nullable().optional(),
  /** The provider's instruction for that step, if it gave one. */
  display_text: z.string().nullable().optional(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** BOOK-22: what cancelling a paid mobile money booking gives back, and to which wallet. */
export const CancelRefundSchema = z.object({
  amount: z.number(),
  wallet_msisdn: z.string(),
  network: z.enum(MOBILE_MONEY_NETWORKS).nullable(),
});
export type CancelRefund = z.infer<typeof CancelRefundSchema>;

/** BOOK-22: a cancelled booking's refund: `refunded` once the provider confirmed it (PAY-9). */
export const RefundSchema = CancelRefundSchema.extend({
  status: z.enum(['pending', 'refunded']),
});
export type Refund = z.infer<typeof RefundSchema>;

export const PaymentReferenceParamsSchema = z.object({ reference: z.string().min(1).max(80) });

export const SandboxDecisionSchema = z.object({ decision: z.enum(['approve', 'decline']) });

/** The Telecel Cash voucher (or another one-time code) for a charge in 'send_otp'. */
export const SubmitOtpSchema = z.object({
  otp: z
    .string({ error: m.voucherRequired })
    .trim()
    .regex(/^\d{4,8}$/, { error: m.voucherRequired }),
});

export const SandboxTransactionSchema = z.object({
  reference: z.string(),
  amount: z.number(),
  currency: z.string(),
  network: z.enum(MOBILE_MONEY_NETWORKS).nullable(),
  wallet_msisdn: z.string().nullable(),
  /** 'cancelled': the merchant withdrew the prompt, its booking was cancelled (BOOK-8). */
  status: z.enum(['pending', 'success', 'failed', 'reversed', 'cancelled']),
  /** 'send_otp' until the voucher was typed (Telecel Cash), then 'pay_offline'. */
  step: z.enum(['pay_offline', 'send_otp']),
  booking_code: z.string(),
  expires_at: z.string().nullable(),
});
export type SandboxTransaction = z.infer<typeof SandboxTransactionSchema>;

/** GET /api/sandbox/prompts (RUN-13): the wallet number, in any form ACCT-1 accepts. */
export const SandboxPromptsQuerySchema = z.object({ wallet: z.string().max(40) });

/** A mobile money prompt as the sandbox phone shows it: who asks, for what, for which booking. */
export const SandboxPhonePromptSchema = SandboxTransactionSchema.extend({
  merchant: z.string(),
  /** 'top_up': what a change added (BOOK-18); 'booking': the booking's total. */
  purpose: z.enum(['booking', 'top_up']),
  created_at: z.string(),
});
export type SandboxPhonePrompt = z.infer<typeof SandboxPhonePromptSchema>;

export const SandboxPromptsResponseSchema = z.object({
  prompts: z.array(SandboxPhonePromptSchema),
});
export type SandboxPromptsResponse = z.infer<typeof SandboxPromptsResponseSchema>;

export const SandboxPromptResultSchema = z.object({ prompt: SandboxPhonePromptSchema });
export type SandboxPromptResult = z.infer<typeof SandboxPromptResultSchema>;
