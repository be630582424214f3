import { eq } from 'drizzle-orm';
import { lastPageOf } from '../../../shared/pagination';
import { pesewasToCedis } from '../../../shared/money';
import type { BrandCount, Car, CarFilters, ListCarsQuery } from '../../../shared/schemas/cars';
import type { PGlite } from '@electric-sql/pglite';
import { ChangeVersion } from '../../db/change-version';
import type { Database } from '../../db/client';
import { catalogueState } from '../../db/schema/index';
import {
  countFacets,
  indexCar,
  matchCars,
  sortCars,
  townPositions,
  type IndexedCar,
} from './car-filters';
import type { CarPrices, ExtraPrices } from '../../../shared/pricing';
import { findBranches, toApiBranch, type BranchFacts } from '../branches/branches.repository';
import { loadExtraPrices } from '../bookings/booking-pricing';
import type { BusyAnswer } from './busy-cars';
import { toApiCar } from './car-mapper';
import { loadActiveCarsWithImages } from './cars.repository';

interface Snapshot {
  version: number;
  cars: Car[];
  byId: Map<number, Car>;
  brands: BrandCount[];
  /** The cars with what the filters compare, and each pickup town's map position. */
  indexed: IndexedCar[];
  towns: Map<string, { lat: number; long: number }>;
  /** Each car's own prices in pesewas, as the pricing reads them (PRICE-2, PRICE-5). */
  prices: Map<number, CarPrices>;
  /**
   * The branches and the extras' prices: they change the catalogue version too (migration
   * 0018), so a quote never prices with a staff change another process made (PRICE-1).
   */
  branches: BranchFacts[];
  branchById: Map<number, BranchFacts>;
  extraPrices: ExtraPrices;
  /**
   * Serialised responses, valid for this snapshot only, as UTF-8 bytes: a string would be
   * measured and encoded again on every send, most of a cached list response's cost.
   */
  responses: Map<string, Buffer>;
}

const RESPONSE_CACHE_LIMIT = 500;
const CHANGE_CHANNEL = 'carlink_catalogue';

/**
 * The fleet is small (tens to hundreds of cars) and read on every page, so each process keeps
 * it in memory, never stale (docs/decisions/003-catalogue-cache.md): the embedded database
 * announces each change with the committing query, so it needs no query per read; on
 * PostgreSQL, where other processes change cars too, concurrent reads share one check of the
 * catalogue version.
 */
export class CarCatalogue {
  private snapshot: Snapshot | null = null;
  private loading: { version: number; promise: Promise<Snapshot> } | null = null;
  /** The version the latest reader saw. */
  private latest = -1;
  private readonly changes: ChangeVersion;

  constructor(
    private readonly db: Database,
    pglite: PGlite | null = null,
  ) {
    this.changes = new ChangeVersion({
      channel: CHANGE_CHANNEL,
      pglite,
      read: async () => {
        const rows = await this.db
          .select({ version: catalogueState.version })
          .from(catalogueState)
          .where(eq(catalogueState.id, 1));
        return rows[0]?.version ?? null;
      },
    });
  }

  start() {
    return this.changes.start();
  }

  async current(): Promise<Snapshot> {
    const version = await this.changes.current();
    // Unknown (the version row is gone): a fresh snapshot, kept by no one.
    if (version === null) return this.loadRows(-1);
    this.latest = version;
    // Any other version, newer or (a database restored) older, is a change.
    if (this.snapshot?.version === version) return this.snapshot;
    return this.load(version);
  }

  private load(version: number): Promise<Snapshot> {
    // Concurrent readers of one version share its load.
    if (this.loading?.version === version) return this.loading.promise;
    const promise = (async () => {
      // The version is read before the rows: a change in between makes this snapshot look
      // older than it is, so the next read loads again; it can never look newer than it is.
      const snapshot = await this.loadRows(version);
      // A slower load of an earlier version must not replace what later readers saw.
      if (version === this.latest) this.snapshot = snapshot;
      return snapshot;
    })().finally(() => {
      if (this.loading?.promise === promise) this.loading = null;
    });
    this.loading = { version, promise };
    return promise;
  }

  private async loadRows(version: number): Promise<Snapshot> {
    const rows = await loadActiveCarsWithImages(this.db);
    const branches = await findBranches(this.db);
    const extraPrices = await loadExtraPrices(this.db);
    const prices = new Map(
      rows.map(({ car }) => [
        car.id,
        {
          pricePerDayPesewas: car.pricePerDayPesewas,
          weeklyPricePesewas: car.weeklyPricePesewas,
          depositPesewas: car.depositPesewas,
        },
      ]),
    );
    return buildSnapshot(
      version,
      rows.map(({ car, images, branch }) => toApiCar(car, images, branch)),
      { prices, branches, extraPrices },
    );
  }
}

