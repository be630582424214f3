/**
 * The reconciler's periodic pass: asking the provider rather than waiting to be told, about
 * open and unknown attempts (PAY-23), attempts closed without the provider's final word,
 * refunds, stored webhook events and holds whose time ran out with no prompt open (failures and timeouts send no webhook; a process may die
 * half-way through one). Asking about one attempt is verify-payment.ts.
 */
import { rowsOf } from '../../db/client';
import { releaseLapsedHolds } from '../bookings/booking-lifecycle';
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
  // Holds nothing else will end: a staff-sent prompt declined while it ran (STAFF-46).
  const released = await releaseLapsedHolds(ctx.db);
  return claimed.length + events + released;
}
