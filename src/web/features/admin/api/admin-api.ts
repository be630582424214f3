import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBookingAction,
  AdminBookingActionResponse,
  AdminBookingListQuery,
  AdminBookingListResponse,
  AdminBookingResponse,
} from '../../../../shared/schemas/bookings.staff';
import type {
  AdminBranchListResponse,
  AdminBranchResponse,
  AdminExtraPricesResponse,
} from '../../../../shared/schemas/branches.staff';
import type {
  AdminCarInput,
  AdminCarListQuery,
  AdminCarListResponse,
  AdminCarResponse,
  AdminMaintenanceBlock,
  AdminMaintenanceInput,
  AdminPhotosResponse,
} from '../../../../shared/schemas/cars.staff';
import type {
  AdminCustomerListResponse,
  AdminCustomerResponse,
  AdminDashboardResponse,
} from '../../../../shared/schemas/console';
import type {
  AdminContactListResponse,
  AdminNewsletterListResponse,
} from '../../../../shared/schemas/inbox.staff';
import type { BranchInput, ExtraPricesInput } from '../../../../shared/schemas/branches';
import { apiRequest } from '../../../lib/api-client';
import { smsKeys } from './sms-api';

/**
 * The console's reads and writes (docs/admin-api.md). Every key starts with 'admin', so
 * signing out drops them all at once; a write invalidates what it may have changed.
 */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  cars: ['admin', 'cars'] as const,
  carList: (query: Partial<AdminCarListQuery>) => ['admin', 'cars', 'list', query] as const,
  car: (id: number) => ['admin', 'cars', 'detail', id] as const,
  blocks: (id: number) => ['admin', 'cars', 'blocks', id] as const,
  bookings: ['admin', 'bookings'] as const,
  bookingList: (query: Partial<AdminBookingListQuery>) =>
    ['admin', 'bookings', 'list', query] as const,
  booking: (code: string) => ['admin', 'bookings', 'detail', code] as const,
  customers: ['admin', 'customers'] as const,
  customerList: (query: { q?: string; page: number }) =>
    ['admin', 'customers', 'list', query] as const,
  customer: (id: number, page: number) => ['admin', 'customers', 'detail', id, page] as const,
  contact: (page: number) => ['admin', 'messages', 'contact', page] as const,
  newsletter: (page: number) => ['admin', 'messages', 'newsletter', page] as const,
  branches: ['admin', 'branches'] as const,
  extraPrices: ['admin', 'extra-prices'] as const,
};

// ------------------------------------------------------------------ dashboard

export function useDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: ({ signal }) => apiRequest<AdminDashboardResponse>('/admin/dashboard', { signal }),
    // The counter staff look at all day: fresh whenever they come back to it.
    staleTime: 15_000,
    refetchOnWindowFocus: true,
  });
}

/**
 * The numbers beside the console's sections: bookings needing action, unread messages,
 * documents waiting for a check (DOC-8).
 */
export function useNavCounts() {
  const dashboard = useDashboard();
  const contact = useContactMessages(1);
  const needs = dashboard.data?.needs_action;
  return {
    needsAction: needs ? needs.awaiting_cash.length + needs.flagged_payments.length : 0,
    unread: contact.data?.unread ?? 0,
    documents: dashboard.data?.documents_waiting ?? 0,
  };
}

// ------------------------------------------------------------------ cars

