import type { PGlite } from '@electric-sql/pglite';

/** How long callers wait for a shared read before they are answered 503. */
const READ_TIMEOUT_MS = 5_000;

/**
 * Shares one database read among concurrent callers without ever answering a caller with a
 * read that started before it arrived: a caller that comes while a read is running waits for
 * the next one, which all such callers share. A read that hangs (a lock, a half-open
 * connection) fails its callers after `timeoutMs` as the database being unavailable, and the
 * next caller starts a new one: one stuck query must not hold every request of the process.
 */
export class FreshRead<T> {
  private running: Promise<T> | null = null;
  private queued: Promise<T> | null = null;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly timeoutMs = READ_TIMEOUT_MS,
  ) {}

  run(): Promise<T> {
    if (!this.running) {
      const running = withTimeout(this.read(), this.timeoutMs).finally(() => {
        if (this.running === running) this.running = null;
      });
      this.running = running;
      return running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.run();
      });
    return this.queued;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // ETIMEDOUT: the error handler answers 503 with Retry-After (http-errors.ts).
      reject(
        Object.assign(new Error(`database read timed out after ${ms} ms`), { code: 'ETIMEDOUT' }),
      );
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The version of some data that each process caches, bumped by database triggers on every
 * change from any process or tool (docs/decisions/003-catalogue-cache.md, 009). A cache tagged
 * with another version is stale; `null` (the version row is gone, e.g. a table emptied by
 * hand) means nothing can be known, so nothing may be cached.
 *
 * - Embedded (PGlite): the trigger also sends a notification on `channel`, which PGlite
 *   delivers with the result of the committing query, before its promise resolves; only one
 *   process can open the data folder, so counting notifications is exact and costs no query.
 * - PostgreSQL: other processes write too, so each caller reads the version, never from a
 *   read that started before it asked (`FreshRead`); concurrent callers share one read.
 */
export class ChangeVersion {
  private localVersion = 0;
  private listening = false;
  private readonly check: FreshRead<number | null>;

  constructor(
    private readonly options: {
      channel: string;
      read: () => Promise<number | null>;
      pglite: PGlite | null;
    },
  ) {
    this.check = new FreshRead(options.read);
  }

  /** Subscribes to change notifications where they arrive in step with writes (PGlite). */
  async start() {
    if (!this.options.pglite || this.listening) return;
    await this.options.pglite.listen(this.options.channel, () => {
      this.localVersion++;
    });
    this.listening = true;
  }

  /** Synchronous when embedded, so a cache hit there never waits. */
  current(): number | null | Promise<number | null> {
    return this.listening ? this.localVersion : this.check.run();
  }
}
