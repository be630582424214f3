import { sql } from 'drizzle-orm';
import { hostname } from 'node:os';
import { rowsOf, type Executor } from '../../db/client';

/** What a job does each slot; it may throw (logged, the next slot runs as usual). */
export type JobWork = () => Promise<unknown>;

interface Job {
  name: string;
  everyMs: number;
  work: JobWork;
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
}

/** Where runs and failures are told (the app's logger). */
export interface SchedulerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** Who ran a slot, in `scheduled_jobs.last_run_by` and the log. */
export const PROCESS_ID = `${hostname()}:${process.pid}`;

/** A job's runs start this long after its slot begins, plus up to a tenth of the period (≤ 1 s). */
const WAKE_AFTER_SLOT_MS = 50;

/**
 * Claims the current slot of `name` for this process: its start for exactly one caller per slot,
 * null for the others,
 * whichever process asks first (PERF-10). The slot is computed by the database's clock, so
 * processes on machines whose clocks differ a little still agree on it.
 */
export async function claimSlot(db: Executor, name: string, everyMs: number, by = PROCESS_ID) {
  const rows = rowsOf<{ slot_at: Date }>(
    await db.execute(sql`
      insert into scheduled_jobs as j (name, last_slot_at, last_run_by, last_run_at, runs)
      values (
        ${name},
        to_timestamp(floor(extract(epoch from clock_timestamp()) * 1000 / ${everyMs}) * ${everyMs} / 1000.0),
        ${by}, clock_timestamp(), 1)
      on conflict (name) do update set
        last_slot_at = excluded.last_slot_at,
        last_run_by = excluded.last_run_by,
        last_run_at = excluded.last_run_at,
        runs = j.runs + 1
      where j.last_slot_at < excluded.last_slot_at
      returning last_slot_at as slot_at`),
  );
  return rows[0] ? new Date(rows[0].slot_at) : null;
}

/**
 * Periodic work that must happen once per period whatever the number of app processes
 * (PERF-10): the payment reconciler, the rate-limit sweep, and whatever comes next
 * (`registerJob`). Every process wakes at each slot of each job and tries to claim it; the one
 * that does runs it, the others skip. On the embedded database there is one process, so it
 * always claims. A run that outlasts its period is not started again in this process until it
 * ends; another process may start the next slot meanwhile, so a job must tolerate overlapping
 * runs (the reconciler leases each payment it looks at).
 */
export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private started = false;
  private stopped = false;

  constructor(
    private readonly db: Executor,
    private readonly log: SchedulerLog,
  ) {}

  /**
   * Adds a job that runs every `everyMs` (once per period across all processes). Register it
   * from a plugin (`app.scheduler.registerJob(...)`); jobs registered after start begin at once.
   */
  registerJob(name: string, everyMs: number, work: JobWork) {
    if (this.jobs.has(name)) throw new Error(`scheduled job ${name} is registered twice`);
    if (!Number.isInteger(everyMs) || everyMs < 100)
      throw new Error(`scheduled job ${name}: the period must be at least 100 ms`);
    const job: Job = { name, everyMs, work, timer: null, running: null };
    this.jobs.set(name, job);
    if (this.started) this.schedule(job);
  }

  start() {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.values()) this.schedule(job);
  }

  /** Stops the timers and waits for runs under way. */
  async stop() {
    this.stopped = true;
    for (const job of this.jobs.values()) if (job.timer) clearTimeout(job.timer);
    await Promise.all([...this.jobs.values()].map((job) => job.running));
  }

  /**
   * Claims the job's current slot and runs it if this process got it; false when another
   * process has (or this process is still running the previous one). Timers call it; tests may.
   */
  async tick(name: string): Promise<boolean> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no scheduled job named ${name}`);
    if (job.running || this.stopped) return false;
    let slot: Date | null;
    try {
      slot = await claimSlot(this.db, job.name, job.everyMs);
    } catch (error) {
      this.log.warn({ err: error, job: job.name }, 'scheduled job: could not claim its slot');
      return false;
    }
    if (!slot) return false;
    const started = performance.now();
    job.running = job
      .work()
      .then(
        () =>
          this.log.info(
            {
              job: job.name,
              slot: slot.toISOString(),
              ms: Math.round(performance.now() - started),
              by: PROCESS_ID,
            },
            'scheduled job ran',
          ),
        (error: unknown) =>
          this.log.warn({ err: error, job: job.name, by: PROCESS_ID }, 'scheduled job failed'),
      )
      .finally(() => (job.running = null));
    await job.running;
    return true;
  }

  /** Wakes just after the next slot begins (slots are aligned to the epoch, as in claimSlot). */
  private schedule(job: Job) {
    if (this.stopped) return;
    const now = Date.now();
    const nextSlot = (Math.floor(now / job.everyMs) + 1) * job.everyMs;
    const jitter = Math.random() * Math.min(1_000, job.everyMs / 10);
    job.timer = setTimeout(
      () => {
        job.timer = null;
        void this.tick(job.name).finally(() => this.schedule(job));
      },
      nextSlot - now + WAKE_AFTER_SLOT_MS + jitter,
    );
    job.timer.unref();
  }
}
