import { ChangeVersion } from '../../db/change-version';
import type { Database } from '../../db/client';
import { findBusyCars, readCarBookingsVersion } from './cars.repository';

/** Which cars are busy on some dates, as one process last asked the bookings. */
export interface BusyAnswer {
  /** Distinct for every answer this process loads: cached responses built on it name it. */
  serial: number;
  version: number;
  ids: Set<number>;
  /** When (ms since the epoch) an unpaid hold in the answer runs out, freeing a car. */
  freeAt: number;
}

const ANSWER_LIMIT = 500;
let serials = 0;

/**
 * Answers "which cars are busy from start to end" for the dated car list and its facets, per
 * process, never older than the request (docs/decisions/003-catalogue-cache.md, addendum
 * 2026-11-27): each read checks the bookings' change version (the sum of
 * car_booking_versions, bumped by triggers on every booking write in any process, migration
 * 0028), concurrent reads sharing one check as the catalogue's do; an answer is reused while
 * the version is the one it was loaded under and no unpaid hold in it has run out (BOOK-7).
 * No notification is listened to, on either database: see migration 0028.
 */
export class BusyCars {
  private readonly answers = new Map<string, BusyAnswer>();
  private readonly loading = new Map<string, { version: number; promise: Promise<BusyAnswer> }>();
  private readonly changes: ChangeVersion;

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {
    this.changes = new ChangeVersion({
      channel: 'carlink_car_bookings',
      pglite: null,
      read: () => readCarBookingsVersion(this.db),
    });
  }

  async on(start: string, end: string): Promise<BusyAnswer> {
    const version = await this.changes.current();
    // Unknown (the version rows are gone): a fresh answer, kept by no one.
    if (version === null) return this.loadRows(-1, start, end);
    const key = `${start}/${end}`;
    const known = this.answers.get(key);
    if (known?.version === version && this.now() < known.freeAt) return known;
    const running = this.loading.get(key);
    if (running?.version === version) return running.promise;
    const promise = this.loadRows(version, start, end)
      .then((answer) => {
        if (this.answers.size >= ANSWER_LIMIT) this.answers.clear();
        this.answers.set(key, answer);
        return answer;
      })
      .finally(() => {
        if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
      });
    this.loading.set(key, { version, promise });
    return promise;
  }

  // The version is read before the rows: a booking committed in between makes the answer look
  // older than it is (the next read loads again); it can never look newer than it is.
  private async loadRows(version: number, start: string, end: string): Promise<BusyAnswer> {
    const { ids, freeAt } = await findBusyCars(this.db, start, end);
    return { serial: ++serials, version, ids, freeAt };
  }
}
