import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCustomerListResponse,
  AdminCustomerResponse,
} from '../../../../shared/schemas/console';
import type { AdminNewsletterListResponse } from '../../../../shared/schemas/inbox.staff';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/console/admin-keys';

/** The console's own: customers and the inbox (STAFF-8, STAFF-9). */

// ------------------------------------------------------------------ customers

export function useCustomerList(query: { q?: string; page: number }) {
  return useQuery({
    queryKey: adminKeys.customerList(query),
    queryFn: ({ signal }) =>
      apiRequest<AdminCustomerListResponse>('/admin/customers', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: number, page: number) {
  return useQuery({
    queryKey: adminKeys.customer(id, page),
    queryFn: ({ signal }) =>
      apiRequest<AdminCustomerResponse>(`/admin/customers/${id}`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

// ------------------------------------------------------------------ messages

export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/admin/messages/contact/${id}/read`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'messages', 'contact'] }),
  });
}

export function useNewsletterSignups(page: number) {
  return useQuery({
    queryKey: adminKeys.newsletter(page),
    queryFn: ({ signal }) =>
      apiRequest<AdminNewsletterListResponse>('/admin/messages/newsletter', {
        query: { page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
