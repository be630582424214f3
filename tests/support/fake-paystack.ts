import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paystackSignature } from '../../src/server/modules/payments/webhook-signature';

/**
 * A stand-in for Paystack's API on loopback: the app's real Paystack client talks to it
 * through PAYSTACK_BASE_URL. It follows tests/fixtures/paystack-openapi.json (a copy of
 * Paystack's own OpenAPI description for the operations used) field by field, and every
 * request and answer is recorded so that a test can validate them against that document.
 * Tests decide what each charge does and when webhooks arrive.
 */

/** Where a charge stands, in Paystack's words (charge statuses and transaction statuses). */
export type FakeChargeStatus =
  'pay_offline' | 'send_otp' | 'pending' | 'success' | 'failed' | 'reversed' | 'abandoned';

export interface FakeTransaction {
  id: number;
  reference: string;
  /** What the merchant asked for (requested_amount). */
  amount: number;
  currency: string;
  email: string;
  channel: 'mobile_money' | 'card';
  mobile_money: { phone: string; provider: string } | null;
  metadata: Record<string, unknown>;
  status: FakeChargeStatus;
  display_text: string | null;
  gateway_response: string;
  paid_at: string | null;
  created_at: string;
  /** Fees the customer paid on top (fees passed to the customer): amount charged = amount + this. */
  customer_fees: number;
  /** Tests change these to fake a mismatch: what Paystack reports as requested and paid. */
  paid_amount?: number;
  paid_currency?: string;
  otp?: string;
}

export type FakeRefundStatus =
  'pending' | 'processing' | 'processed' | 'failed' | 'needs-attention';

export interface FakeRefund {
  id: number;
  /** The transaction's reference (Paystack's list and fetch answers give its numeric id). */
  transaction: string;
  amount: number;
  status: FakeRefundStatus;
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  status: number;
  response: unknown;
}

type Operation =
  'charge' | 'submit_otp' | 'check' | 'initialize' | 'verify' | 'refund' | 'refund_fetch';
/**
 * How the next call fails: an HTTP status, no answer at all (the request never arrives), or
 * 'lost_answer': Paystack does the work but its answer never reaches the app (a timeout).
 */
type Fault = { kind: 'status'; status: number } | { kind: 'hang' } | { kind: 'lost_answer' };

/**
 * Paystack's published mobile money charge.success (tests/fixtures/paystack/README.md): the
 * fake's event has exactly its fields, so no requested_amount, and an `amount` that includes
 * the fees passed to the customer.
 */
const MOBILE_MONEY_EVENT = JSON.parse(
  readFileSync(
    new URL('../fixtures/paystack/charge-success-mobile-money.json', import.meta.url),
    'utf8',
  ),
) as { event: 'charge.success'; data: Record<string, unknown> };

/** Provider codes Paystack's mobile money guide lists for Ghana. */
const PROVIDERS = new Set(['mtn', 'vod', 'atl']);

const DISPLAY = {
  pay_offline: 'Please complete authorization process on your mobile phone',
  send_otp: 'Please dial *110# to generate a voucher code. Then input the voucher',
} as const;

export class FakePaystack {
  readonly secretKey = `sk_test_${randomBytes(8).toString('hex')}`;
  readonly transactions = new Map<string, FakeTransaction>();
  readonly refunds: FakeRefund[] = [];
  readonly calls: RecordedCall[] = [];
  /** How a new refund answers: 'pending' (a webhook follows later) or 'processed' at once. */
  refundMode: FakeRefundStatus = 'pending';
  /**
   * What the next charges answer, in order; when empty a charge waits for the customer as
   * Paystack's mobile money does: 'send_otp' for Telecel Cash ('vod'), else 'pay_offline'.
   */
  readonly nextCharges: ('pay_offline' | 'send_otp' | 'pending' | 'success')[] = [];
  /** Fees passed to the customer on every new charge, in pesewas. */
  customerFees = 0;
  private faults = new Map<Operation, Fault>();
  private server!: Server;
  private nextId = 4_099_000;
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

