import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBookingChangeResponse,
  AdminCreateBookingResponse,
  AdminCustomerLookupResponse,
} from '../../../../shared/schemas/booking-changes.staff';
import type { AdminBookingActionResponse } from '../../../../shared/schemas/bookings.staff';
import type { Quote } from '../../../../shared/schemas/bookings';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/console/admin-keys';
import { smsKeys } from '../../../lib/console/sms-api';

/**
 * Phone and walk-in bookings and staff changes (docs/admin-api.md, STAFF-14 to STAFF-22).
 * Every key starts with 'admin', so signing out drops them with the rest of the console's.
 */

/** What the new booking form sends: the renter's create plus the customer. */
export interface StaffBookingBody {
  msisdn: string;
  name?: string;
  car_id: number | '';
  start_date: string;
  end_date: string;
  pickup_time: string;
  return_time: string;
  destination: string;
  /** Null until staff ask where to: the server then says it is required. */
  destination_type: 1 | 2 | null;
  chauffeur: boolean;
  child_seat: boolean;
  delivery_address?: string;
  payment_method: 'payOnPickup' | 'mobile_money' | '';
  network?: string;
}

/** The customer with exactly this number, or null when it has no account (404). */
export function useCustomerLookup(msisdn: string) {
  return useQuery({
    queryKey: ['admin', 'customers', 'lookup', msisdn],
    enabled: msisdn.replace(/\D/g, '').length >= 9,
    queryFn: async ({ signal }) => {
      try {
        return (
          await apiRequest<AdminCustomerLookupResponse>('/admin/customers/lookup', {
            query: { msisdn },
            signal,
          })
        ).customer;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
    staleTime: 30_000,
  });
}

export interface StaffQuoteQuery {
  car_id: number;
  start_date: string;
  end_date: string;
  pickup_time: string;
  return_time: string;
  /** Left out: priced as within the town (the site's quote's default). */
  destination_type?: 1 | 2;
  chauffeur: boolean;
  child_seat: boolean;
  delivery_address?: string;
}

/** The site's own quote for the choices so far (STAFF-17); off until a car and dates are set. */
export function useStaffQuote(query: StaffQuoteQuery | null) {
  return useQuery({
    queryKey: ['admin', 'bookings', 'quote', query],
    enabled: query !== null,
    queryFn: ({ signal }) =>
      apiRequest<Quote>('/admin/bookings/quote', {
        query: query
          ? {
              ...query,
              chauffeur: String(query.chauffeur),
              child_seat: String(query.child_seat),
              delivery_address: query.delivery_address || undefined,
            }
          : {},
        signal,
      }),
    retry: false,
    placeholderData: (previous) => previous,
  });
}

export function useCreateStaffBooking(idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffBookingBody) =>
      apiRequest<AdminCreateBookingResponse>('/admin/bookings', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.bookings });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: adminKeys.customers });
    },
  });
}

export type StaffChange =
  | { kind: 'change'; body: Record<string, unknown> & { reason: string } }
  | { kind: 'extend'; body: { end_date: string; return_time?: string; reason: string } }
  | { kind: 'cancel'; body: { reason: string } };

/** Change, extend or cancel with a reason; the booking page then shows it as it now is. */
export function useStaffChange(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StaffChange) =>
      apiRequest<AdminBookingChangeResponse | AdminBookingActionResponse>(
        `/admin/bookings/${encodeURIComponent(code)}/${change.kind}`,
        { method: 'POST', body: change.body },
      ),
    onSuccess: (data) => queryClient.setQueryData(adminKeys.booking(code), data.booking),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.bookings });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: adminKeys.customers });
      // The change's or the cancel's text shows in the booking's SMS log at once (MSG-10).
      void queryClient.invalidateQueries({ queryKey: smsKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
