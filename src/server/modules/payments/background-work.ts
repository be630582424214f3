/**
 * Payment work that runs after the answer went out (a webhook's events, say), tracked in the
 * context's set so that tests and a graceful shutdown can wait for all of it.
 */
import type { PaymentsContext } from './payments-context';

/** Runs work after the answer went out, tracked so that tests and shutdown can wait for it. */
export function inBackground(ctx: PaymentsContext, work: () => Promise<unknown>) {
  const running: Promise<unknown> = work()
    .catch((error: unknown) => ctx.log.error({ err: error }, 'background payment work failed'))
    .finally(() => ctx.background.delete(running));
  ctx.background.add(running);
}

/** Waits until every piece of background work (and what it started) has finished. */
export async function settleBackground(ctx: PaymentsContext) {
  while (ctx.background.size) await Promise.all([...ctx.background]);
}
