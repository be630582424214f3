import type { MobileMoneyNetwork } from '../../../shared/constants';

/**
 * What the app needs from a mobile money provider. Two implementations: Paystack (real) and
 * the sandbox (zero configuration). Everything above this interface, in particular the one
 * function that confirms a booking, is the same for both.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'paystack';
  /**
   * Mobile money: a direct charge with the wallet number and network, so the approval prompt
   * reaches the phone itself (PAY-14).
   */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The voucher (Telecel Cash) or code the customer typed, for a charge in 'send_otp'. */
  submitOtp(reference: string, otp: string): Promise<ChargeResult>;
  /** Redirect checkout: kept only as the fallback for cards (PAY-14). */
  initialize(request: InitializeRequest): Promise<InitializeResult>;
  /** The provider's current view of one attempt. */
  verify(reference: string): Promise<ProviderTransaction>;
  /**
   * Where a charge stands (Paystack's 'check pending charge', for use after a charge request
   * met an exception): the step of a charge that got no answer (PAY-23). Where absent, verify
   * alone is asked.
   */
  checkCharge?(reference: string): Promise<ChargeResult>;
  /** Asks for the whole amount back; 'processed' when the money is already returned. */
  refund(reference: string, amountPesewas: number): Promise<RefundResult>;
  /** Where one refund stands, by the refund's own id (PAY-17). */
  refundStatus(refundId: string): Promise<RefundResult>;
  /**
   * Withdraws a prompt nobody answered yet, so the phone no longer offers it (BOOK-8: its
   * booking was cancelled). Only where the provider can: Paystack has no such call, so there
   * a late approval is refunded like any payment after a cancel (decision 006).
   */
  withdraw?(reference: string): Promise<void>;
}

export interface ChargeRequest {
  reference: string;
  amountPesewas: number;
  currency: 'GHS';
  email: string;
  network: MobileMoneyNetwork;
  walletMsisdn: string;
  metadata: Record<string, unknown>;
}

/**
 * Where a charge stands right after it was asked for: waiting for the customer to approve on
 * the phone ('pay_offline'), for a voucher ('send_otp'), for the network ('pending'), or
 * settled at once.
 */
export interface ChargeResult {
  reference: string;
  step: 'pay_offline' | 'send_otp' | 'pending' | 'success' | 'failed';
  displayText: string | null;
  /** The sandbox only: the page that plays the phone's prompt. */
  promptUrl?: string;
}

export interface InitializeRequest {
  reference: string;
  amountPesewas: number;
  currency: 'GHS';
  email: string;
  callbackUrl: string;
  metadata: Record<string, unknown>;
}

export interface InitializeResult {
  authorizationUrl: string;
  accessCode: string;
}

/**
 * Provider statuses, as Paystack names them. 'abandoned' means "not completed yet" as much
 * as "given up": Paystack reports it for a checkout the renter has not finished, so the app
 * treats it as final only once the booking's hold has run out. 'reversed' is money that came
 * and went back (a reversal or chargeback), not a decline.
 */
export type ProviderStatus =
  'success' | 'failed' | 'abandoned' | 'pending' | 'ongoing' | 'reversed';

export interface ProviderTransaction {
  reference: string;
  status: ProviderStatus;
  /**
   * What the merchant asked for (Paystack's requested_amount), or null when the answer does
   * not say. With fees passed to the customer, the charged amount is higher (PAY-15).
   */
  requestedPesewas: number | null;
  /** What the customer was charged, passed-on fees included (Paystack's amount). */
  chargedPesewas: number;
  /** The provider's fees on the charge (Paystack's fees), when given. */
  feesPesewas: number | null;
  currency: string;
  gatewayResponse: string | null;
  paidAt: string | null;
  raw: unknown;
}

export interface RefundResult {
  refundId: string;
  /** Paystack's refund states; 'failed' and 'needs-attention' need staff (PAY-18). */
  status: 'pending' | 'processing' | 'processed' | 'failed' | 'needs-attention';
}

/** The provider could not be reached or answered with an error: nothing is known. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
