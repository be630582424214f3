import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-address request counters (LIMIT-3), one row per route and address, shared by every app
 * process on the database (PERF-9). A row whose window has ended counts from 1 again; the
 * `rate-limit-sweep` job deletes rows long past their window.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  /** The route and the client's address, e.g. `POST/api/auth/login|203.0.113.7`. */
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});

/**
 * Periodic jobs (PERF-10): a job's period cuts time into slots aligned to the epoch; the process
 * that moves `last_slot_at` forward to the current slot's start runs that slot, every other
 * process skips it. A start time rather than a slot number, so a release that changes a period
 * compares slots of different lengths correctly.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  lastSlotAt: timestamp('last_slot_at', { withTimezone: true }).notNull(),
  /** Which process ran the last slot (host:pid) and when it started, for staff and tests. */
  lastRunBy: text('last_run_by').notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
  runs: bigint('runs', { mode: 'number' }).notNull().default(1),
});