  /** The next call to this operation fails: an HTTP status, or no answer at all. */
  failNext(operation: Operation, fault: Fault) {
    this.faults.set(operation, fault);
  }

  /** Faults set with failNext and not met yet are dropped. */
  resetFaults() {
    this.faults.clear();
  }

  /** The customer approved (or declined) on the phone, or the money was reversed. */
  settle(reference: string, status: FakeChargeStatus, changes: Partial<FakeTransaction> = {}) {
    const transaction = this.get(reference);
    Object.assign(transaction, {
      status,
      display_text: null,
      gateway_response:
        status === 'success'
          ? 'Approved'
          : status === 'failed'
            ? 'Declined by the customer'
            : status === 'reversed'
              ? 'Reversed'
              : transaction.gateway_response,
      paid_at: status === 'success' || status === 'reversed' ? new Date().toISOString() : null,
      ...changes,
    });
    return transaction;
  }

  get(reference: string) {
    const transaction = this.transactions.get(reference);
    if (!transaction) throw new Error(`fake Paystack has no transaction ${reference}`);
    return transaction;
  }

  /** The transaction as verify, a settled charge and charge.success describe it. */
  describe(reference: string) {
    const t = this.get(reference);
    const charged = (t.paid_amount ?? t.amount) + t.customer_fees;
    const waiting = t.status === 'pay_offline' || t.status === 'send_otp';
    const at = t.paid_at ?? t.created_at;
    const network = t.mobile_money?.provider ?? 'card';
    return {
      id: t.id,
      domain: 'test',
      // A charge still waiting for the customer is 'ongoing' to verify.
      status: waiting ? 'ongoing' : t.status,
      reference: t.reference,
      receipt_number: null,
      amount: charged,
      message: null,
      gateway_response: t.gateway_response,
      paid_at: t.paid_at,
      created_at: t.created_at,
      channel: t.channel,
      currency: t.paid_currency ?? t.currency,
      ip_address: '127.0.0.1',
      metadata: { custom_fields: [], ...t.metadata },
      log: null,
      fees: Math.round(charged * 0.0195),
      fees_split: null,
      authorization: {
        authorization_code: `AUTH_${t.id}`,
        bin: t.mobile_money ? `${t.mobile_money.phone.slice(0, 3)}XXX` : '408408',
        last4: t.mobile_money ? `X${t.mobile_money.phone.slice(-3)}` : '4081',
        exp_month: '12',
        exp_year: '9999',
        channel: t.channel,
        card_type: '',
        bank:
          network === 'vod'
            ? 'Telecel Cash'
            : network === 'atl'
              ? 'AirtelTigo Money'
              : 'MTN Mobile Money',
        country_code: 'GH',
        brand: `${network} mobile money`,
        reusable: false,
        signature: `SIG_${t.id}`,
        account_name: null,
        receiver_bank_account_number: null,
        receiver_bank: null,
      },
      customer: {
        id: 16_000 + (t.id % 1000),
        first_name: '',
        last_name: '',
        email: t.email,
        customer_code: `CUS_${t.id}`,
        phone: '',
        metadata: {},
        risk_action: 'default',
        international_format_phone: '',
      },
      plan: null,
      split: {},
      order_id: null,
      paidAt: at,
      createdAt: t.created_at,
      requested_amount: t.paid_amount ?? t.amount,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
      connect: null,
      transaction_date: t.created_at,
      plan_object: {},
      subaccount: {},
    };
  }

