import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FailedSmsResponse,
  ResendSmsResponse,
  SmsLogResponse,
} from '../../../shared/schemas/sms-log';
import { apiRequest } from '../api-client';

/** The SMS log's queries (MSG-10); under 'admin' so signing out drops them with the rest. */
export const smsKeys = {
  all: ['admin', 'sms'] as const,
  booking: (code: string) => ['admin', 'sms', 'booking', code] as const,
  customer: (id: number) => ['admin', 'sms', 'customer', id] as const,
  failed: (before: number | null) => ['admin', 'sms', 'failed', before] as const,
};

/** How often a log with a text on its way is read again, until each has gone out. */
const SENDING_POLL_MS = 3000;

/**
 * A text due now that the worker has not handed over yet: the log follows it to sent (a
 * reminder queued for later does not keep it polling).
 */
const onItsWay = (data: SmsLogResponse | undefined) =>
  data?.messages.some(
    (m) => m.status === 'sending' || (m.status === 'queued' && Date.parse(m.due_at) <= Date.now()),
  ) ?? false;

export function useBookingSms(code: string) {
  return useQuery({
    queryKey: smsKeys.booking(code),
    queryFn: ({ signal }) =>
      apiRequest<SmsLogResponse>(`/admin/bookings/${encodeURIComponent(code)}/sms`, { signal }),
    refetchInterval: (query) => (onItsWay(query.state.data) ? SENDING_POLL_MS : false),
  });
}

export function useCustomerSms(id: number) {
  return useQuery({
    queryKey: smsKeys.customer(id),
    queryFn: ({ signal }) => apiRequest<SmsLogResponse>(`/admin/customers/${id}/sms`, { signal }),
  });
}

export function useFailedSms(before: number | null) {
  return useQuery({
    queryKey: smsKeys.failed(before),
    queryFn: ({ signal }) =>
      apiRequest<FailedSmsResponse>(
        `/admin/sms/failed?limit=50${before ? `&before=${before}` : ''}`,
        { signal },
      ),
  });
}

export function useResendSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<ResendSmsResponse>(`/admin/sms/${id}/resend`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: smsKeys.all }),
  });
}
