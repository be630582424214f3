import { z } from 'zod';
import { FAVOURITES_MERGE_MAX, FAVOURITES_PAGE_SIZE, FAVOURITES_PAGE_SIZE_MAX } from '../constants';
import { CarSchema } from './cars';

/**
 * Favourites that belong to the account (AREA-5 to AREA-8): the cars a person saved with Save,
 * the same on every device. A visitor's stay in the browser (`wishlist`, PAGE-15) until they
 * sign in, when they are merged into the account.
 */

const carId = z.coerce
  .number({ error: 'Car id must be a number' })
  .int({ error: 'Car id must be a whole number' })
  .min(1, { error: 'Car id must be a whole number from 1' })
  .max(2_147_483_647, { error: 'Car id is too large' });

export const FavouriteCarParamsSchema = z.object({ carId });

/** AREA-6: newest first, keyset-paged by `before` (the `next_before` of the previous page). */
export const FavouritesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int()
    .min(1)
    .max(FAVOURITES_PAGE_SIZE_MAX)
    .default(FAVOURITES_PAGE_SIZE),
  before: z.coerce
    .number({ error: 'before must be a number' })
    .int()
    .min(1)
    .max(2_147_483_647)
    .optional(),
});
export type FavouritesQuery = z.infer<typeof FavouritesQuerySchema>;

export const FavouriteSchema = z.object({
  /** The keyset: pass the last one's as `before` for the next page. */
  id: z.number().int(),
  car_id: z.number().int(),
  saved_at: z.string(),
  car: CarSchema,
});
export type Favourite = z.infer<typeof FavouriteSchema>;

export const FavouritesResponseSchema = z.object({
  favourites: z.array(FavouriteSchema),
  /** How many cars the account has saved (cars still in the fleet). */
  total: z.number().int(),
  /** Pass as `before` for the next page; null on the last. */
  next_before: z.number().int().nullable(),
});
export type FavouritesResponse = z.infer<typeof FavouritesResponseSchema>;

/** The account's saved car ids, newest first: the browser's copy of them (AREA-7). */
export const FavouriteIdsResponseSchema = z.object({ car_ids: z.array(z.number().int()) });
export type FavouriteIdsResponse = z.infer<typeof FavouriteIdsResponseSchema>;

/** AREA-7: what the browser kept before sign-in, oldest first as the `wishlist` holds it. */
export const MergeFavouritesInputSchema = z.object({
  car_ids: z
    .array(carId, { error: 'car_ids must be a list of car ids' })
    .max(FAVOURITES_MERGE_MAX, { error: `At most ${FAVOURITES_MERGE_MAX} cars at once` }),
});
export type MergeFavouritesInput = z.infer<typeof MergeFavouritesInputSchema>;

export const FavouriteSavedResponseSchema = z.object({
  car_id: z.number().int(),
  saved: z.boolean(),
});