  /**
   * A charge.success payload as Paystack documents it for mobile money: the published example's
   * fields, with this transaction's values. Verify (describe) says more than the event does.
   */
  chargeSuccessEvent(reference: string): Record<string, unknown> {
    const full = this.describe(reference);
    const example = MOBILE_MONEY_EVENT.data;
    return {
      ...Object.fromEntries(
        Object.keys(example).map((key) => [
          key,
          key in full ? full[key as keyof typeof full] : example[key],
        ]),
      ),
      authorization: {
        ...(example.authorization as Record<string, unknown>),
        ...Object.fromEntries(
          Object.keys(example.authorization as object).map((key) => [
            key,
            full.authorization[key as keyof typeof full.authorization],
          ]),
        ),
      },
      customer: Object.fromEntries(
        Object.keys(example.customer as object).map((key) => [
          key,
          full.customer[key as keyof typeof full.customer],
        ]),
      ),
    };
  }

  /**
   * A settled charge as 'check pending charge' describes it (the OpenAPI description's
   * ChargeCheckPendingResponse): fewer fields than verify, and no requested_amount.
   */
  private checked(reference: string) {
    const full = this.describe(reference);
    const a = full.authorization;
    const c = full.customer;
    return {
      status: full.status,
      amount: full.amount,
      currency: full.currency,
      transaction_date: full.transaction_date,
      reference: full.reference,
      domain: full.domain,
      redirect_url: null,
      metadata: full.metadata,
      gateway_response: full.gateway_response,
      message: full.message,
      channel: full.channel,
      fees: full.fees,
      authorization: {
        authorization_code: a.authorization_code,
        bin: a.bin,
        last4: a.last4,
        exp_month: a.exp_month,
        exp_year: a.exp_year,
        channel: a.channel,
        card_type: a.card_type,
        bank: a.bank,
        country_code: a.country_code,
        brand: a.brand,
        reusable: a.reusable,
        signature: a.signature,
      },
      customer: {
        first_name: c.first_name,
        last_name: c.last_name,
        email: c.email,
        customer_code: c.customer_code,
        phone: c.phone,
        risk_action: c.risk_action,
      },
    };
  }

  /** A charge waiting for the customer, as the mobile money guide shows it. */
  private attempt(t: FakeTransaction) {
    return {
      reference: t.reference,
      status: t.status as 'pay_offline' | 'send_otp' | 'pending',
      ...(t.display_text ? { display_text: t.display_text } : {}),
    };
  }

  /** A refund event's payload, as Paystack's refund events documentation shows it. */
  refundEvent(refundId: number, status: FakeRefundStatus) {
    const refund = this.refunds.find((r) => r.id === refundId);
    if (!refund) throw new Error(`fake Paystack has no refund ${refundId}`);
    const t = this.get(refund.transaction);
    return {
      status,
      transaction_reference: refund.transaction,
      refund_reference: status === 'processed' ? `TRF_${refund.id}` : null,
      amount: String(refund.amount),
      currency: t.currency,
      processor: 'mobile_money',
      customer: { first_name: null, last_name: null, email: t.email },
      integration: 412_829,
      domain: 'test',
      ...(status === 'needs-attention' ? { id: String(refund.id) } : {}),
    };
  }

