import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { bookings, payments, sandboxTransactions } from '../../db/schema/index';
import type {
  ChargeRequest,
  ChargeResult,
  InitializeRequest,
  InitializeResult,
  PaymentProvider,
  ProviderTransaction,
  RefundResult,
} from './payment-provider';
import { ProviderError } from './payment-provider';

export type SandboxDecision = 'approve' | 'decline';

/** The sandbox ledger's word for a prompt the merchant withdrew (BOOK-8): it reads failed. */
export const SANDBOX_WITHDRAWN = 'Withdrawn by the merchant';

/**
 * The zero-configuration provider (PAY-13). It plays the mobile money operator: its
 * ledger is the sandbox_transactions table, shared by every app process, and its "phone
 * prompt" is the page /pay/sandbox/:reference. The app learns outcomes only by verify, as
 * with Paystack, so the sandbox exercises the real state machine.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Database,
    private readonly publicUrl: string,
  ) {}

  /**
   * The prompt goes to the sandbox "phone" (the page); Telecel Cash first asks for a voucher,
   * as Paystack's 'send_otp' does, so the zero-configuration run shows every step.
   */
  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const step = request.network === 'telecel' ? 'send_otp' : 'pay_offline';
    await this.db.insert(sandboxTransactions).values({
      reference: request.reference,
      amountPesewas: request.amountPesewas,
      currency: request.currency,
      email: request.email,
      network: request.network,
      walletMsisdn: request.walletMsisdn,
      metadata: request.metadata,
      step,
    });
    return {
      reference: request.reference,
      step,
      promptUrl: `${this.publicUrl}/pay/sandbox/${encodeURIComponent(request.reference)}`,
      displayText:
        step === 'send_otp'
          ? 'Dial *110# to generate a voucher code, then enter the voucher.'
          : 'Approve the payment on your phone.',
    };
  }

  /** Any 6-digit voucher is accepted (the sandbox has no network to check it with). */
  async submitOtp(reference: string, otp: string): Promise<ChargeResult> {
    if (!/^\d{6}$/.test(otp)) throw new ProviderError('Invalid voucher', 400);
    const rows = await this.db
      .update(sandboxTransactions)
      .set({ step: 'pay_offline' })
      .where(
        sql`${sandboxTransactions.reference} = ${reference} and ${sandboxTransactions.status} = 'pending'`,
      )
      .returning({ reference: sandboxTransactions.reference });
    if (!rows[0]) throw new ProviderError(`Sandbox has no open transaction ${reference}`, 404);
    return { reference, step: 'pay_offline', displayText: 'Approve the payment on your phone.' };
  }

  /** The card fallback's checkout, played by the same sandbox page. */
  async initialize(request: InitializeRequest): Promise<InitializeResult> {
    await this.db.insert(sandboxTransactions).values({
      reference: request.reference,
      amountPesewas: request.amountPesewas,
      currency: request.currency,
      email: request.email,
      metadata: request.metadata,
    });
    return {
      authorizationUrl: `${this.publicUrl}/pay/sandbox/${encodeURIComponent(request.reference)}`,
      accessCode: request.reference,
    };
  }

  async verify(reference: string): Promise<ProviderTransaction> {
    const row = await findSandboxTransaction(this.db, reference);
    if (!row) throw new ProviderError(`Sandbox has no transaction ${reference}`, 404);
    return {
      reference: row.reference,
      status:
        row.status === 'success' || row.status === 'failed' || row.status === 'reversed'
          ? row.status
          : 'pending',
      requestedPesewas: row.amountPesewas,
      chargedPesewas: row.amountPesewas,
      feesPesewas: null,
      currency: row.currency,
      gatewayResponse: row.gatewayResponse,
      paidAt: row.paidAt?.toISOString() ?? null,
      raw: { sandbox: true, status: row.status },
    };
  }

  /** The sandbox returns money at once. */
  async refund(reference: string): Promise<RefundResult> {
    const rows = await this.db
      .update(sandboxTransactions)
      .set({
        status: 'reversed',
        refundedAt: sql`coalesce(${sandboxTransactions.refundedAt}, now())`,
      })
      .where(eq(sandboxTransactions.reference, reference))
      .returning({ reference: sandboxTransactions.reference });
    if (!rows[0]) throw new ProviderError(`Sandbox has no transaction ${reference}`, 404);
    return { refundId: `sandbox-refund-${reference}`, status: 'processed' };
  }

  /** The phone stops offering the prompt: a pending transaction ends as not paid. */
  async withdraw(reference: string): Promise<void> {
    await this.db
      .update(sandboxTransactions)
      .set({ status: 'failed', gatewayResponse: SANDBOX_WITHDRAWN })
      .where(
        sql`${sandboxTransactions.reference} = ${reference} and ${sandboxTransactions.status} = 'pending'`,
      );
  }

  async refundStatus(refundId: string): Promise<RefundResult> {
    const reference = refundId.replace(/^sandbox-refund-/, '');
    const row = await findSandboxTransaction(this.db, reference);
    if (!row) throw new ProviderError(`Sandbox has no refund ${refundId}`, 404);
    return { refundId, status: row.status === 'reversed' ? 'processed' : 'pending' };
  }
}

