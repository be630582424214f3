import { z } from 'zod';
import { CHARGE_STEPS, MOBILE_MONEY_NETWORKS, PAYMENT_ATTEMPT_STATUSES } from '../constants';
import { messages } from '../messages';
import { normalizeMsisdn } from '../phone';

const m = messages.payment;

/**
 * Ghana mobile numbers (020–028, 050–059) in any form people type them: national ('024…'),
 * international ('233…', '+233…', and '+233 0…' with the trunk 0 kept), with spaces, dashes,
 * dots or brackets anywhere after the '+'. One pattern, so the OpenAPI document states it too;
 * written so that any text has one way to match (no slow backtracking on hostile input).
 */
const SEP = String.raw`[\s().-]*`;
const GHANA_MOBILE_NUMBER = new RegExp(
  String.raw`^(?:\s*\+)?${SEP}(?:0${SEP}|2${SEP}3${SEP}3${SEP}(?:0${SEP})?)` +
    String.raw`(?:2${SEP}[0-8]|5${SEP}\d)(?:${SEP}\d){7}${SEP}$`,
);

export function isGhanaMobileNumber(raw: string): boolean {
  return GHANA_MOBILE_NUMBER.test(raw);
}

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
  status: z.enum(['pending', 'success', 'failed', 'reversed']),
  /** 'send_otp' until the voucher was typed (Telecel Cash), then 'pay_offline'. */
  step: z.enum(['pay_offline', 'send_otp']),
  booking_code: z.string(),
  expires_at: z.string().nullable(),
});
export type SandboxTransaction = z.infer<typeof SandboxTransactionSchema>;

/**
 * Ghana's mobile prefixes by network (the number portability exceptions are why the renter
 * can change the guess): MTN 024, 025, 053, 054, 055, 059; Telecel 020, 050; AirtelTigo 026,
 * 027, 056, 057.
 */
const NETWORK_BY_PREFIX: Record<string, (typeof MOBILE_MONEY_NETWORKS)[number]> = {
  '24': 'mtn',
  '25': 'mtn',
  '53': 'mtn',
  '54': 'mtn',
  '55': 'mtn',
  '59': 'mtn',
  '20': 'telecel',
  '50': 'telecel',
  '26': 'airteltigo',
  '27': 'airteltigo',
  '56': 'airteltigo',
  '57': 'airteltigo',
};

/** The network a (possibly half-typed) Ghana number is most likely on, or null. */
export function guessNetwork(raw: string): (typeof MOBILE_MONEY_NETWORKS)[number] | null {
  const digits = raw.replace(/\D/g, '');
  const national = digits.startsWith('00233')
    ? digits.slice(5)
    : digits.startsWith('233')
      ? digits.slice(3)
      : digits.startsWith('0')
        ? digits.slice(1)
        : null;
  if (national === null || national.length < 2) return null;
  return NETWORK_BY_PREFIX[national.slice(0, 2)] ?? null;
}
