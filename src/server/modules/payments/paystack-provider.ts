import type { MobileMoneyNetwork } from '../../../shared/constants';
import {
  ProviderError,
  type ChargeRequest,
  type ChargeResult,
  type InitializeRequest,
  type InitializeResult,
  type PaymentProvider,
  type ProviderStatus,
  type ProviderTransaction,
  type RefundResult,
} from './payment-provider';

/**
 * Paystack's provider codes for Ghana's networks in `mobile_money.provider` (Telecel was
 * Vodafone: 'vod'; AirtelTigo is 'atl').
 */
export const PAYSTACK_NETWORK: Record<MobileMoneyNetwork, string> = {
  mtn: 'mtn',
  telecel: 'vod',
  airteltigo: 'atl',
};

const PROVIDER_STATUSES = new Set<ProviderStatus>([
  'success',
  'failed',
  'abandoned',
  'pending',
  'ongoing',
  'reversed',
]);

const CHARGE_STEPS = new Set<ChargeResult['step']>([
  'pay_offline',
  'send_otp',
  'pending',
  'success',
  'failed',
]);

const REFUND_STATUSES = new Set<RefundResult['status']>([
  'pending',
  'processing',
  'processed',
  'failed',
  'needs-attention',
]);

interface PaystackEnvelope<T> {
  status: boolean;
  message?: string;
  data?: T;
}

/** The fields read from a transaction (verify, a charge that settled at once). */
export interface PaystackTransaction {
  reference: string;
  status: string;
  amount: number;
  /** What the merchant asked for; `amount` adds the fees when they are passed to the customer. */
  requested_amount?: number;
  fees?: number | null;
  currency: string;
  gateway_response?: string | null;
  paid_at?: string | null;
}

interface PaystackChargeData {
  reference: string;
  status: string;
  display_text?: string;
  gateway_response?: string | null;
}

interface PaystackRefund {
  id: number | string;
  status: string;
}

export interface PaystackOptions {
  secretKey: string;
  baseUrl: string;
  /** Per request; a mobile network can be slow, but a renter is waiting. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Paystack's REST API as its OpenAPI description defines it (a copy of the operations used is
 * tests/fixtures/paystack-openapi.json; a test validates every request and answer against it).
 * Tests run this very code against a fake Paystack on loopback by changing only the base URL.
 */
export class PaystackProvider implements PaymentProvider {
  readonly name = 'paystack' as const;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: PaystackOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** PAY-14: the wallet and network go in `mobile_money`, so the prompt reaches the phone. */
  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const data = await this.call<PaystackChargeData>('POST', '/charge', {
      email: request.email,
      amount: request.amountPesewas,
      currency: request.currency,
      reference: request.reference,
      mobile_money: {
        phone: `0${request.walletMsisdn.slice(3)}`,
        provider: PAYSTACK_NETWORK[request.network],
      },
      metadata: request.metadata,
    });
    return toChargeResult(data, request.reference);
  }

  async submitOtp(reference: string, otp: string): Promise<ChargeResult> {
    const data = await this.call<PaystackChargeData>('POST', '/charge/submit_otp', {
      otp,
      reference,
    });
    return toChargeResult(data, reference);
  }

  /** Where a charge stands now (Paystack's 'check pending charge'). */
  async checkCharge(reference: string): Promise<ChargeResult> {
    const data = await this.call<PaystackChargeData>(
      'GET',
      `/charge/${encodeURIComponent(reference)}`,
    );
    return toChargeResult(data, reference);
  }

  async initialize(request: InitializeRequest): Promise<InitializeResult> {
    const data = await this.call<{ authorization_url: string; access_code: string }>(
      'POST',
      '/transaction/initialize',
      {
        email: request.email,
        amount: request.amountPesewas,
        currency: request.currency,
        reference: request.reference,
        callback_url: request.callbackUrl,
        channels: ['card'],
        metadata: request.metadata,
      },
    );
    if (!data.authorization_url || !data.access_code)
      throw new ProviderError('Paystack returned no authorization URL');
    return { authorizationUrl: data.authorization_url, accessCode: data.access_code };
  }

  async verify(reference: string): Promise<ProviderTransaction> {
    const data = await this.call<PaystackTransaction>(
      'GET',
      `/transaction/verify/${encodeURIComponent(reference)}`,
    );
    return toProviderTransaction(data);
  }

  async refund(reference: string, amountPesewas: number): Promise<RefundResult> {
    const data = await this.call<PaystackRefund>('POST', '/refund', {
      transaction: reference,
      amount: amountPesewas,
      currency: 'GHS',
    });
    return toRefundResult(data);
  }

  /** PAY-17: by the refund's own id; a list filtered by transaction could name another refund. */
  async refundStatus(refundId: string): Promise<RefundResult> {
    const data = await this.call<PaystackRefund>('GET', `/refund/${encodeURIComponent(refundId)}`);
    return toRefundResult(data);
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await this.fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.secretKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? 'timed out'
          : 'could not be reached';
      throw new ProviderError(`Paystack ${reason} (${method} ${path.split('?')[0]})`);
    }
    let envelope: PaystackEnvelope<T>;
    try {
      envelope = (await response.json()) as PaystackEnvelope<T>;
    } catch {
      throw new ProviderError(`Paystack answered ${response.status} without JSON`, response.status);
    }
    if (!response.ok || !envelope.status || envelope.data === undefined) {
      throw new ProviderError(
        `Paystack answered ${response.status}: ${envelope.message ?? 'no message'}`,
        response.status,
      );
    }
    return envelope.data;
  }
}

/**
 * A charge.success webhook as Paystack publishes it (tests/fixtures/paystack/): of its fields
 * only the reference is read, since the event is a hint to verify, never the facts (PAY-22).
 * Its amount includes passed-on fees and it may lack requested_amount; nothing else is required.
 */
export interface PaystackChargeSuccessEvent {
  reference: string;
  [field: string]: unknown;
}

/** PAY-15: verify's answer, with requested_amount, amount and fees kept apart. */
export function toProviderTransaction(data: PaystackTransaction): ProviderTransaction {
  const status = PROVIDER_STATUSES.has(data.status as ProviderStatus)
    ? (data.status as ProviderStatus)
    : 'pending';
  const charged = Number(data.amount);
  return {
    reference: String(data.reference),
    status,
    requestedPesewas: typeof data.requested_amount === 'number' ? data.requested_amount : null,
    chargedPesewas: charged,
    feesPesewas: typeof data.fees === 'number' ? data.fees : null,
    currency: String(data.currency ?? '').toUpperCase(),
    gatewayResponse: data.gateway_response ?? null,
    paidAt: data.paid_at ?? null,
    raw: data,
  };
}

function toChargeResult(data: PaystackChargeData, reference: string): ChargeResult {
  // Anything else (send_pin, open_url, …) is not a mobile money step: wait and verify.
  const step = CHARGE_STEPS.has(data.status as ChargeResult['step'])
    ? (data.status as ChargeResult['step'])
    : 'pending';
  return {
    reference: data.reference ? String(data.reference) : reference,
    step,
    displayText: data.display_text ?? data.gateway_response ?? null,
  };
}

function toRefundResult(data: PaystackRefund): RefundResult {
  const status = REFUND_STATUSES.has(data.status as RefundResult['status'])
    ? (data.status as RefundResult['status'])
    : 'pending';
  return { refundId: String(data.id), status };
}
