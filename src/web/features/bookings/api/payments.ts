import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { Payment, SandboxTransaction } from '../../../../shared/schemas/payments';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './bookings';

export interface PaymentResult {
  payment: Payment;
  booking: Booking;
}

export const paymentKeys = {
  verify: (reference: string) => ['payments', 'verify', reference] as const,
  sandbox: (reference: string) => ['payments', 'sandbox', reference] as const,
};

/** Still waiting for the renter (or the provider) to act. */
export const isOpen = (payment: Payment) => payment.status === 'pending';

/** How often to ask while the renter approves on the phone: often enough to feel instant,
 * rare enough for a slow mobile connection (one small POST each time). */
const POLL_MS = 3000;

/**
 * Asks the server to verify the attempt with the provider, again and again while it is open.
 * The server, not this page, decides the booking is paid (PAY-5).
 */
export function usePaymentVerification(reference: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: paymentKeys.verify(reference ?? ''),
    enabled: reference !== null,
    queryFn: async ({ signal }) => {
      const result = await apiRequest<PaymentResult>(
        `/payments/${encodeURIComponent(reference!)}/verify`,
        {
          method: 'POST',
          signal,
        },
      );
      if (!isOpen(result.payment)) {
        queryClient.setQueryData(bookingKeys.detail(result.booking.booking_code), result.booking);
        void queryClient.invalidateQueries({ queryKey: bookingKeys.all, refetchType: 'none' });
      }
      return result;
    },
    refetchInterval: (query) =>
      query.state.data && !isOpen(query.state.data.payment) ? false : POLL_MS,
    // The renter is looking at the phone, not this tab: keep checking in the background.
    refetchIntervalInBackground: true,
    retry: 2,
  });
}

export function useSandboxTransaction(reference: string) {
  return useQuery({
    queryKey: paymentKeys.sandbox(reference),
    queryFn: ({ signal }) =>
      apiRequest<SandboxTransaction>(`/payments/sandbox/${encodeURIComponent(reference)}`, {
        signal,
      }),
    // While the "phone" waits for the voucher to be typed in the payment window, look again.
    refetchInterval: (query) => (query.state.data?.step === 'send_otp' ? 2000 : false),
  });
}

export function useSandboxDecision(reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: 'approve' | 'decline') =>
      apiRequest<PaymentResult>(`/payments/sandbox/${encodeURIComponent(reference)}`, {
        method: 'POST',
        body: { decision },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.sandbox(reference) });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}

/** The Telecel Cash voucher the charge waits for; the server passes it on to the provider. */
export function useSubmitOtp(reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otp: string) =>
      apiRequest<PaymentResult>(`/payments/${encodeURIComponent(reference)}/otp`, {
        method: 'POST',
        body: { otp },
      }),
    onSuccess: (result) => queryClient.setQueryData(paymentKeys.verify(reference), result),
  });
}
