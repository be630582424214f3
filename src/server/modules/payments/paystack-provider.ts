import type { MobileMoneyNetwork } from '../../../shared/constants';
import {
  ProviderError,
  type InitializeRequest,
  type InitializeResult,
  type PaymentProvider,
  type ProviderStatus,
  type ProviderTransaction,
  type RefundResult,
} from './payment-provider';

/** Paystack's codes for Ghana's networks (Telecel was Vodafone: 'vod'). */
const PAYSTACK_NETWORK: Record<MobileMoneyNetwork, string> = {
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

interface PaystackEnvelope<T> {
  status: boolean;
  message?: string;
  data?: T;
}

interface PaystackTransaction {
  reference: string;
  status: string;
  amount: number;
  currency: string;
  gateway_response?: string | null;
  paid_at?: string | null;
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
 * Paystack's REST API (https://paystack.com/docs/api): initialize, verify, refund. Tests run
 * this very code against a fake Paystack on loopback by changing only the base URL.
 */
export class PaystackProvider implements PaymentProvider {
  readonly name = 'paystack' as const;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: PaystackOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
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
        channels: ['mobile_money'],
        metadata: {
          ...request.metadata,
          mobile_money: {
            phone: `0${request.walletMsisdn.slice(3)}`,
            provider: PAYSTACK_NETWORK[request.network],
          },
        },
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
    });
    return toRefundResult(data);
  }

  async refundStatus(reference: string): Promise<RefundResult | null> {
    const data = await this.call<PaystackRefund[]>(
      'GET',
      `/refund?transaction=${encodeURIComponent(reference)}`,
    );
    const latest = Array.isArray(data) ? data[0] : undefined;
    return latest ? toRefundResult(latest) : null;
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

export function toProviderTransaction(data: PaystackTransaction): ProviderTransaction {
  const status = PROVIDER_STATUSES.has(data.status as ProviderStatus)
    ? (data.status as ProviderStatus)
    : 'pending';
  return {
    reference: String(data.reference),
    status,
    amountPesewas: Number(data.amount),
    currency: String(data.currency ?? '').toUpperCase(),
    gatewayResponse: data.gateway_response ?? null,
    paidAt: data.paid_at ?? null,
    raw: data,
  };
}

function toRefundResult(data: PaystackRefund): RefundResult {
  const status =
    data.status === 'processed' ? 'processed' : data.status === 'failed' ? 'failed' : 'pending';
  return { refundId: String(data.id), status };
}