function buildSnapshot(
  version: number,
  cars: Car[],
  more: { prices: Map<number, CarPrices>; branches: BranchFacts[]; extraPrices: ExtraPrices },
): Snapshot {
  const counts = new Map<string, number>();
  for (const car of cars) counts.set(car.make, (counts.get(car.make) ?? 0) + 1);
  const brands = [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const indexed = cars.map(indexCar);
  return {
    version,
    cars,
    byId: new Map(cars.map((c) => [c.id, c])),
    brands,
    indexed,
    towns: townPositions(indexed),
    ...more,
    branchById: new Map(more.branches.map((b) => [b.id, b])),
    responses: new Map(),
  };
}

export function findCar(snapshot: Snapshot, id: number): Car | undefined {
  return snapshot.byId.get(id);
}

export type CatalogueSnapshot = Snapshot;

/** A car with what pricing and booking rules need: its prices and its branch. */
export function findCarForBooking(snapshot: Snapshot, id: number) {
  const car = snapshot.byId.get(id);
  if (!car) return undefined;
  const branch = snapshot.branchById.get(car.branch.id);
  if (!branch) return undefined;
  return { car, prices: snapshot.prices.get(id)!, branch };
}

/** Serialised `{ branches }` (BRANCH-1), cached per snapshot. */
export function cachedBranchesResponse(snapshot: Snapshot): Buffer {
  // The extras' prices in cedis go with the branches: step 1 shows them beside each choice
  // (PRICE-3, PRICE-4); the quote still prices the booking.
  return cached(snapshot, 'branches', () => ({
    branches: snapshot.branches.map(toApiBranch),
    extra_prices: Object.fromEntries(
      Object.entries(snapshot.extraPrices).map(([key, pesewas]) => [key, pesewasToCedis(pesewas)]),
    ),
  }));
}

/** Filters that the snapshot answers alone; dates need the bookings and come in `busy`. */
export function filterCars(snapshot: Snapshot, query: CarFilters, busy?: Set<number>): Car[] {
  return matchCars(snapshot.indexed, query, busy).map((c) => c.car);
}

export function pageOfCars(snapshot: Snapshot, query: ListCarsQuery, busy?: Set<number>) {
  const matching = sortCars(filterCars(snapshot, query, busy), query.sort);
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
export function cachedListResponse(snapshot: Snapshot, query: ListCarsQuery): Buffer {
  return cached(snapshot, `list:${JSON.stringify(query)}`, () => pageOfCars(snapshot, query));
}

/**
 * Serialised list response for a query with dates, cached per snapshot and busy-car answer:
 * a new answer (a booking anywhere, a hold run out) has a new serial, so it is built again.
 */
export function cachedDatedListResponse(
  snapshot: Snapshot,
  query: ListCarsQuery,
  busy: BusyAnswer,
): Buffer {
  return cached(snapshot, `list@${busy.serial}:${JSON.stringify(query)}`, () =>
    pageOfCars(snapshot, query, busy.ids),
  );
}

/** The inventory sidebar's counts over the snapshot (docs/decisions/008). */
export function facetsOfCars(snapshot: Snapshot, filters: CarFilters, busy?: Set<number>) {
  return {
    success: true as const,
    ...countFacets(snapshot.indexed, filters, snapshot.towns, busy),
  };
}

/** Serialised facets for filters without dates, cached per snapshot. */
export function cachedFacetsResponse(snapshot: Snapshot, filters: CarFilters): Buffer {
  return cached(snapshot, `facets:${JSON.stringify(filters)}`, () =>
    facetsOfCars(snapshot, filters),
  );
}

/** Serialised facets for filters with dates, cached as the dated list is. */
export function cachedDatedFacetsResponse(
  snapshot: Snapshot,
  filters: CarFilters,
  busy: BusyAnswer,
): Buffer {
  return cached(snapshot, `facets@${busy.serial}:${JSON.stringify(filters)}`, () =>
    facetsOfCars(snapshot, filters, busy.ids),
  );
}

function cached(snapshot: Snapshot, key: string, make: () => unknown): Buffer {
  let body = snapshot.responses.get(key);
  if (body === undefined) {
    body = Buffer.from(JSON.stringify(make()));
    if (snapshot.responses.size >= RESPONSE_CACHE_LIMIT) snapshot.responses.clear();
    snapshot.responses.set(key, body);
  }
  return body;
}

/** Serialised `{ success, car }` for one car, cached per snapshot; undefined if unknown. */
export function cachedCarResponse(snapshot: Snapshot, id: number): Buffer | undefined {
  const key = `car:${id}`;
  let body = snapshot.responses.get(key);
  if (body === undefined) {
    const car = snapshot.byId.get(id);
    if (!car) return undefined;
    body = Buffer.from(JSON.stringify({ success: true, car }));
    if (snapshot.responses.size >= RESPONSE_CACHE_LIMIT) snapshot.responses.clear();
    snapshot.responses.set(key, body);
  }
  return body;
}
