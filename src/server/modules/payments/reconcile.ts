/**
 * Asking the provider about an attempt rather than waiting to be told: the renter's verify,
 * a charge that settled at once, and the reconciler's periodic pass over open attempts,
 * refunds and webhook events (failures and timeouts send no webhook; a process may die
 * half-way through one).
 */
import { rowsOf } from '../../db/client';
import { ProviderError, type ProviderTransaction } from './payment-provider';
import { applyProviderTransaction } from './payment-results';
import type { PaymentsContext, Source } from './payments-context';
import * as repo from './payments.repository';
import { requestRefund } from './refunds';
import { processWebhookEvents } from './webhooks';

/** Asks the provider and applies the answer; a provider hiccup leaves things as they were. */
export async function verifyAndApply(
  ctx: PaymentsContext,
  reference: string,
  source: Source,
): Promise<void> {
  let news: ProviderTransaction;
  try {
    news = await ctx.provider.verify(reference);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    ctx.log.warn({ err: error, reference }, 'payment verification failed');
    await expireIfUnknownToProvider(ctx, reference, error);
    return;
  }
  await applyProviderTransaction(ctx, news, source);
}

/**
 * An attempt the provider never heard of (initialize died half-way) would otherwise stay
 * pending forever: once its hold is over it is abandoned like any unapproved one.
 */
async function expireIfUnknownToProvider(
  ctx: PaymentsContext,
  reference: string,
  error: ProviderError,
) {
  if (error.status !== 404 && error.status !== 400) return;
  const payment = await repo.findPaymentByReference(ctx.db, reference);
  if (!payment || payment.status !== 'pending') return;
  await applyProviderTransaction(
    ctx,
    {
      reference,
      status: 'abandoned',
      amountPesewas: payment.amountPesewas,
      chargedPesewas: payment.amountPesewas,
      currency: payment.currency,
      gatewayResponse: 'Unknown to the payment provider',
      paidAt: null,
      raw: { error: error.message },
    },
    'reconciler',
  );
}

/**
 * One pass of the reconciler: failures and timeouts send no webhook, so open attempts are
 * asked about. Safe with several processes (claimOpenPayments leases rows).
 */
export async function reconcileOnce(
  ctx: PaymentsContext,
  options = { limit: 20, minAgeSeconds: 30, leaseSeconds: 20 },
) {
  const claimed = rowsOf<{ reference: string; status: string }>(
    await repo.claimOpenPayments(
      ctx.db,
      options.limit,
      options.minAgeSeconds,
      options.leaseSeconds,
    ),
  );
  for (const { reference, status } of claimed) {
    if (status === 'refund_pending') await requestRefund(ctx, reference);
    else await verifyAndApply(ctx, reference, 'reconciler');
  }
  // Webhook events whose process died before it finished them (PAY-19).
  const events = await processWebhookEvents(ctx, null);
  return claimed.length + events;
}