  /** The refund changes state at Paystack (a webhook about it is built with refundEvent). */
  settleRefund(refundId: number, status: FakeRefundStatus) {
    const refund = this.refunds.find((r) => r.id === refundId);
    if (!refund) throw new Error(`fake Paystack has no refund ${refundId}`);
    refund.status = status;
    if (status === 'processed') this.get(refund.transaction).status = 'reversed';
    return refund;
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

  private operationOf(method: string, path: string): Operation | null {
    if (method === 'POST' && path === '/charge') return 'charge';
    if (method === 'POST' && path === '/charge/submit_otp') return 'submit_otp';
    if (method === 'GET' && /^\/charge\/[^/]+$/.test(path)) return 'check';
    if (method === 'POST' && path === '/transaction/initialize') return 'initialize';
    if (method === 'GET' && path.startsWith('/transaction/verify/')) return 'verify';
    if (method === 'POST' && path === '/refund') return 'refund';
    if (method === 'GET' && /^\/refund\/[^/]+$/.test(path)) return 'refund_fetch';
    return null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? '';
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: Record<string, unknown> = {};
    try {
      body = chunks.length
        ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>)
        : {};
    } catch {
      body = {};
    }
    const call: RecordedCall = {
      method,
      path: url.pathname + url.search,
      body,
      status: 0,
      response: null,
    };
    this.calls.push(call);
    let silent = false;
    const send = (status: number, answer: unknown) => {
      if (silent) return; // the answer is lost on the way: the client's timeout must act
      call.status = status;
      call.response = answer;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    };
    const error = (status: number, message: string) => send(status, { status: false, message });
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) return error(401, 'Invalid key');
    const operation = this.operationOf(method, url.pathname);
    if (!operation) return error(404, 'Not found');
    const fault = this.faults.get(operation);
    if (fault) {
      this.faults.delete(operation);
      if (fault.kind === 'hang') return; // never answers: the client's timeout must act
      if (fault.kind === 'lost_answer') silent = true;
      else return error(fault.status, 'Internal server error');
    }
    const tail = decodeURIComponent(url.pathname.split('/').pop() ?? '');

