/**
 * Asking the provider's verify about one attempt and applying its answer: the only way news of
 * an attempt reaches applyProviderTransaction (the renter's verify, a charge that settled at
 * once, a webhook's hint, the reconciler). A webhook's payload is never applied (PAY-22).
 */
import { ProviderError, type ProviderTransaction } from './payment-provider';
import { applyProviderTransaction, type ApplyOutcome } from './payment-results';
import type { PaymentsContext, Source } from './payments-context';
import * as repo from './payments.repository';

/**
 * Asks the provider and applies the answer. A provider hiccup leaves things as they were:
 * logged, or (`onProviderError: 'throw'`) thrown, so that a stored webhook event stays open
 * and is verified again by the reconciler (PAY-19, PAY-22).
 */
export async function verifyAndApply(
  ctx: PaymentsContext,
  reference: string,
  source: Source,
  options: { onProviderError: 'log' | 'throw' } = { onProviderError: 'log' },
): Promise<ApplyOutcome> {
  let news: ProviderTransaction;
  try {
    news = await ctx.provider.verify(reference);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    ctx.log.warn({ err: error, reference }, 'payment verification failed');
    await expireIfUnknownToProvider(ctx, reference, error);
    if (options.onProviderError === 'throw') throw error;
    return 'unchanged';
  }
  return applyProviderTransaction(ctx, news, source);
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
      requestedPesewas: payment.amountPesewas,
      chargedPesewas: payment.amountPesewas,
      feesPesewas: null,
      currency: payment.currency,
      gatewayResponse: 'Unknown to the payment provider',
      paidAt: null,
      raw: { error: error.message },
    },
    'reconciler',
  );
}
