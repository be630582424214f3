import { useQuery } from '@tanstack/react-query';
import type { UnreadResponse } from '../../shared/schemas/conversations';
import { apiRequest } from './api-client';
import { conversationKeys } from './conversation-keys';

/**
 * Staff replies the signed-in renter has not read (CONV-13): the figure beside Messages on the
 * account menu. Asked again when the renter comes back to the tab, not on a timer.
 */
export function useConversationUnread(enabled: boolean) {
  return useQuery({
    queryKey: conversationKeys.unread,
    queryFn: ({ signal }) =>
      apiRequest<UnreadResponse>('/conversation/unread', { signal }).then((r) => r.unread),
    enabled,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
}
