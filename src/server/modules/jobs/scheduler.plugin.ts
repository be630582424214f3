import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepRateLimits } from '../../plugins/rate-limit-store';
import { Scheduler } from './scheduler';

declare module 'fastify' {
  interface FastifyInstance {
    /** Periodic jobs run once per period across every process (PERF-10): `registerJob`. */
    scheduler: Scheduler;
  }
}

/** How often expired per-address counters are deleted. */
const RATE_LIMIT_SWEEP_MS = 60_000;

/**
 * The scheduler, started when the app is ready and stopped (runs under way finished) when it
 * closes. Plugins registered after this one add their jobs with `app.scheduler.registerJob`.
 */
export const schedulerPlugin = fp(
  async (app: FastifyInstance) => {
    const scheduler = new Scheduler(app.db, app.log);
    app.decorate('scheduler', scheduler);
    scheduler.registerJob('rate-limit-sweep', RATE_LIMIT_SWEEP_MS, () => sweepRateLimits(app.db));
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  },
  { name: 'scheduler' },
);
