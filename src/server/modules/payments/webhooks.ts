/**
 * Paystack's webhook events (PAY-19): a verified delivery is stored before it is answered,
 * then followed up (a charge to verify (PAY-22), or a refund to look up (PAY-17)), once, even when delivered
 * again or when the process dies half-way (the reconciler picks such events up).
 */
import { createHash } from 'node:crypto';
import type { PaymentsContext } from './payments-context';
import * as repo from './payments.repository';
import type { PaystackChargeSuccessEvent } from './paystack-provider';
import { applyRefundStatus } from './refunds';
import { verifyAndApply } from './verify-payment';

/** What Paystack's refund events name the charge by (transaction_reference). */
function refundEventReference(data: Record<string, unknown>): string | null {
  if (typeof data.transaction_reference === 'string') return data.transaction_reference;
  const transaction = data.transaction as { reference?: unknown } | undefined;
  return typeof transaction?.reference === 'string' ? transaction.reference : null;
}

/**
 * A refund event is a hint: the refund it is about is looked up by the id Paystack gave it when
 * it was asked for (PAY-17), so an old event of an earlier refund of the same charge (one that
 * failed before staff retried) cannot settle or flag the new one.
 */
async function followRefund(ctx: PaymentsContext, reference: string) {
  const payment = await repo.findPaymentByReference(ctx.db, reference);
  // A change's partial refunds (BOOK-18) name the charge too: each is looked up by its own id.
  const open = [
    ...(payment ? [payment] : []),
    ...(await repo.findOpenPartialRefunds(ctx.db, reference)),
  ];
  for (const row of open) {
    if (row.status !== 'refund_pending' || !row.refundId) continue;
    const result = await ctx.provider.refundStatus(row.refundId);
    await applyRefundStatus(ctx, row.reference, result, 'provider');
  }
}

/** Applies one stored webhook event; every step is idempotent, so a replay changes nothing. */
async function applyWebhookEvent(
  ctx: PaymentsContext,
  event: string,
  data: Record<string, unknown>,
) {
  if (event === 'charge.success') {
    // PAY-22: the event only names the attempt; verify's answer decides. A verify that cannot
    // be made throws, so the stored event stays open and the reconciler tries it again.
    const { reference } = data as Partial<PaystackChargeSuccessEvent>;
    if (typeof reference !== 'string') return;
    if (!(await repo.findPaymentByReference(ctx.db, reference))) return;
    await verifyAndApply(ctx, reference, 'webhook', { onProviderError: 'throw' });
  } else if (event.startsWith('refund.')) {
    const reference = refundEventReference(data);
    if (reference) await followRefund(ctx, reference);
  }
}

/**
 * PAY-19: a verified delivery is stored, and only then answered; the work (which may call
 * Paystack) runs after the answer. Returns the stored event's id when it still needs work.
 */
export async function storeWebhookEvent(
  ctx: PaymentsContext,
  raw: Buffer,
  parsed: { event: string; data: Record<string, unknown> },
): Promise<number | null> {
  const stored = await repo.storePaystackEvent(ctx.db, {
    bodySha256: createHash('sha256').update(raw).digest('hex'),
    event: parsed.event,
    payload: parsed,
  });
  return stored.processed ? null : stored.id;
}

/** Processes stored events: one given event, or (id null) any the reconciler finds open. */
export async function processWebhookEvents(ctx: PaymentsContext, id: number | null, max = 20) {
  let done = 0;
  while (done < max) {
    const leased = await repo.leasePaystackEvent(ctx.db, id);
    if (!leased) break;
    done += 1;
    try {
      await applyWebhookEvent(ctx, leased.event, leased.payload.data as Record<string, unknown>);
      await repo.finishPaystackEvent(ctx.db, leased.id, null);
    } catch (error) {
      ctx.log.warn({ err: error, event: leased.event }, 'webhook event failed; will retry');
      await repo.finishPaystackEvent(
        ctx.db,
        leased.id,
        error instanceof Error ? error.message : String(error),
      );
    }
    if (id !== null) break;
  }
  return done;
}
