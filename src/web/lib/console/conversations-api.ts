import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssigneesResponse,
  ConversationActionResponse,
  InboxResponse,
  StaffThreadResponse,
} from '../../../shared/schemas/conversations.staff';
import { apiRequest } from '../api-client';

/** The inbox's filters as the console sends them (CONV-8). */
export interface InboxFilters {
  status: 'open' | 'closed';
  assigned: 'anyone' | 'me' | 'nobody';
}

/** Under 'admin' so signing out drops them with the rest. */
export const conversationKeys = {
  all: ['admin', 'conversations'] as const,
  inbox: (filters: InboxFilters) => ['admin', 'conversations', 'inbox', filters] as const,
  thread: (id: number) => ['admin', 'conversations', 'thread', id] as const,
  assignees: ['admin', 'conversations', 'assignees'] as const,
};

/** The inbox, unread first, a page at a time (CONV-8, CONV-14). */
export function useInbox(filters: InboxFilters) {
  return useInfiniteQuery({
    queryKey: conversationKeys.inbox(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<InboxResponse>('/admin/conversations', {
        query: { ...filters, cursor: pageParam },
        signal,
      }),
    getNextPageParam: (last) => last.next_cursor,
    // New messages arrive all day: fresh whenever staff come back to the tab.
    staleTime: 15_000,
    refetchOnWindowFocus: true,
  });
}

/** Open conversations with unread messages at the staff member's branches (the menu's count). */
export function useInboxUnread() {
  const inbox = useInbox({ status: 'open', assigned: 'anyone' });
  return inbox.data?.pages[0]?.unread ?? 0;
}

export function useStaffThread(id: number | null) {
  return useInfiniteQuery({
    queryKey: conversationKeys.thread(id ?? 0),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<StaffThreadResponse>(`/admin/conversations/${id}`, {
        query: { before: pageParam },
        signal,
      }),
    getNextPageParam: (last) => last.next_before,
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useAssignees() {
  return useQuery({
    queryKey: conversationKeys.assignees,
    queryFn: ({ signal }) =>
      apiRequest<AssigneesResponse>('/admin/conversations/assignees', { signal }).then(
        (r) => r.staff,
      ),
    staleTime: 5 * 60_000,
  });
}

/** Replies, reads, assigning and closing change the inbox and the thread alike. */
function useConversationWrite<I, O>(request: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}

export const useReply = (id: number) =>
  useConversationWrite((body: string) =>
    apiRequest<{ message: string }>(`/admin/conversations/${id}/messages`, {
      method: 'POST',
      body: { body },
    }),
  );

export const useMarkRead = (id: number) =>
  useConversationWrite(() =>
    apiRequest<ConversationActionResponse>(`/admin/conversations/${id}/read`, { method: 'POST' }),
  );

export const useAssign = (id: number) =>
  useConversationWrite((staffId: number | null) =>
    apiRequest<ConversationActionResponse>(`/admin/conversations/${id}/assign`, {
      method: 'POST',
      body: { staff_id: staffId },
    }),
  );

export const useCloseConversation = (id: number) =>
  useConversationWrite(() =>
    apiRequest<ConversationActionResponse>(`/admin/conversations/${id}/close`, {
      method: 'POST',
    }),
  );