export const findSandboxTransaction = async (db: Executor, reference: string) =>
  (
    await db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.reference, reference))
      .limit(1)
  )[0];

/**
 * The renter's answer on the sandbox "phone": only a pending transaction can be decided, so
 * a second click (or a second tab) changes nothing. Returns false when it was decided already.
 */
export async function decideSandboxTransaction(
  db: Executor,
  reference: string,
  decision: SandboxDecision,
) {
  const rows = await db
    .update(sandboxTransactions)
    .set(
      decision === 'approve'
        ? { status: 'success', gatewayResponse: 'Approved', paidAt: sql`now()` }
        : { status: 'failed', gatewayResponse: 'Declined by the customer' },
    )
    .where(
      sql`${sandboxTransactions.reference} = ${reference} and ${sandboxTransactions.status} = 'pending' and ${sandboxTransactions.step} = 'pay_offline'`,
    )
    .returning({ reference: sandboxTransactions.reference });
  return rows.length > 0;
}

/** What the sandbox phone shows of a transaction: a withdrawn one is no longer valid (BOOK-8). */
export const sandboxStatus = (t: { status: string; gatewayResponse: string | null }) =>
  t.status === 'failed' && t.gatewayResponse === SANDBOX_WITHDRAWN
    ? ('cancelled' as const)
    : (t.status as 'pending' | 'success' | 'failed' | 'reversed');

const promptColumns = {
  transaction: sandboxTransactions,
  bookingCode: bookings.bookingCode,
  purpose: payments.purpose,
  holdExpiresAt: bookings.holdExpiresAt,
};

/**
 * The sandbox phone's open mobile money prompts for one wallet number (RUN-13), newest first:
 * those the ledger still waits on and whose attempt can still pay (a cancelled booking's are
 * closed, BOOK-8).
 */
export const listOpenSandboxPrompts = (db: Executor, walletMsisdn: string) =>
  db
    .select(promptColumns)
    .from(sandboxTransactions)
    .innerJoin(payments, eq(payments.reference, sandboxTransactions.reference))
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(
      and(
        eq(sandboxTransactions.walletMsisdn, walletMsisdn),
        eq(sandboxTransactions.status, 'pending'),
        eq(payments.status, 'pending'),
      ),
    )
    .orderBy(desc(sandboxTransactions.createdAt))
    .limit(20);

/** One mobile money prompt of the sandbox ledger with its booking, whatever its state. */
export const findSandboxPrompt = async (db: Executor, reference: string) =>
  (
    await db
      .select(promptColumns)
      .from(sandboxTransactions)
      .innerJoin(payments, eq(payments.reference, sandboxTransactions.reference))
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(eq(sandboxTransactions.reference, reference))
      .limit(1)
  )[0];

export type SandboxPromptRow = NonNullable<Awaited<ReturnType<typeof findSandboxPrompt>>>;
