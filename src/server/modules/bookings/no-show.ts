import { and, asc, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { todayInAccra } from '../../../shared/dates';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema/index';
import { tryTransition } from './booking-lifecycle';
import { TRANSITIONS, noShowAt } from './booking-transitions';

/** How often each process looks for no-shows: a few minutes late is no harm (LIMIT-15). */
export const NO_SHOW_SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Cancels every pay-on-pickup booking not collected 3 hours after its pickup time (LIMIT-15),
 * freeing its dates and telling the renter and staff (the transition queues both texts).
 * Idempotent and safe to run in several processes at once: each booking changes by a
 * conditional update on the state it was read in, so only one sweep wins it and only the
 * winner's texts are queued. Returns how many bookings this call cancelled.
 */
export async function runNoShowSweep(db: Database, now: Date = new Date()): Promise<number> {
  const rule = TRANSITIONS.no_show;
  const candidates = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.kind, rule.kind),
        eq(bookings.status, rule.from!.status[0]!),
        eq(bookings.paymentStatus, rule.from!.paymentStatus[0]!),
        eq(bookings.paymentMethod, 'payOnPickup'),
        // The start date has come; the exact hour is the transition's own guard.
        lte(bookings.startDate, todayInAccra(now)),
      ),
    )
    .orderBy(asc(bookings.id));
  let cancelled = 0;
  const ctx = { now: now.getTime(), today: todayInAccra(now) };
  for (const row of candidates) {
    if (noShowAt(row) > ctx.now) continue;
    const done = await db.transaction((tx) =>
      tryTransition(tx, 'no_show', row, { actor: 'system' }, ctx),
    );
    if (done) cancelled++;
  }
  return cancelled;
}

/**
 * The sweep as a periodic job (LIMIT-15): once per period across every process (PERF-10),
 * though two sweeps at once would also be safe (each cancellation is a conditional update).
 */
export const noShowPlugin = fp(
  async (app: FastifyInstance, opts: { everyMs?: number }) => {
    const everyMs = opts.everyMs ?? NO_SHOW_SWEEP_EVERY_MS;
    if (everyMs <= 0) return;
    app.scheduler.registerJob('no-show-sweep', everyMs, () => runNoShowSweep(app.db));
  },
  { name: 'no-show-sweep', dependencies: ['scheduler'] },
);