    switch (operation) {
      case 'charge': {
        const reference = String(body.reference);
        if (this.transactions.has(reference)) return error(400, 'Duplicate Transaction Reference');
        const momo = body.mobile_money as { phone?: unknown; provider?: unknown } | undefined;
        if (!momo || typeof momo.phone !== 'string' || !PROVIDERS.has(String(momo.provider)))
          return error(400, 'Invalid mobile money details');
        const provider = String(momo.provider);
        const status =
          this.nextCharges.shift() ?? (provider === 'vod' ? 'send_otp' : 'pay_offline');
        const t: FakeTransaction = {
          id: (this.nextId += 1),
          reference,
          amount: Number(body.amount),
          currency: String(body.currency),
          email: String(body.email),
          channel: 'mobile_money',
          mobile_money: { phone: momo.phone, provider },
          metadata: (body.metadata as Record<string, unknown>) ?? {},
          status,
          display_text: status === 'pay_offline' || status === 'send_otp' ? DISPLAY[status] : null,
          gateway_response: status === 'success' ? 'Approved' : 'Charge attempted',
          paid_at: status === 'success' ? new Date().toISOString() : null,
          created_at: new Date().toISOString(),
          customer_fees: this.customerFees,
        };
        this.transactions.set(reference, t);
        return this.chargeAnswer(t, send);
      }
      case 'submit_otp': {
        const t = this.transactions.get(String(body.reference));
        if (!t) return error(404, 'Transaction not found');
        if (t.status !== 'send_otp') return error(400, 'Transaction is not awaiting an OTP');
        if (!/^\d{6}$/.test(String(body.otp))) return error(400, 'Invalid voucher code');
        t.otp = String(body.otp);
        // The voucher authorises the payment; the network then confirms it.
        t.status = 'pending';
        t.display_text = null;
        return this.chargeAnswer(t, send);
      }
      case 'check': {
        const t = this.transactions.get(tail);
        if (!t) return error(404, 'Transaction not found');
        const waiting = ['pay_offline', 'send_otp', 'pending'].includes(t.status);
        if (waiting) return this.chargeAnswer(t, send);
        return send(200, { status: true, message: 'Charge attempted', data: this.checked(tail) });
      }
      case 'initialize': {
        const reference = String(body.reference);
        if (this.transactions.has(reference)) return error(400, 'Duplicate Transaction Reference');
        const accessCode = randomBytes(6).toString('hex');
        this.transactions.set(reference, {
          id: (this.nextId += 1),
          reference,
          amount: Number(body.amount),
          currency: String(body.currency),
          email: String(body.email),
          channel: 'card',
          mobile_money: null,
          metadata: (body.metadata as Record<string, unknown>) ?? {},
          status: 'abandoned',
          display_text: null,
          gateway_response: 'The transaction was not completed',
          paid_at: null,
          created_at: new Date().toISOString(),
          customer_fees: this.customerFees,
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
      case 'verify': {
        if (!this.transactions.has(tail)) return error(400, 'Transaction reference not found');
        return send(200, {
          status: true,
          message: 'Verification successful',
          data: this.describe(tail),
        });
      }
      case 'refund': {
        const reference = String(body.transaction);
        const t = this.transactions.get(reference);
        if (!t || t.status !== 'success') return error(400, 'Transaction has not been paid');
        const refund: FakeRefund = {
          id: 15_581_000 + this.refunds.length,
          transaction: reference,
          amount: typeof body.amount === 'number' ? body.amount : t.amount,
          status: this.refundMode,
        };
        this.refunds.push(refund);
        if (refund.status === 'processed') t.status = 'reversed';
        const described = this.describe(reference);
        return send(200, {
          status: true,
          message: 'Refund has been queued for processing',
          data: {
            transaction: {
              id: t.id,
              domain: 'test',
              reference,
              amount: described.amount,
              paid_at: t.paid_at ?? t.created_at,
              channel: t.channel,
              currency: t.currency,
              authorization: { exp_month: null, exp_year: null, account_name: null },
              customer: { international_format_phone: null },
              plan: {},
              subaccount: { currency: null },
              split: {},
              order_id: null,
              paidAt: t.paid_at ?? t.created_at,
              pos_transaction_data: null,
              source: null,
              fees_breakdown: null,
            },
            integration: 412_829,
            deducted_amount: 0,
            channel: null,
            merchant_note: `Refund for transaction ${reference}`,
            customer_note: `Refund for transaction ${reference}`,
            status: refund.status,
            refunded_by: 'api',
            expected_at: new Date(Date.now() + 86_400_000).toISOString(),
            currency: t.currency,
            domain: 'test',
            amount: refund.amount,
            fully_deducted: false,
            id: refund.id,
            createdAt: new Date().toISOString(),
            updatedAt: new Date().toISOString(),
          },
        });
      }
      case 'refund_fetch': {
        const refund = this.refunds.find((r) => String(r.id) === tail);
        if (!refund) return error(404, 'Refund not found');
        const t = this.get(refund.transaction);
        const now = new Date().toISOString();
        return send(200, {
          status: true,
          message: 'Refund retrieved',
          data: {
            integration: 412_829,
            // Paystack names the transaction by its numeric id here, not by its reference.
            transaction: t.id,
            dispute: null,
            settlement: null,
            id: refund.id,
            domain: 'test',
            currency: t.currency,
            amount: refund.amount,
            status: refund.status,
            refunded_at: refund.status === 'processed' ? now : null,
            refunded_by: 'api',
            customer_note: `Refund for transaction ${refund.transaction}`,
            merchant_note: `Refund for transaction ${refund.transaction}`,
            deducted_amount: 0,
            // An integer here (a boolean in the create answer), as Paystack's description has it.
            fully_deducted: 0,
            createdAt: now,
            bank_reference: null,
            transaction_reference: refund.transaction,
            reason: '',
            customer: {
              id: 16_000 + (t.id % 1000),
              first_name: '',
              last_name: '',
              email: t.email,
              customer_code: `CUS_${t.id}`,
              phone: '',
              metadata: '',
              risk_action: 'default',
              international_format_phone: '',
            },
            refund_type: 'full',
            transaction_amount: t.amount + t.customer_fees,
            initiated_by: 'api',
            refund_channel: 'mobile_money',
            session_id: null,
            collect_account_number: false,
          },
        });
      }
    }
  }

  private chargeAnswer(t: FakeTransaction, send: (status: number, body: unknown) => void) {
    const waiting = t.status === 'pay_offline' || t.status === 'send_otp' || t.status === 'pending';
    return send(200, {
      status: true,
      message: 'Charge attempted',
      data: waiting ? this.attempt(t) : this.describe(t.reference),
    });
  }
}
