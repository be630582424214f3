import type { BodyType } from './constants';

/**
 * Saved searches of the car list (SAVED-1 to SAVED-7): what the form, the API and the alert
 * share. Kept out of messages.ts so the car list's chunk carries only these few lines.
 */

/** SAVED-2: how many saved searches a renter may keep. */
export const SAVED_SEARCH_LIMIT = 20;
export const SAVED_SEARCH_NAME_MAX = 60;
/** SAVED-3: a page of the list. */
export const SAVED_SEARCH_PAGE_SIZE = 10;
export const SAVED_SEARCH_PAGE_SIZE_MAX = 50;

export const savedSearchMessages = {
  saved: 'Search saved. We will text you when a matching car becomes free on your dates.',
  savedNoDates: 'Search saved. Add dates to a search to be texted when a matching car frees up.',
  renamed: 'Search renamed.',
  deleted: 'Search deleted.',
  notFound: 'Saved search not found.',
  nameRequired: 'Give the search a name',
  nameTooLong: `Keep the name to ${SAVED_SEARCH_NAME_MAX} characters`,
  noFilters: 'Choose at least one filter (a make, dates, a town or a price) to save a search',
  limitReached: `You have ${SAVED_SEARCH_LIMIT} saved searches, the most you can keep. Delete one you no longer need to save this one.`,
  pastDates: 'Choose dates from today on',
  tooLong: 'A search covers at most 90 days',
  bothDates: 'Give both a start and an end date',
  endBeforeStart: 'End date cannot be before start date',
  priceOrder: 'The highest price cannot be below the lowest',
} as const;

/** The filters a search keeps, as the car list's address and API name them (prices: cedis a day). */
export interface SavedSearchFilters {
  make: string | null;
  body_type: BodyType | null;
  location: string | null;
  min_price: number | null;
  max_price: number | null;
  start_date: string | null;
  end_date: string | null;
}

const ORDER: (keyof SavedSearchFilters)[] = [
  'make',
  'body_type',
  'location',
  'min_price',
  'max_price',
  'start_date',
  'end_date',
];

/**
 * The car list's query string for a search (SAVED-4): '?make=Toyota&start_date=…'. One
 * builder for the list's link and the alert's, so both open the same cars.
 */
export function savedSearchQuery(filters: SavedSearchFilters): string {
  const params = new URLSearchParams();
  for (const key of ORDER) {
    const value = filters[key];
    if (value !== null && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
