/**
 * Asking the provider about one attempt and applying its answer: the only way news of an
 * attempt reaches applyProviderTransaction (the renter's verify, a charge that settled at once,
 * a webhook's hint, the reconciler). The news is verify's answer, or the provider's saying it
 * never heard of the attempt; a webhook's payload is never applied (PAY-22).
 */
import { ProviderError, type ProviderTransaction } from './payment-provider';
import { applyProviderTransaction, type ApplyOutcome } from './payment-results';
import { FLAGS, type PaymentsContext, type Source } from './payments-context';
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
  return applyAnswer(ctx, news, source);
}

/** Applies news; an attempt staff were shown as unknown (PAY-23) is no longer flagged so. */
async function applyAnswer(ctx: PaymentsContext, news: ProviderTransaction, source: Source) {
  const outcome = await applyProviderTransaction(ctx, news, source);
  await repo.clearFlagUnlessStatus(ctx.db, news.reference, FLAGS.statusUnknown, 'unknown');
  return outcome;
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

const notFound = (error: ProviderError) => error.status === 404 || error.status === 400;

/**
 * PAY-23: an attempt whose charge request got no answer. Paystack's 'check pending charge'
 * (meant for after an exception) and verify are both asked: whatever they know settles it like
 * a pending attempt. If neither has heard of the charge for CLOSED_ATTEMPT_WATCH_MINUTES, it
 * never reached the provider: failed, nothing charged, the booking released. If the provider
 * cannot be asked that long, staff are shown it, and it is still asked about.
 */
export async function checkUnknownAttempt(
  ctx: PaymentsContext,
  reference: string,
  source: Source,
): Promise<ApplyOutcome> {
  const payment = await repo.findPaymentByReference(ctx.db, reference);
  if (!payment) return 'unknown_reference';
  if (payment.status !== 'unknown') return verifyAndApply(ctx, reference, source);
  let known = false;
  let unreachable = false;
  const failedToAsk = (error: unknown) => {
    if (!(error instanceof ProviderError)) throw error;
    ctx.log.warn({ err: error, reference }, 'could not learn the outcome of a charge');
    if (!notFound(error)) unreachable = true;
  };
  if (ctx.provider.checkCharge) {
    try {
      const charged = await ctx.provider.checkCharge(reference);
      known = true;
      const waiting = charged.step !== 'success' && charged.step !== 'failed';
      await repo.markUnknownChargeFound(
        ctx.db,
        payment.id,
        waiting ? charged.step : null,
        waiting ? charged.displayText : null,
      );
    } catch (error) {
      failedToAsk(error);
    }
  }
  let news: ProviderTransaction | null = null;
  try {
    news = await ctx.provider.verify(reference);
  } catch (error) {
    failedToAsk(error);
  }
  if (news) return applyAnswer(ctx, news, source);
  if (known) return 'unchanged';

  const watchedFor = Date.now() - payment.createdAt.getTime();
  if (watchedFor < repo.CLOSED_ATTEMPT_WATCH_MINUTES * 60_000) return 'unchanged';
  if (unreachable) {
    const flagged = await repo.flagOnce(ctx.db, payment.id, FLAGS.statusUnknown);
    if (flagged.length > 0) ctx.log.error({ reference }, 'payment outcome unknown for 30 minutes');
    return flagged.length > 0 ? 'flagged' : 'unchanged';
  }
  return applyAnswer(
    ctx,
    {
      reference,
      status: 'failed',
      requestedPesewas: payment.amountPesewas,
      chargedPesewas: 0,
      feesPesewas: null,
      currency: payment.currency,
      gatewayResponse: 'The payment never reached the payment provider',
      paidAt: null,
      raw: { not_found: ['charge', 'verify'] },
    },
    'reconciler',
  );
}
