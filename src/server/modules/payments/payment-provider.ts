import type { MobileMoneyNetwork } from '../../../shared/constants';

/**
 * What the app needs from a mobile money provider (PRODUCT.md P5). Two implementations:
 * Paystack (real) and the sandbox (zero configuration). Everything above this interface, in
 * particular the one function that confirms a booking, is the same for both.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'paystack';
  initialize(request: InitializeRequest): Promise<InitializeResult>;
  /** The provider's current view of one attempt. */
  verify(reference: string): Promise<ProviderTransaction>;
  /** Asks for the whole amount back; 'processed' when the money is already returned. */
  refund(reference: string, amountPesewas: number): Promise<RefundResult>;
  /** Where a pending refund stands; used by the reconciler when no webhook came. */
  refundStatus(reference: string): Promise<RefundResult | null>;
}

export interface InitializeRequest {
  reference: string;
  amountPesewas: number;
  currency: 'GHS';
  email: string;
  network: MobileMoneyNetwork;
  walletMsisdn: string;
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
 * treats it as final only once the booking's hold has run out.
 */
export type ProviderStatus =
  'success' | 'failed' | 'abandoned' | 'pending' | 'ongoing' | 'reversed';

export interface ProviderTransaction {
  reference: string;
  status: ProviderStatus;
  amountPesewas: number;
  currency: string;
  gatewayResponse: string | null;
  paidAt: string | null;
  raw: unknown;
}

export interface RefundResult {
  refundId: string;
  status: 'pending' | 'processed' | 'failed';
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
