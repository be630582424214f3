import { SmsError, type SmsGateway, type SmsMessage, type SmsReceipt } from './sms-gateway';

/**
 * Arkesel's SMS API v2 (docs/decisions/012-sms-gateway.md): `POST {base}/api/v2/sms/send`
 * with the key in the `api-key` header and a JSON body `{ sender, message, recipients }`.
 * Success is `{ status: 'success', data: [{ recipient, id }] }`; numbers it cannot reach come
 * back as `{ 'invalid numbers': [...] }` inside `data`; errors are non-2xx answers, or a body
 * whose `status` is not 'success', with a `message`.
 *
 * The key never leaves this class: it is not in any error message or log line.
 */
export interface ArkeselOptions {
  apiKey: string;
  /** Alphanumeric, at most 11 characters (checked by config.ts). */
  senderId: string;
  /** Default https://sms.arkesel.com; tests point it at a fake on loopback. */
  baseUrl: string;
  timeoutMs?: number;
  /** Where Arkesel sends delivery reports (a GET with `sms_id` and `status`). */
  callbackUrl?: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;

interface ArkeselAnswer {
  status?: unknown;
  message?: unknown;
  data?: unknown;
}

/** At most 200 characters of what Arkesel said, never anything we sent. */
function describe(answer: ArkeselAnswer | null): string {
  const text = typeof answer?.message === 'string' ? answer.message : 'no message';
  return text.slice(0, 200);
}

export class ArkeselSmsGateway implements SmsGateway {
  readonly name = 'arkesel' as const;
  private readonly endpoint: string;

  constructor(private readonly options: ArkeselOptions) {
    this.endpoint = `${options.baseUrl.replace(/\/$/, '')}/api/v2/sms/send`;
  }

  async send(message: SmsMessage): Promise<SmsReceipt> {
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          'api-key': this.options.apiKey,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          sender: this.options.senderId,
          message: message.body,
          recipients: [message.to],
          ...(this.options.callbackUrl ? { callback_url: this.options.callbackUrl } : {}),
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new SmsError(
        timedOut ? 'Arkesel did not answer in time' : 'Arkesel could not be reached',
        'unavailable',
      );
    }

    const answer = await response
      .json()
      .then((body: unknown) => (body && typeof body === 'object' ? (body as ArkeselAnswer) : null))
      .catch(() => null);

    if (!response.ok) {
      const status = response.status;
      const kind =
        status === 401 || status === 403 || status === 402
          ? 'config'
          : status === 422 || status === 400
            ? 'rejected'
            : 'unavailable';
      throw new SmsError(`Arkesel answered ${status}: ${describe(answer)}`, kind, status);
    }
    if (!answer || answer.status !== 'success' || !Array.isArray(answer.data)) {
      throw new SmsError(`Arkesel refused the message: ${describe(answer)}`, 'rejected', 200);
    }
    const entries = answer.data as Record<string, unknown>[];
    const sent = entries.find(
      (entry) => typeof entry.id === 'string' && typeof entry.recipient === 'string',
    );
    if (!sent) {
      throw new SmsError('Arkesel listed the number as invalid', 'rejected', 200);
    }
    return { providerId: sent.id as string };
  }
}
