import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBookingAction,
  AdminBookingActionResponse,
  AdminBookingResponse,
} from '../../../shared/schemas/bookings.staff';
import type { AdminBranchListResponse } from '../../../shared/schemas/branches.staff';
import type { AdminCarListQuery, AdminCarListResponse } from '../../../shared/schemas/cars.staff';
import type { AdminDashboardResponse } from '../../../shared/schemas/console';
import type { AdminContactListResponse } from '../../../shared/schemas/inbox.staff';
import { apiRequest } from '../api-client';
import { adminKeys } from './admin-keys';
import { useInboxUnread } from './conversations-api';
import { smsKeys } from './sms-api';

/**
 * The console's reads (and the one booking action) that more than one of its domains uses: the
 * shell's counts, the car and branch lists the booking forms pick from, the booking the handover
 * pages act on. Each domain's own hooks are in its feature (features/fleet, staff-bookings,
 * handover, console).
 */

// ---------------------------------------------------- dashboard and inbox (the shell's counts)

export function useDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: ({ signal }) => apiRequest<AdminDashboardResponse>('/admin/dashboard', { signal }),
    // The counter staff look at all day: fresh whenever they come back to it.
    staleTime: 15_000,
    refetchOnWindowFocus: true,
  });
}

export function useContactMessages(page: number) {
  return useQuery({
    queryKey: adminKeys.contact(page),
    queryFn: ({ signal }) =>
      apiRequest<AdminContactListResponse>('/admin/messages/contact', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The numbers beside the console's sections: bookings needing action, unread messages,
 * documents waiting for a check (DOC-8).
 */
export function useNavCounts() {
  const dashboard = useDashboard();
  const contact = useContactMessages(1);
  // CONV-8: conversations waiting for an answer count with the contact form's unread.
  const conversations = useInboxUnread();
  const needs = dashboard.data?.needs_action;
  return {
    needsAction: needs ? needs.awaiting_cash.length + needs.flagged_payments.length : 0,
    unread: (contact.data?.unread ?? 0) + conversations,
    documents: dashboard.data?.documents_waiting ?? 0,
  };
}

// ------------------------------------------------------------------ cars and branches

export function useCarList(query: Partial<AdminCarListQuery>) {
  return useQuery({
    queryKey: adminKeys.carList(query),
    queryFn: ({ signal }) => apiRequest<AdminCarListResponse>('/admin/cars', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBranches() {
  return useQuery({
    queryKey: adminKeys.branches,
    queryFn: ({ signal }) =>
      apiRequest<AdminBranchListResponse>('/admin/branches', { signal }).then((r) => r.branches),
  });
}

// ------------------------------------------------------------------ bookings

/** How often a booking waiting on a mobile money prompt is read again (STAFF-46). */
const HELD_REFRESH_MS = 5_000;

export function useAdminBooking(code: string) {
  return useQuery({
    queryKey: adminKeys.booking(code),
    queryFn: ({ signal }) =>
      apiRequest<AdminBookingResponse>(`/admin/bookings/${encodeURIComponent(code)}`, {
        signal,
      }).then((r) => r.booking),
    // A held booking changes without staff doing anything (the customer approves or declines,
    // the hold ends): its page follows it, so staff on the phone see it at once.
    refetchInterval: (query) => {
      const b = query.state.data;
      return b?.status === 'pending' && b.payment_status === 'pending' ? HELD_REFRESH_MS : false;
    },
  });
}

const ACTION_PATHS: Record<AdminBookingAction, string> = {
  record_cash: 'record-cash',
  pick_up: 'pick-up',
  return: 'return',
  cancel: 'cancel',
};

export function useBookingAction(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, note }: { action: AdminBookingAction; note?: string }) =>
      apiRequest<AdminBookingActionResponse>(
        `/admin/bookings/${encodeURIComponent(code)}/${ACTION_PATHS[action]}`,
        {
          method: 'POST',
          body: note ? { note } : {},
        },
      ),
    onSuccess: (data) => queryClient.setQueryData(adminKeys.booking(code), data.booking),
    // A 409 usually means someone else changed the booking: show what it is now.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.bookings });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: adminKeys.customers });
      // The texts the action queued (cash received, cancelled) show in the SMS log at once.
      void queryClient.invalidateQueries({ queryKey: smsKeys.all });
      // The renter's own pages, if this browser has them cached.
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
