import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminReviewActionResponse,
  AdminReviewListResponse,
} from '../../../../shared/schemas/reviews';
import { apiRequest } from '../../../lib/api-client';

/** Review moderation (REVIEW-4); under 'admin' so sign-out drops it. */
export const reviewKeys = {
  all: ['admin', 'reviews'] as const,
  list: (query: { page: number; hidden?: 'true' | 'false' }) =>
    ['admin', 'reviews', 'list', query] as const,
};

export function useAdminReviews(query: { page: number; hidden?: 'true' | 'false' }) {
  return useQuery({
    queryKey: reviewKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<AdminReviewListResponse>('/admin/reviews', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hide }: { id: number; hide: boolean }) =>
      apiRequest<AdminReviewActionResponse>(`/admin/reviews/${id}/${hide ? 'hide' : 'show'}`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
