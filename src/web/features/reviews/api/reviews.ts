import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookingReviewResponse,
  CreateReviewInput,
  CreateReviewResponse,
} from '../../../../shared/schemas/reviews';
import { apiRequest } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

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
