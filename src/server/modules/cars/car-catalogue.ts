import { eq } from 'drizzle-orm';
import { lastPageOf } from '../../../shared/pagination';
import type { BrandCount, Car, ListCarsQuery } from '../../../shared/schemas/cars';
import type { Database } from '../../db/client';
import { catalogueState } from '../../db/schema/index';
import { toApiCar } from './car-mapper';
import { loadActiveCarsWithImages } from './cars.repository';

interface Snapshot {
  version: number;
  cars: Car[];
  byId: Map<number, Car>;
  brands: BrandCount[];
  /** Serialised list responses by query, valid for this snapshot only. */
  responses: Map<string, string>;
}

const RESPONSE_CACHE_LIMIT = 500;

/**
 * The fleet is small (tens to hundreds of cars) and read on every page, so each process keeps
 * it in memory and checks the database's catalogue version on every read: one indexed
 * single-row query instead of four, and never stale, whichever process changed a car
 * (docs/decisions/003-catalogue-cache.md).
 */
export class CarCatalogue {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;

  constructor(private readonly db: Database) {}

  async current(): Promise<Snapshot> {
    const rows = await this.db
      .select({ version: catalogueState.version })
      .from(catalogueState)
      .where(eq(catalogueState.id, 1));
    const version = rows[0]?.version ?? 0;
    if (this.snapshot && this.snapshot.version === version) return this.snapshot;
    return this.load(version);
  }

  private load(version: number): Promise<Snapshot> {
    // Concurrent readers of a new version share one load.
    if (this.loading) return this.loading;
    this.loading = (async () => {
      try {
        // Version read before the rows: a change in between makes the snapshot look older
        // than it is, so the next read reloads; it can never look newer than it is.
        const rows = await loadActiveCarsWithImages(this.db);
        const snapshot = buildSnapshot(version, rows.map(({ car, images }) => toApiCar(car, images)));
        if (!this.snapshot || this.snapshot.version <= version) this.snapshot = snapshot;
        return snapshot;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }
}

function buildSnapshot(version: number, cars: Car[]): Snapshot {
  const counts = new Map<string, number>();
  for (const car of cars) counts.set(car.make, (counts.get(car.make) ?? 0) + 1);
  const brands = [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return { version, cars, byId: new Map(cars.map((c) => [c.id, c])), brands, responses: new Map() };
}

export function findCar(snapshot: Snapshot, id: number): Car | undefined {
  return snapshot.byId.get(id);
}

/** Filters that the snapshot answers alone; dates need the bookings and come in `busy`. */
export function filterCars(cars: Car[], query: ListCarsQuery, busy?: Set<number>): Car[] {
  const make = query.make?.toLowerCase();
  const terms = query.q?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  return cars.filter((car) => {
    if (make && car.make.toLowerCase() !== make) return false;
    if (terms.length) {
      // Each typed word must start a word of the title: 'cor 20' finds '2020 Toyota Corolla'.
      const words = `${car.title} ${car.body_type}`.toLowerCase().split(/\s+/);
      if (!terms.every((t) => words.some((w) => w.startsWith(t)))) return false;
    }
    if (query.body_type && car.body_type !== query.body_type) return false;
    if (query.transmission && car.transmission !== query.transmission) return false;
    if (query.min_price !== undefined && car.price < query.min_price) return false;
    if (query.max_price !== undefined && car.price > query.max_price) return false;
    if (query.seats !== undefined && (car.seat_capacity ?? 0) < query.seats) return false;
    if (busy?.has(car.id)) return false;
    return true;
  });
}

export function pageOfCars(snapshot: Snapshot, query: ListCarsQuery, busy?: Set<number>) {
  const matching = filterCars(snapshot.cars, query, busy);
  const start = (query.page - 1) * query.limit;
  return {
    success: true as const,
    all_cars: matching.slice(start, start + query.limit),
    brands: snapshot.brands,
    total: matching.length,
    page: query.page,
    limit: query.limit,
    last_page: lastPageOf(matching.length, query.limit),
  };
}

/** Serialised list response for queries without dates, cached per snapshot. */
export function cachedListResponse(snapshot: Snapshot, query: ListCarsQuery): string {
  const key = JSON.stringify(query);
  let body = snapshot.responses.get(key);
  if (body === undefined) {
    body = JSON.stringify(pageOfCars(snapshot, query));
    if (snapshot.responses.size >= RESPONSE_CACHE_LIMIT) snapshot.responses.clear();
    snapshot.responses.set(key, body);
  }
  return body;
}
