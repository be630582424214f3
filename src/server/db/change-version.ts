import type { PGlite } from '@electric-sql/pglite';

/**
 * Shares one database read among concurrent callers without ever answering a caller with a
 * read that started before it arrived: a caller that comes while a read is running waits for
 * the next one, which all such callers share.
 */
export class FreshRead<T> {
  private running: Promise<T> | null = null;
  private queued: Promise<T> | null = null;

  constructor(private readonly read: () => Promise<T>) {}

  run(): Promise<T> {
    if (!this.running) {
      this.running = this.read().finally(() => {
        this.running = null;
      });
      return this.running;
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

/**
 * The version of some data that each process caches, bumped by database triggers on every
 * change from any process or tool (docs/decisions/003-catalogue-cache.md). A cache tagged
 * with an older version is stale.
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
  private readonly check: FreshRead<number>;

  constructor(
    private readonly options: {
      channel: string;
      read: () => Promise<number>;
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
  current(): number | Promise<number> {
    return this.listening ? this.localVersion : this.check.run();
  }
}
