import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Arkesel's SMS API v2 on loopback: the app's real Arkesel client talks to it
 * through ARKESEL_BASE_URL. It answers as the published API does
 * (docs/decisions/012-sms-gateway.md): `POST /api/v2/sms/send` with the key in the `api-key`
 * header and `{ sender, message, recipients }`; success `{ status: 'success', data:
 * [{ recipient, id }] }`, unreachable numbers listed under `invalid numbers`, errors as
 * non-2xx with `{ status: 'error', message }`.
 */
export interface ReceivedSms {
  sender: string;
  message: string;
  recipients: string[];
  apiKey: string | undefined;
}

/** What the fake accepted: the id it gave each message and where to report its delivery. */
export interface AcceptedSms {
  id: string;
  recipient: string;
  message: string;
  callbackUrl: string | undefined;
}

/**
 * Every delivery status Arkesel publishes for an SMS, as its delivery report (`callback_url`)
 * names it, and what each means to us (MSG-8, MSG-13). Source: decision 028, which cites the
 * list (kalourmade/arkesel-sdk `php/src/Sms/DeliveryStatus.php`: DELIVERED, SUBMITTED,
 * PROHIBITED, QUEUED, NOT_DELIVERED, EXPIRED) and the report's shape (`docs/node.md`,
 * `node/src/deliveryCallback.ts`: a GET with `sms_id` and `status`).
 */
export const ARKESEL_DELIVERY_STATUSES = {
  DELIVERED: 'delivered',
  NOT_DELIVERED: 'failed',
  PROHIBITED: 'failed',
  EXPIRED: 'failed',
  SUBMITTED: 'pending',
  QUEUED: 'pending',
} as const;
export type ArkeselDeliveryStatus = keyof typeof ARKESEL_DELIVERY_STATUSES;

type Fault =
  { kind: 'status'; status: number; body?: unknown } | { kind: 'hang' } | { kind: 'garbage' };

export class FakeArkesel {
  readonly apiKey = `ak_${randomBytes(12).toString('hex')}`;
  readonly received: ReceivedSms[] = [];
  readonly accepted: AcceptedSms[] = [];
  /** Numbers Arkesel does not deliver to: answered as `invalid numbers`. */
  readonly unreachable = new Set<string>();
  private faults: Fault[] = [];
  /** Each send waits this long before answering (a slow provider; in-flight sends at a crash). */
  delayMs = 0;
  private server!: Server;
  url = '';

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res));
    // Longer than the client's keep-alive: otherwise, on a loaded machine, the server may close
    // an idle connection just as fetch reuses it, and a request fails with 'fetch failed'.
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /**
   * The delivery report Arkesel sends for an accepted message: a GET of its `callback_url`
   * with `sms_id` and `status` (the published example). Returned as the path and query to
   * inject, since the callback names the app's public address, not the test's.
   */
  deliveryReport(id: string, status: ArkeselDeliveryStatus): string {
    const sent = this.accepted.find((m) => m.id === id);
    if (!sent?.callbackUrl) throw new Error(`no callback_url for ${id}`);
    const url = new URL(sent.callbackUrl);
    url.searchParams.set('sms_id', id);
    url.searchParams.set('status', status);
    return `${url.pathname}${url.search}`;
  }

  /** The next request fails this way (queued: one fault per request). */
  failNext(fault: Fault) {
    this.faults.push(fault);
  }

  private send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/api/v2/sms/send') {
      return this.send(res, 404, { status: 'error', message: 'Not found' });
    }
    const fault = this.faults.shift();
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (fault?.kind === 'hang') return; // never answers; the client must give up
    if (fault?.kind === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>Bad gateway</html>');
    }
    if (fault?.kind === 'status') {
      return this.send(
        res,
        fault.status,
        fault.body ?? { status: 'error', message: 'Server error' },
      );
    }

    const apiKey = req.headers['api-key'];
    const key = Array.isArray(apiKey) ? apiKey[0] : apiKey;
    if (key !== this.apiKey) {
      return this.send(res, 401, { status: 'error', message: 'Unauthenticated.' });
    }
    let body: Partial<ReceivedSms>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<ReceivedSms>;
    } catch {
      return this.send(res, 422, { status: 'error', message: 'The given data was invalid.' });
    }
    const { sender, message, recipients } = body;
    const callbackUrl = (body as { callback_url?: unknown }).callback_url;
    if (
      typeof sender !== 'string' ||
      !/^[A-Za-z0-9 ]{1,11}$/.test(sender) ||
      typeof message !== 'string' ||
      !message ||
      !Array.isArray(recipients) ||
      recipients.length === 0
    ) {
      return this.send(res, 422, { status: 'error', message: 'The given data was invalid.' });
    }
    const valid = recipients.filter((r) => !this.unreachable.has(r));
    const invalid = recipients.filter((r) => this.unreachable.has(r));
    const ids = valid.map(() => randomUUID());
    this.received.push({ sender, message, recipients, apiKey: key });
    valid.forEach((recipient, i) =>
      this.accepted.push({
        id: ids[i]!,
        recipient,
        message,
        callbackUrl: typeof callbackUrl === 'string' ? callbackUrl : undefined,
      }),
    );
    return this.send(res, 200, {
      status: 'success',
      data: [
        ...valid.map((recipient, i) => ({ recipient, id: ids[i]! })),
        ...(invalid.length ? [{ 'invalid numbers': invalid }] : []),
      ],
    });
  }
}
