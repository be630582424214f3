import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Booking,
  BookingHistoryResponse,
  CreateBookingInputSchema,
  CreateBookingResponse,
  Quote,
} from '../../../../shared/schemas/bookings';
import { apiRequest } from '../../../lib/api-client';

/** Every bookings query starts with 'bookings', so one invalidation refreshes them all. */
export const bookingKeys = {
  all: ['bookings'] as const,
  history: (page: number) => ['bookings', 'history', page] as const,
  detail: (code: string) => ['bookings', 'detail', code] as const,
  quote: (carId: number, start: string, end: string) =>
    ['bookings', 'quote', carId, start, end] as const,
};

/** The server's price and availability for the summary step (MONEY-6). */
export function useQuote(params: { carId: number; startDate: string; endDate: string }) {
  const { carId, startDate, endDate } = params;
  return useQuery({
    queryKey: bookingKeys.quote(carId, startDate, endDate),
    queryFn: ({ signal }) =>
      apiRequest<Quote>('/bookings/quote', {
        query: { car_id: carId, start_date: startDate, end_date: endDate },
        signal,
      }),
    // Someone else may book the car at any moment: always ask again when the step opens.
    staleTime: 0,
  });
}

export function useBookingHistory(page: number) {
  return useQuery({
    queryKey: bookingKeys.history(page),
    queryFn: ({ signal }) =>
      apiRequest<BookingHistoryResponse>('/bookings/history', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBooking(code: string) {
  return useQuery({
    queryKey: bookingKeys.detail(code),
    queryFn: ({ signal }) =>
      apiRequest<{ booking: Booking }>(`/bookings/${encodeURIComponent(code)}`, { signal }).then(
        (r) => r.booking,
      ),
  });
}

export interface CreateBookingVariables {
  /** What the form sends: times and extras may be left out (the server's defaults apply). */
  input: z.input<typeof CreateBookingInputSchema>;
  /** API-5: the same key for a retry of the same booking returns that booking. */
  idempotencyKey: string;
}

/** BOOK-14: the payment modal's Submit is the only caller. */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: CreateBookingVariables) =>
      apiRequest<CreateBookingResponse>('/bookings/create', {
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    // The quote on screen would flip to 'not available' behind the success panel if it were
    // refetched now; marking everything stale refreshes history and quotes on their next view.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: bookingKeys.all, refetchType: 'none' }),
    // A conflict means the quote on screen is out of date: refresh it so step 2 says so.
    onError: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/**
 * `onCancelled` runs from the mutation's own options, not mutate()'s: the cancelled booking
 * loses its Cancel button, and mutate() callbacks of an unmounted component never run.
 */
export function useCancelBooking(code: string, onCancelled?: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ message: string; booking: Booking }>(
        `/bookings/${encodeURIComponent(code)}/cancel`,
        {
          method: 'POST',
        },
      ),
    onSuccess: (data) => {
      onCancelled?.(data.message);
      queryClient.setQueryData(bookingKeys.detail(code), data.booking);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
