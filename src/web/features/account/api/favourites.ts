import { useInfiniteQuery } from '@tanstack/react-query';
import { FAVOURITES_PAGE_SIZE } from '../../../../shared/constants';
import type { FavouritesResponse } from '../../../../shared/schemas/favourites';
import { apiRequest } from '../../../lib/api-client';

/** The key lib/wishlist.ts asks again after a Save or a removal. */
export const favouriteKeys = { mine: ['favourites', 'mine'] as const };

/**
 * The account's favourites (AREA-6), 8 at a time, newest first: each next page starts below
 * the last one's `next_before` (keyset paging).
 */
export function useAccountFavourites() {
  return useInfiniteQuery({
    queryKey: favouriteKeys.mine,
    queryFn: ({ signal, pageParam }) =>
      apiRequest<FavouritesResponse>(
        `/favourites?limit=${FAVOURITES_PAGE_SIZE}${pageParam ? `&before=${pageParam}` : ''}`,
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    staleTime: 0,
  });
}
