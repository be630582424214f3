import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paystackSignature } from '../../src/server/modules/payments/webhook-signature';

/**
 * A stand-in for Paystack's API on loopback (issue 4): the app's real Paystack client talks
 * to it through PAYSTACK_BASE_URL. Tests decide what each transaction does and when webhooks
 * arrive. Shapes follow https://paystack.com/docs/api (transaction initialize / verify, refund).
 */
export interface FakeTransaction {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  callback_url: string;
  channels: string[];
  metadata: Record<string, unknown>;
  /** Paystack reports 'abandoned' for a checkout that has not been completed yet. */
  status: 'abandoned' | 'success' | 'failed' | 'reversed' | 'ongoing';
  gateway_response: string;
  paid_at: string | null;
  /** What verify reports as paid; tests change it to fake a mismatch. */
  paid_amount?: number;
  paid_currency?: string;
}

export interface FakeRefund {
  id: number;
  transaction: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
}

type Fault = { kind: 'status'; status: number } | { kind: 'hang' };

export class FakePaystack {
  readonly secretKey = `sk_test_${randomBytes(8).toString('hex')}`;
  readonly transactions = new Map<string, FakeTransaction>();
  readonly refunds: FakeRefund[] = [];
  readonly calls: { method: string; path: string }[] = [];
  /** How a new refund answers: 'pending' (a webhook follows later) or 'processed' at once. */
  refundMode: 'pending' | 'processed' = 'pending';
  private faults = new Map<string, Fault>();
  private server!: Server;
  url = '';

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** The next call to this operation fails: an HTTP status, or no answer at all. */
  failNext(operation: 'initialize' | 'verify' | 'refund', fault: Fault) {
    this.faults.set(operation, fault);
  }

  /** The renter approved (or declined) on the phone. */
  settle(
    reference: string,
    status: FakeTransaction['status'],
    changes: Partial<FakeTransaction> = {},
  ) {
    const transaction = this.get(reference);
    Object.assign(transaction, {
      status,
      gateway_response:
        status === 'success'
          ? 'Approved'
          : status === 'failed'
            ? 'Declined by the customer'
            : transaction.gateway_response,
      paid_at: status === 'success' ? new Date().toISOString() : null,
      ...changes,
    });
    return transaction;
  }

  get(reference: string) {
    const transaction = this.transactions.get(reference);
    if (!transaction) throw new Error(`fake Paystack has no transaction ${reference}`);
    return transaction;
  }

  /** The transaction as Paystack's verify and charge.success describe it. */
  describe(reference: string) {
    const t = this.get(reference);
    return {
      id: 1000 + [...this.transactions.keys()].indexOf(reference),
      reference: t.reference,
      status: t.status,
      amount: t.paid_amount ?? t.amount,
      currency: t.paid_currency ?? t.currency,
      gateway_response: t.gateway_response,
      paid_at: t.paid_at,
      channel: 'mobile_money',
      metadata: t.metadata,
      customer: { email: t.email },
    };
  }

  /** A webhook delivery: the body and the headers Paystack would send. */
  webhook(event: string, data: unknown, options: { pretty?: boolean; secret?: string } = {}) {
    const body = JSON.stringify({ event, data }, null, options.pretty ? 2 : undefined);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': paystackSignature(
          Buffer.from(body),
          options.secret ?? this.secretKey,
        ),
      },
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    this.calls.push({ method: req.method ?? '', path: url.pathname });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return send(401, { status: false, message: 'Invalid key' });
    }
    const operation = url.pathname.startsWith('/transaction/initialize')
      ? 'initialize'
      : url.pathname.startsWith('/transaction/verify')
        ? 'verify'
        : 'refund';
    const fault = this.faults.get(operation);
    if (fault) {
      this.faults.delete(operation);
      if (fault.kind === 'hang') return; // never answers: the client's timeout must act
      return send(fault.status, { status: false, message: 'Internal server error' });
    }
    const body = chunks.length
      ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>)
      : {};

    if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
      const reference = String(body.reference);
      if (this.transactions.has(reference))
        return send(400, { status: false, message: 'Duplicate Transaction Reference' });
      const accessCode = randomBytes(6).toString('hex');
      this.transactions.set(reference, {
        reference,
        amount: Number(body.amount),
        currency: String(body.currency),
        email: String(body.email),
        callback_url: String(body.callback_url),
        channels: body.channels as string[],
        metadata: body.metadata as Record<string, unknown>,
        status: 'abandoned',
        gateway_response: 'The transaction was not completed',
        paid_at: null,
      });
      return send(200, {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `https://checkout.paystack.com/${accessCode}`,
          access_code: accessCode,
          reference,
        },
      });
    }
    if (req.method === 'GET' && url.pathname.startsWith('/transaction/verify/')) {
      const reference = decodeURIComponent(url.pathname.slice('/transaction/verify/'.length));
      if (!this.transactions.has(reference))
        return send(404, { status: false, message: 'Transaction reference not found' });
      return send(200, {
        status: true,
        message: 'Verification successful',
        data: this.describe(reference),
      });
    }
    if (req.method === 'POST' && url.pathname === '/refund') {
      const reference = String(body.transaction);
      const transaction = this.transactions.get(reference);
      if (!transaction || transaction.status !== 'success') {
        return send(400, { status: false, message: 'Transaction has not been paid' });
      }
      const refund: FakeRefund = {
        id: 5000 + this.refunds.length,
        transaction: reference,
        amount: Number(body.amount),
        status: this.refundMode,
      };
      this.refunds.push(refund);
      if (refund.status === 'processed') transaction.status = 'reversed';
      return send(200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: { ...refund, transaction: { reference } },
      });
    }
    if (req.method === 'GET' && url.pathname === '/refund') {
      const reference = url.searchParams.get('transaction');
      return send(200, {
        status: true,
        data: this.refunds.filter((r) => r.transaction === reference).reverse(),
      });
    }
    return send(404, { status: false, message: 'Not found' });
  }
}
