import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSavedSearchInput,
  ListSavedSearchesResponse,
  SavedSearchResponse,
} from '../../../../shared/schemas/saved-searches';
import { apiRequest } from '../../../lib/api-client';

export const savedSearchKeys = { all: ['saved-searches'] as const };

/** The renter's saved searches, newest first, one keyset page after another (SAVED-3). */
export function useSavedSearches() {
  return useInfiniteQuery({
    queryKey: savedSearchKeys.all,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ListSavedSearchesResponse>('/saved-searches', {
        query: { limit: 10, before: pageParam },
        signal,
      }),
    getNextPageParam: (last) => last.next_before,
  });
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSavedSearchInput) =>
      apiRequest<SavedSearchResponse>('/saved-searches', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useRenameSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      apiRequest<SavedSearchResponse>(`/saved-searches/${id}`, {
        method: 'PATCH',
        body: { name },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ message: string }>(`/saved-searches/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
