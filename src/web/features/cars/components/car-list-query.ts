import { BODY_TYPES, CAR_PAGE_SIZE, type BodyType } from '../../../../shared/constants';
import { isIsoDate, todayInAccra } from '../../../../shared/dates';
import type { CarListParams } from '../../../lib/car-list';

/**
 * The list page keeps its filters in the query string (?make=&body_type=&location=&min_price=
 * &max_price=&start_date=&end_date=&page=), so back/forward, reloads, shared links and a saved
 * search's link (SAVED-4) show the same cars. Anything the API would reject is dropped here
 * instead of turning the page into an error.
 */
export interface CarListFilters {
  page: number;
  make: string | null;
  bodyType: BodyType | null;
  /** The pickup town (a branch's town). */
  location: string | null;
  /** Cedis a day. */
  minPrice: number | null;
  maxPrice: number | null;
  startDate: string | null;
  endDate: string | null;
}

export const FILTER_KEYS = {
  page: 'page',
  make: 'make',
  bodyType: 'body_type',
  location: 'location',
  minPrice: 'min_price',
  maxPrice: 'max_price',
  startDate: 'start_date',
  endDate: 'end_date',
} as const;

function isBodyType(value: string): value is BodyType {
  return (BODY_TYPES as readonly string[]).includes(value);
}

/** A price in cedis a day, as the API takes it (0 to 10 million), or null. */
function priceOf(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 10_000_000 ? n : null;
}

export function readCarListFilters(
  params: URLSearchParams,
  today = todayInAccra(),
): CarListFilters {
  const page = Number(params.get(FILTER_KEYS.page));
  const make = params.get(FILTER_KEYS.make)?.trim().slice(0, 100) || null;
  const bodyType = params.get(FILTER_KEYS.bodyType)?.toLowerCase() ?? '';
  const start = params.get(FILTER_KEYS.startDate) ?? '';
  const end = params.get(FILTER_KEYS.endDate) ?? '';
  // A range counts only when it is whole, real and not in the past.
  const rangeOk = isIsoDate(start) && isIsoDate(end) && start >= today && end >= start;
  let minPrice = priceOf(params.get(FILTER_KEYS.minPrice));
  let maxPrice = priceOf(params.get(FILTER_KEYS.maxPrice));
  if (minPrice !== null && maxPrice !== null && maxPrice < minPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    make,
    bodyType: isBodyType(bodyType) ? bodyType : null,
    location: params.get(FILTER_KEYS.location)?.trim().slice(0, 100) || null,
    minPrice,
    maxPrice,
    startDate: rangeOk ? start : null,
    endDate: rangeOk ? end : null,
  };
}

export function toCarListParams(filters: CarListFilters): CarListParams {
  return {
    page: filters.page,
    limit: CAR_PAGE_SIZE,
    make: filters.make ?? undefined,
    body_type: filters.bodyType ?? undefined,
    location: filters.location ?? undefined,
    min_price: filters.minPrice ?? undefined,
    max_price: filters.maxPrice ?? undefined,
    start_date: filters.startDate ?? undefined,
    end_date: filters.endDate ?? undefined,
  };
}

/** A new query string with some filters changed; any change but the page itself goes back to page 1. */
export function withFilters(
  current: URLSearchParams,
  changes: Partial<Record<keyof typeof FILTER_KEYS, string | number | null>>,
) {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    const key = FILTER_KEYS[name as keyof typeof FILTER_KEYS];
    if (value === null || value === '' || (name === 'page' && value === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete(FILTER_KEYS.page);
  return next;
}

export function hasActiveFilters(filters: CarListFilters) {
  return Boolean(
    filters.make ||
    filters.bodyType ||
    filters.location ||
    filters.minPrice !== null ||
    filters.maxPrice !== null ||
    filters.startDate,
  );
}
