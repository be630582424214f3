import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Booking,
  BookingChangeResponse,
  BookingHistoryResponse,
  ChangeBookingInput,
  CreateBookingInput,
  CreateBookingResponse,
  ExtendBookingInput,
  PayNowInput,
  Quote,
} from '../../../../shared/schemas/bookings';
import type { HandoverReceiptResponse } from '../../../../shared/schemas/handover';
import type { Payment } from '../../../../shared/schemas/payments';
import { apiRequest } from '../../../lib/api-client';

/** What a quote is asked for: the trip as step 1 has it, and for a change the booking's code. */
export interface QuoteParams {
  carId: number;
  trip: Pick<
    ChangeBookingInput,
    | 'start_date'
    | 'end_date'
    | 'destination_type'
    | 'pickup_time'
    | 'return_time'
    | 'chauffeur'
    | 'child_seat'
    | 'delivery_address'
  >;
  bookingCode?: string;
}

/** GET /api/bookings/quote's query string (PRICE-1): the same fields create takes. */
export const quoteQuery = ({ carId, trip, bookingCode }: QuoteParams) => ({
  car_id: carId,
  start_date: trip.start_date,
  end_date: trip.end_date,
  destination_type: trip.destination_type,
  pickup_time: trip.pickup_time,
  return_time: trip.return_time,
  chauffeur: String(trip.chauffeur),
  child_seat: String(trip.child_seat),
  delivery_address: trip.delivery_address,
  booking_code: bookingCode,
});

/**
 * A trip as the API reads it: the schemas' output has no delivery as null, their input takes
 * the field left out (JSON drops undefined), which is how the server hears "no delivery".
 */
function asSent<T extends object>(input: T): T {
  if (!('delivery_address' in input) || input.delivery_address !== null) return input;
  const { delivery_address: _none, ...rest } = input;
  return rest as T;
}

/** Every bookings query starts with 'bookings', so one invalidation refreshes them all. */
export const bookingKeys = {
  all: ['bookings'] as const,
  history: (page: number) => ['bookings', 'history', page] as const,
  detail: (code: string) => ['bookings', 'detail', code] as const,
  handover: (code: string) => ['bookings', 'handover', code] as const,
  quote: (query: ReturnType<typeof quoteQuery>) => ['bookings', 'quote', query] as const,
};

/**
 * The server's price and availability for the summary step and for a change (MONEY-6,
 * PRICE-1). `enabled: false` while a form is still being filled in.
 */
export function useQuote(params: QuoteParams, { enabled = true }: { enabled?: boolean } = {}) {
  const query = quoteQuery(params);
  return useQuery({
    queryKey: bookingKeys.quote(query),
    queryFn: ({ signal }) => apiRequest<Quote>('/bookings/quote', { query, signal }),
    // Someone else may book the car at any moment: always ask again when the step opens.
    staleTime: 0,
    enabled,
    // A changed choice keeps the last price on screen (marked as updating) until the new one.
    placeholderData: keepPreviousData,
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

/**
 * The renter's handover receipt of their booking (HAND-9): its facts, and its taxes (HAND-15),
 * which the booking page's receipt and the invoice both show.
 */
export function useBookingHandover(code: string) {
  return useQuery({
    queryKey: bookingKeys.handover(code),
    queryFn: ({ signal }) =>
      apiRequest<HandoverReceiptResponse>(`/bookings/${encodeURIComponent(code)}/handover`, {
        signal,
      }).then((r) => r.handover),
  });
}

export interface CreateBookingVariables {
  input: CreateBookingInput;
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
        body: asSent(input),
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

/**
 * BOOK-18, BOOK-19: a change before pickup or a later return during the trip. The answer's
 * booking replaces the cached one; a payment in it is a mobile money prompt for the difference.
 */
function useBookingUpdate<Input extends object>(code: string, action: 'change' | 'extend') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) =>
      apiRequest<BookingChangeResponse>(`/bookings/${encodeURIComponent(code)}/${action}`, {
        method: 'POST',
        body: asSent(input),
      }),
    onSuccess: (data) => queryClient.setQueryData(bookingKeys.detail(code), data.booking),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export const useChangeBooking = (code: string) =>
  useBookingUpdate<ChangeBookingInput>(code, 'change');
export const useExtendBooking = (code: string) =>
  useBookingUpdate<ExtendBookingInput>(code, 'extend');

/**
 * BOOK-21: the mobile money prompt for a change's difference, sent again from the booking's
 * page. The answer's booking (its payment the new prompt) replaces the cached one.
 */
export function useTopUp(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ message: string; booking: Booking; payment: Payment }>(
        `/bookings/${encodeURIComponent(code)}/top-up`,
        { method: 'POST' },
      ),
    onSuccess: (data) => queryClient.setQueryData(bookingKeys.detail(code), data.booking),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/** BOOK-23: a pay-on-pickup booking paid now by mobile money; the answer's booking replaces it. */
export function usePayNow(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayNowInput) =>
      apiRequest<{ message: string; booking: Booking; payment: Payment }>(
        `/bookings/${encodeURIComponent(code)}/pay-now`,
        { method: 'POST', body: input },
      ),
    onSuccess: (data) => queryClient.setQueryData(bookingKeys.detail(code), data.booking),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
