import { z } from 'zod';
import { BODY_TYPES, MAX_RENTAL_DAYS } from '../constants';
import { daysBetween, todayInAccra } from '../dates';
import {
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCH_PAGE_SIZE,
  SAVED_SEARCH_PAGE_SIZE_MAX,
  savedSearchMessages as m,
} from '../saved-searches';
import { idField, optionalIsoDate, requiredText } from './common';

export { savedSearchMessages } from '../saved-searches';

/** Saved searches of the car list (SAVED-1 to SAVED-7), under /api/saved-searches. */

const name = requiredText(m.nameRequired).max(SAVED_SEARCH_NAME_MAX, { error: m.nameTooLong });
const optionalText = z
  .string()
  .trim()
  .max(100, { error: 'Keep it to 100 characters' })
  .nullish()
  .transform((v) => (v ? v : null));
const price = z
  .number({ error: 'Enter a price in cedis a day' })
  .min(0, { error: 'A price cannot be below 0' })
  .max(1_000_000, { error: 'Enter a price up to GH₵ 1,000,000 a day' })
  .nullish()
  .transform((v) => (v === undefined || v === null ? null : Math.round(v * 100) / 100));

/** 'YYYY-MM-DD', or none (left out or empty). */
const date = optionalIsoDate.transform((v) => v ?? null);

/** POST /api/saved-searches: the car list's filters as they are now, and a name. */
export const CreateSavedSearchInputSchema = z
  .object({
    name,
    make: optionalText,
    body_type: z
      .enum(BODY_TYPES, { error: `Use one of ${BODY_TYPES.join(', ')}` })
      .nullish()
      .transform((v) => v ?? null),
    /** The pickup town (a branch's town), as the car list's `location`. */
    location: optionalText,
    min_price: price,
    max_price: price,
    start_date: date,
    end_date: date,
  })
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (Boolean(q.start_date) !== Boolean(q.end_date)) {
      issue(q.start_date ? 'end_date' : 'start_date', m.bothDates);
    } else if (q.start_date && q.end_date) {
      if (q.start_date < todayInAccra()) issue('start_date', m.pastDates);
      else if (q.end_date < q.start_date) issue('end_date', m.endBeforeStart);
      else if (daysBetween(q.start_date, q.end_date) > MAX_RENTAL_DAYS)
        issue('end_date', m.tooLong);
    }
    if (q.min_price !== null && q.max_price !== null && q.max_price < q.min_price)
      issue('max_price', m.priceOrder);
    const filters = [q.make, q.body_type, q.location, q.min_price, q.max_price, q.start_date];
    if (filters.every((v) => v === null)) issue('filters', m.noFilters);
  });
export type CreateSavedSearchInput = z.input<typeof CreateSavedSearchInputSchema>;

/** PATCH /api/saved-searches/{id}: a new name (SAVED-3). */
export const RenameSavedSearchInputSchema = z.object({ name });
export type RenameSavedSearchInput = z.input<typeof RenameSavedSearchInputSchema>;

export const SavedSearchIdParamsSchema = z.object({ id: idField });

export const ListSavedSearchesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int()
    .min(1)
    .max(SAVED_SEARCH_PAGE_SIZE_MAX)
    .default(SAVED_SEARCH_PAGE_SIZE),
  /** Keyset paging: the last id of the previous page. */
  before: idField.optional(),
});

export const SavedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: z.object({
    make: z.string().nullable(),
    body_type: z.enum(BODY_TYPES).nullable(),
    location: z.string().nullable(),
    /** Cedis a day, as the car list's filter. */
    min_price: z.number().nullable(),
    max_price: z.number().nullable(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
  }),
  /** The car list's query string for these filters ('?make=Toyota&…'; '' for none). */
  query: z.string(),
  /**
   * 'alerting': dated, and texted when a matching car frees up on the dates (SAVED-5);
   * 'ended': its dates have begun or passed (SAVED-7); 'no_dates': never texts.
   */
  status: z.enum(['alerting', 'ended', 'no_dates']),
  /** Cars matching it now (free on its dates, if it has them). */
  listings: z.number().int(),
  alerts_sent: z.number().int(),
  last_alerted_on: z.string().nullable(),
  created_at: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

export const ListSavedSearchesResponseSchema = z.object({
  saved_searches: z.array(SavedSearchSchema),
  /** Pass as `before` for the next page; null on the last. */
  next_before: z.number().int().nullable(),
  /** How many the renter keeps, and the most they may (SAVED-2). */
  count: z.number().int(),
  limit: z.number().int(),
});
export type ListSavedSearchesResponse = z.infer<typeof ListSavedSearchesResponseSchema>;

export const SavedSearchResponseSchema = z.object({
  message: z.string(),
  saved_search: SavedSearchSchema,
});
export type SavedSearchResponse = z.infer<typeof SavedSearchResponseSchema>;

export const DeleteSavedSearchResponseSchema = z.object({ message: z.string() });
