import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/schemas/bookings';
import type {
  Payment,
  SandboxPromptResult,
  SandboxPromptsResponse,
  SandboxTransaction,
} from '../../../../shared/schemas/payments';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './bookings';

export interface PaymentResult {
  payment: Payment;
  booking: Booking;
}

export const paymentKeys = {
  verify: (reference: string) => ['payments', 'verify', reference] as const,
  sandbox: (reference: string) => ['payments', 'sandbox', reference] as const,
  phone: (wallet: string) => ['payments', 'sandbox-phone', wallet] as const,
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

/** How often the sandbox phone looks for new prompts: one should pop up while the tester waits. */
const PHONE_POLL_MS = 3000;

/**
 * The sandbox phone's open mobile money prompts for one wallet number (RUN-13). The route exists
 * only with the sandbox payment provider: a 404 means there are none to show, ever.
 */
export function useSandboxPhonePrompts(wallet: string) {
  return useQuery({
    queryKey: paymentKeys.phone(wallet),
    queryFn: ({ signal }) =>
      apiRequest<SandboxPromptsResponse>('/sandbox/prompts', {
        query: { wallet },
        signal,
        skipUnauthorizedHandler: true,
      }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    refetchInterval: (query) =>
      query.state.error instanceof ApiError && query.state.error.status < 500
        ? false
        : PHONE_POLL_MS,
  });
}

/** Approve or Decline on the sandbox phone: open to anyone, like the phone itself (RUN-13). */
export function useAnswerSandboxPrompt(wallet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reference, decision }: { reference: string; decision: 'approve' | 'decline' }) =>
      apiRequest<SandboxPromptResult>(`/sandbox/prompts/${encodeURIComponent(reference)}`, {
        method: 'POST',
        body: { decision },
        skipUnauthorizedHandler: true,
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.phone(wallet) });
      // This browser's own booking pages, if it has them (the renter may be signed in here).
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
