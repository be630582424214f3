/**
 * Tasks that take turns per key inside one process (booking-creation.service.ts queues a
 * car's bookings with it). Not a lock across processes: the database's row lock and exclusion
 * constraint are; this only keeps a burst for one car from filling the connection pool.
 */

/** Runs tasks one after another per key; different keys run side by side. */
export class KeyedQueue {
  private tails = new Map<number, Promise<unknown>>();

  run<T>(key: number, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Settles (never rejects) when every task queued for `key` so far has ended; none: undefined. */
  settled(key: number): Promise<unknown> | undefined {
    return this.tails.get(key);
  }
}
