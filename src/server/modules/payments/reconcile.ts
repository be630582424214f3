/**
 * Asking the provider about an attempt rather than waiting to be told: the renter's verify,
 * a charge that settled at once, and the reconciler's periodic pass over open attempts,
 * refunds and webhook events (failures and timeouts send no webhook; a process may die
 * half-way through one).
 */
import { rowsOf } from '../../db/client';
import type { PaymentsContext } from './payments-context';
import * as repo from './payments.repository';
import { requestRefund } from './refunds';
import { checkUnknownAttempt, verifyAndApply } from './verify-payment';
import { processWebhookEvents } from './webhooks';

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
    else if (status === 'unknown') await checkUnknownAttempt(ctx, reference, 'reconciler');
    else await verifyAndApply(ctx, reference, 'reconciler');
  }
  // Webhook events whose process died before it finished them (PAY-19).
  const events = await processWebhookEvents(ctx, null);
  return claimed.length + events;
}
