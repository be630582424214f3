import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { todayInAccra } from '../../../shared/dates';
import { savedSearchQuery } from '../../../shared/saved-searches';
import { matchCars } from '../cars/car-filters';
import { hasOverlappingBooking } from '../cars/cars.repository';
import { enqueueSms } from '../messages/outbox.repository';
import { savedSearchTemplates } from '../messages/templates';
import {
  claimTodaysAlert,
  findSearchesForOpening,
  takeOpenings,
} from './saved-searches.repository';
import { carFiltersOf, filtersOf } from './saved-searches.service';

/**
 * How often the alert job looks at freed dates (SAVED-5): a text a few seconds after the
 * cancellation is as good as at once, and the cancel request never waits for it.
 */
export const SAVED_SEARCH_ALERTS_EVERY_MS = 15_000;
const OPENINGS_PER_TRANSACTION = 50;

/**
 * Texts the renters whose saved searches a freed car now answers (SAVED-5, SAVED-6): takes the
 * freed ranges the bookings trigger queued (migration 0041), and for each dated search whose
 * dates they overlap, if the car matches its filters and is free on all of its dates, marks it
 * alerted today and queues the text, in one transaction per batch. Safe in several processes
 * at once: the ranges are taken with SKIP LOCKED and the day's alert is a conditional update.
 * Returns how many texts were queued.
 */
export async function sendSavedSearchAlerts(
  app: FastifyInstance,
  publicUrl: string,
  now: Date = new Date(),
): Promise<number> {
  const today = todayInAccra(now);
  let queued = 0;
  for (;;) {
    const snapshot = await app.carCatalogue.current();
    const { taken, texts } = await app.db.transaction(async (tx) => {
      const openings = await takeOpenings(tx, OPENINGS_PER_TRANSACTION);
      let texts = 0;
      for (const opening of openings) {
        const indexed = snapshot.indexed.find((c) => c.car.id === opening.car_id);
        // A car no longer listed (retired, paused) frees nothing anyone can book.
        if (!indexed) continue;
        const { car } = indexed;
        for (const { search, msisdn } of await findSearchesForOpening(tx, opening, today)) {
          const filters = filtersOf(search);
          if (!matchCars([indexed], carFiltersOf(filters)).length) continue;
          if (await hasOverlappingBooking(tx, car.id, search.startDate!, search.endDate!)) continue;
          if (!(await claimTodaysAlert(tx, search.id, today))) continue;
          await enqueueSms(tx, [
            {
              kind: 'saved_search_alert',
              recipient: msisdn,
              userId: search.userId,
              body: savedSearchTemplates.saved_search_alert({
                search: search.name,
                car: `${car.make} ${car.model}`,
                place: indexed.town,
                startDate: search.startDate!,
                endDate: search.endDate!,
                link: `${publicUrl}/available-cars${savedSearchQuery(filters)}`,
              }),
            },
          ]);
          texts++;
        }
      }
      return { taken: openings.length, texts };
    });
    queued += texts;
    if (taken < OPENINGS_PER_TRANSACTION) break;
  }
  if (queued > 0) app.sms.nudge();
  return queued;
}

/** The alert job (SAVED-5), once per period across every process (PERF-10). */
export const savedSearchAlertsPlugin = fp(
  async (app: FastifyInstance, opts: { everyMs?: number; publicUrl: string }) => {
    const everyMs = opts.everyMs ?? SAVED_SEARCH_ALERTS_EVERY_MS;
    if (everyMs <= 0) return;
    app.scheduler.registerJob('saved-search-alerts', everyMs, () =>
      sendSavedSearchAlerts(app, opts.publicUrl),
    );
  },
  { name: 'saved-search-alerts', dependencies: ['scheduler', 'sms'] },
);
