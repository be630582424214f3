import { useQuery } from '@tanstack/react-query';
import type { ReviewSummary } from '../../../../shared/schemas/reviews';
import { apiRequest } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/*
 * The public reviews: read-only hooks with types only, apart from the renter's review form, so
 * the home page and car details load no mutation code (PAGE-17's budget).
 */

/** The site's rating and newest reviews (REVIEW-5). */
export function useSiteReviews() {
  return useQuery({
    queryKey: reviewKeys.site,
    queryFn: ({ signal }) => apiRequest<ReviewSummary>('/reviews', { signal }),
    staleTime: 60_000,
  });
}

/** A car's rating and newest reviews (REVIEW-3). */
export function useCarReviews(carId: number) {
  return useQuery({
    queryKey: reviewKeys.car(carId),
    queryFn: ({ signal }) => apiRequest<ReviewSummary>(`/cars/${carId}/reviews`, { signal }),
    staleTime: 60_000,
  });
}
