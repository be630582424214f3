import cluster, { type Worker } from 'node:cluster';

/** A worker that dies is replaced after this long (not at once: a crash loop must not spin). */
const RESTART_DELAY_MS = 1_000;
/** How long workers get to finish their requests after SIGTERM before they are killed. */
const STOP_TIMEOUT_MS = 15_000;

export interface SupervisorOptions {
  /** Worker processes to keep running. */
  processes: number;
  /** Called once, when every first-generation worker listens. */
  onListening?: (workers: Worker[]) => void;
  log?: (line: string) => void;
}

/**
 * The primary of `WEB_CONCURRENCY` > 1 (PERF-8): forks the workers, which share one listening
 * port (node:cluster hands connections out in turn), replaces a worker that dies, and on
 * SIGTERM or SIGINT passes the signal on and exits once every worker has finished its
 * requests (RUN-8). The primary itself serves nothing and holds no database connection:
 * migrations ran before it forked.
 */
export function superviseWorkers(options: SupervisorOptions): Promise<void> {
  const log = options.log ?? ((line: string) => console.log(line));
  let stopping = false;
  let firstListening = 0;
  const fork = () => cluster.fork();

  cluster.on('listening', () => {
    firstListening++;
    if (firstListening === options.processes)
      options.onListening?.(Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w));
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log(
      `app process ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another in ${RESTART_DELAY_MS / 1000} s`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS).unref();
  });

  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
      log(`${signal}: stopping ${workers.length} app processes`);
      const killer = setTimeout(() => {
        for (const w of workers) w.process.kill('SIGKILL');
      }, STOP_TIMEOUT_MS).unref();
      let left = workers.length;
      if (left === 0) return resolve();
      for (const w of workers) {
        w.once('exit', () => {
          if (--left === 0) {
            clearTimeout(killer);
            resolve();
          }
        });
        // A worker already told by the process manager (same process group) ignores the second.
        w.process.kill(signal);
      }
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
    for (let i = 0; i < options.processes; i++) fork();
  });
}
