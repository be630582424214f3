import type { FastifyInstance } from 'fastify';
import { todayInAccra } from '../../../shared/dates';
import { cedisToPesewas, pesewasToCedis } from '../../../shared/money';
import {
  SAVED_SEARCH_LIMIT,
  savedSearchMessages as m,
  savedSearchQuery,
  type SavedSearchFilters,
} from '../../../shared/saved-searches';
import { CarFiltersSchema, type CarFilters } from '../../../shared/schemas/cars';
import type {
  ListSavedSearchesResponse,
  SavedSearch,
  SavedSearchResponse,
} from '../../../shared/schemas/saved-searches';
import type { BodyType } from '../../../shared/constants';
import { HttpError } from '../../http-errors';
import { filterCars } from '../cars/car-catalogue';
import {
  countSavedSearches,
  deleteSavedSearch,
  insertSavedSearchWithin,
  listSavedSearches,
  renameSavedSearch,
  type SavedSearchRow,
} from './saved-searches.repository';

export function filtersOf(row: SavedSearchRow): SavedSearchFilters {
  const cedis = (pesewas: number | null) => (pesewas === null ? null : pesewasToCedis(pesewas));
  return {
    make: row.make,
    // Only the schema's body types are ever stored (SAVED-1).
    body_type: row.bodyType as BodyType | null,
    location: row.location,
    min_price: cedis(row.minPricePesewas),
    max_price: cedis(row.maxPricePesewas),
    start_date: row.startDate,
    end_date: row.endDate,
  };
}

/** The car list's filters for a search, read as GET /api/get/cars reads them (SAVED-4). */
export function carFiltersOf(filters: SavedSearchFilters): CarFilters {
  const defined = (value: string | number | null) => (value === null ? undefined : value);
  return CarFiltersSchema.parse({
    make: defined(filters.make),
    location: defined(filters.location),
    body_type: defined(filters.body_type),
    min_price: defined(filters.min_price),
    max_price: defined(filters.max_price),
  });
}

/** SAVED-7: a search whose dates have begun or passed has ended (no write needed). */
export function statusOf(row: SavedSearchRow, today: string): SavedSearch['status'] {
  if (!row.startDate) return 'no_dates';
  return row.startDate < today ? 'ended' : 'alerting';
}

async function toApi(
  app: FastifyInstance,
  row: SavedSearchRow,
  today: string,
): Promise<SavedSearch> {
  const filters = filtersOf(row);
  const status = statusOf(row, today);
  const snapshot = await app.carCatalogue.current();
  // The cars the link would show now: an ended search's dates can no longer be booked.
  let listings = 0;
  if (status !== 'ended') {
    const busy =
      row.startDate && row.endDate
        ? (await app.busyCars.on(row.startDate, row.endDate)).ids
        : undefined;
    listings = filterCars(snapshot, carFiltersOf(filters), busy).length;
  }
  return {
    id: row.id,
    name: row.name,
    filters,
    query: savedSearchQuery(filters),
    status,
    listings,
    alerts_sent: row.alertsSent,
    last_alerted_on: row.lastAlertedOn,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listRentersSearches(
  app: FastifyInstance,
  userId: number,
  limit: number,
  before?: number,
): Promise<ListSavedSearchesResponse> {
  const rows = await listSavedSearches(app.db, userId, limit + 1, before);
  const page = rows.slice(0, limit);
  const today = todayInAccra();
  return {
    saved_searches: await Promise.all(page.map((row) => toApi(app, row, today))),
    next_before: rows.length > limit ? page[page.length - 1]!.id : null,
    count: await countSavedSearches(app.db, userId),
    limit: SAVED_SEARCH_LIMIT,
  };
}

export async function saveSearch(
  app: FastifyInstance,
  userId: number,
  input: SavedSearchFilters & { name: string },
): Promise<SavedSearchResponse> {
  const pesewas = (cedis: number | null) => (cedis === null ? null : cedisToPesewas(cedis));
  const row = await app.db.transaction((tx) =>
    insertSavedSearchWithin(
      tx,
      {
        userId,
        name: input.name,
        make: input.make,
        bodyType: input.body_type,
        location: input.location,
        minPricePesewas: pesewas(input.min_price),
        maxPricePesewas: pesewas(input.max_price),
        startDate: input.start_date,
        endDate: input.end_date,
      },
      SAVED_SEARCH_LIMIT,
    ),
  );
  if (!row) throw new HttpError(409, m.limitReached);
  return {
    message: row.startDate ? m.saved : m.savedNoDates,
    saved_search: await toApi(app, row, todayInAccra()),
  };
}

export async function renameSearch(
  app: FastifyInstance,
  userId: number,
  id: number,
  name: string,
): Promise<SavedSearchResponse> {
  const row = await renameSavedSearch(app.db, userId, id, name);
  if (!row) throw new HttpError(404, m.notFound);
  return { message: m.renamed, saved_search: await toApi(app, row, todayInAccra()) };
}

export async function deleteSearch(app: FastifyInstance, userId: number, id: number) {
  if (!(await deleteSavedSearch(app.db, userId, id))) throw new HttpError(404, m.notFound);
  return { message: m.deleted };
}
