import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookingReviewResponse,
  CreateReviewInput,
  CreateReviewResponse,
  ReviewSummary,
} from '../../../../shared/schemas/reviews';
import { apiRequest } from '../../../lib/api-client';

export const reviewKeys = {
  site: ['reviews', 'site'] as const,
  car: (id: number) => ['reviews', 'car', id] as const,
  booking: (code: string) => ['reviews', 'booking', code] as const,
};

/** The site's rating and newest reviews (REVIEW-5); types only, so the home page stays light. */
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

/** The renter's review of a booking, and whether they may write one (REVIEW-1). */
export function useBookingReview(code: string) {
  return useQuery({
    queryKey: reviewKeys.booking(code),
    queryFn: ({ signal }) =>
      apiRequest<BookingReviewResponse>(`/bookings/${encodeURIComponent(code)}/review`, {
        signal,
      }),
  });
}

export function useCreateReview(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewInput) =>
      apiRequest<CreateReviewResponse>(`/bookings/${encodeURIComponent(code)}/review`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: (data) => {
      queryClient.setQueryData<BookingReviewResponse>(reviewKeys.booking(code), {
        review: data.review,
        can_review: false,
      });
      // The car's and the site's ratings now count it.
      void queryClient.invalidateQueries({ queryKey: ['reviews', 'car'] });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.site });
    },
  });
}
