import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DocumentReviewResponse,
  StaffCustomerDocumentsResponse,
  DocumentStatus,
  PendingDocumentListResponse,
} from '../../../shared/schemas/documents';
import { apiRequest } from '../api-client';
import { adminKeys } from './admin-keys';

/** Renters' documents in the console (DOC-4, DOC-5); under 'admin' so sign-out drops them. */
export const documentKeys = {
  all: ['admin', 'documents'] as const,
  queue: (status: DocumentStatus) => ['admin', 'documents', 'queue', status] as const,
  customer: (id: number) => ['admin', 'documents', 'customer', id] as const,
};

export function useDocumentQueue(status: DocumentStatus) {
  return useQuery({
    queryKey: documentKeys.queue(status),
    queryFn: ({ signal }) =>
      apiRequest<PendingDocumentListResponse>('/admin/documents', { query: { status }, signal }),
  });
}

/** A customer's documents; `null` waits (the pickup form knows the renter once it has loaded). */
export function useCustomerDocuments(customerId: number | null) {
  return useQuery({
    queryKey: documentKeys.customer(customerId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<StaffCustomerDocumentsResponse>(`/admin/customers/${customerId}/documents`, {
        signal,
      }),
    enabled: customerId !== null,
  });
}

/** Verify, or reject with a reason; every list of documents is refreshed after. */
export function useDecideDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      decision: { id: number; uploadedAt: string } & (
        { action: 'verify' } | { action: 'reject'; reason: string }
      ),
    ) =>
      // The upload staff looked at: a photo replaced since is refused, never verified unseen.
      apiRequest<DocumentReviewResponse>(`/admin/documents/${decision.id}/${decision.action}`, {
        method: 'POST',
        body:
          decision.action === 'reject'
            ? { reason: decision.reason, uploaded_at: decision.uploadedAt }
            : { uploaded_at: decision.uploadedAt },
      }),
    // Also after a refusal: a replaced photo then shows as it is now.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.all }),
        // The Documents badge counts the ones waiting (DOC-8).
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard }),
      ]),
  });
}

/** Hold a document for a dispute with the reason, or release it (DOC-11). */
export function useHoldDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change: { id: number } & ({ action: 'hold'; reason: string } | { action: 'release' }),
    ) =>
      apiRequest<DocumentReviewResponse>(`/admin/documents/${change.id}/${change.action}`, {
        method: 'POST',
        ...(change.action === 'hold' ? { body: { reason: change.reason } } : {}),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
