import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPromptAgainInput } from '../../../../shared/schemas/booking-changes.staff';
import type {
  AdminBookingActionResponse,
  AdminBookingListQuery,
  AdminBookingListResponse,
} from '../../../../shared/schemas/bookings.staff';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/console/admin-keys';

/** The bookings list and the refund actions (STAFF-5, STAFF-6, PAY-18). */

export function useBookingList(query: Partial<AdminBookingListQuery>) {
  return useQuery({
    queryKey: adminKeys.bookingList(query),
    queryFn: ({ signal }) =>
      apiRequest<AdminBookingListResponse>('/admin/bookings', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A refund the provider failed or flagged: asked for again ('retry'), or recorded as returned
 * by hand with a note saying how ('settle').
 */
export function useRefundAction(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The payment staff pressed the button on: a booking may have more than one (PAY-18).
    mutationFn: (
      action:
        { kind: 'retry'; reference: string } | { kind: 'settle'; reference: string; note: string },
    ) =>
      apiRequest<AdminBookingActionResponse>(
        `/admin/bookings/${encodeURIComponent(code)}/${action.kind === 'retry' ? 'retry-refund' : 'settle-refund'}`,
        {
          method: 'POST',
          body:
            action.kind === 'settle'
              ? { note: action.note, reference: action.reference }
              : { reference: action.reference },
        },
      ),
    onSuccess: (data) => queryClient.setQueryData(adminKeys.booking(code), data.booking),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.bookings });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}

/**
 * STAFF-46: a held booking's mobile money prompt sent again after the customer declined it.
 * The answer's booking (the new prompt among its payments) replaces the page's.
 */
export function usePromptAgain(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminPromptAgainInput) =>
      apiRequest<AdminBookingActionResponse>(
        `/admin/bookings/${encodeURIComponent(code)}/prompt-again`,
        { method: 'POST', body: input },
      ),
    onSuccess: (data) => queryClient.setQueryData(adminKeys.booking(code), data.booking),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.bookings }),
  });
}