export function useCarList(query: Partial<AdminCarListQuery>) {
  return useQuery({
    queryKey: adminKeys.carList(query),
    queryFn: ({ signal }) => apiRequest<AdminCarListResponse>('/admin/cars', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCar(id: number | null) {
  return useQuery({
    queryKey: adminKeys.car(id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<AdminCarResponse>(`/admin/cars/${id}`, { signal }).then((r) => r.car),
    enabled: id !== null,
  });
}

/** Adds a car (id null) or saves every field of one. */
export function useSaveCar(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminCarInput) =>
      apiRequest<AdminCarResponse>(id === null ? '/admin/cars' : `/admin/cars/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
      }).then((r) => r.car),
    onSuccess: (car) => {
      queryClient.setQueryData(adminKeys.car(car.id), car);
      void queryClient.invalidateQueries({ queryKey: adminKeys.cars });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
      // The branches' car counts.
      void queryClient.invalidateQueries({ queryKey: adminKeys.branches });
    },
  });
}

export function useRetireCar(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'retire' | 'restore') =>
      apiRequest<AdminCarResponse>(`/admin/cars/${id}/${action}`, { method: 'POST' }).then(
        (r) => r.car,
      ),
    onSuccess: (car) => {
      queryClient.setQueryData(adminKeys.car(car.id), car);
      void queryClient.invalidateQueries({ queryKey: adminKeys.cars });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: adminKeys.branches });
    },
  });
}

/** The photo list changed on the server: put it into the car we hold. */
export function usePhotosChanged(carId: number) {
  const queryClient = useQueryClient();
  return (photos: AdminPhotosResponse['photos']) => {
    queryClient.setQueryData<AdminCarResponse['car']>(adminKeys.car(carId), (car) =>
      car ? { ...car, photos } : car,
    );
    void queryClient.invalidateQueries({
      queryKey: adminKeys.cars,
      exact: false,
      refetchType: 'none',
    });
  };
}

export function useReorderPhotos(carId: number) {
  const photosChanged = usePhotosChanged(carId);
  return useMutation({
    mutationFn: (photoIds: number[]) =>
      apiRequest<AdminPhotosResponse>(`/admin/cars/${carId}/photos/order`, {
        method: 'PUT',
        body: { photo_ids: photoIds },
      }),
    onSuccess: (data) => photosChanged(data.photos),
  });
}

export function useDeletePhoto(carId: number) {
  const photosChanged = usePhotosChanged(carId);
  return useMutation({
    mutationFn: (photoId: number) =>
      apiRequest<AdminPhotosResponse>(`/admin/cars/${carId}/photos/${photoId}`, {
        method: 'DELETE',
      }),
    onSuccess: (data) => photosChanged(data.photos),
  });
}

export function useMaintenanceBlocks(carId: number) {
  return useQuery({
    queryKey: adminKeys.blocks(carId),
    queryFn: ({ signal }) =>
      apiRequest<{ blocks: AdminMaintenanceBlock[] }>(`/admin/cars/${carId}/maintenance`, {
        signal,
      }).then((r) => r.blocks),
  });
}

export function useAddMaintenanceBlock(carId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminMaintenanceInput) =>
      apiRequest<{ block: AdminMaintenanceBlock }>(`/admin/cars/${carId}/maintenance`, {
        method: 'POST',
        body: input,
      }).then((r) => r.block),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.blocks(carId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}

export function useRemoveMaintenanceBlock(carId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockId: number) =>
      apiRequest<{ message: string }>(`/admin/cars/${carId}/maintenance/${blockId}`, {
        method: 'DELETE',
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.blocks(carId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}

// ------------------------------------------------------------------ branches and prices

/** Every branch with its car count (a handful: the car form's select uses the same list). */
export function useBranches() {
  return useQuery({
    queryKey: adminKeys.branches,
    queryFn: ({ signal }) =>
      apiRequest<AdminBranchListResponse>('/admin/branches', { signal }).then((r) => r.branches),
  });
}

/** Adds a branch (id null) or saves every field of one. */
export function useSaveBranch(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BranchInput) =>
      apiRequest<AdminBranchResponse>(id === null ? '/admin/branches' : `/admin/branches/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
      }).then((r) => r.branch),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.branches });
      // Cars show their branch's name.
      void queryClient.invalidateQueries({ queryKey: adminKeys.cars });
    },
  });
}

export function useExtraPrices() {
  return useQuery({
    queryKey: adminKeys.extraPrices,
    queryFn: ({ signal }) =>
      apiRequest<AdminExtraPricesResponse>('/admin/extra-prices', { signal }),
  });
}

export function useSaveExtraPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExtraPricesInput) =>
      apiRequest<AdminExtraPricesResponse>('/admin/extra-prices', { method: 'PUT', body: input }),
    onSuccess: (data) => queryClient.setQueryData(adminKeys.extraPrices, data),
  });
}

// ------------------------------------------------------------------ bookings

export function useBookingList(query: Partial<AdminBookingListQuery>) {
  return useQuery({
    queryKey: adminKeys.bookingList(query),
    queryFn: ({ signal }) =>
      apiRequest<AdminBookingListResponse>('/admin/bookings', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminBooking(code: string) {
  return useQuery({
    queryKey: adminKeys.booking(code),
    queryFn: ({ signal }) =>
      apiRequest<AdminBookingResponse>(`/admin/bookings/${encodeURIComponent(code)}`, {
        signal,
      }).then((r) => r.booking),
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

export function useContactMessages(page: number) {
  return useQuery({
    queryKey: adminKeys.contact(page),
    queryFn: ({ signal }) =>
      apiRequest<AdminContactListResponse>('/admin/messages/contact', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

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
