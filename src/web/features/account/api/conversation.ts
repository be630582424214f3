import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationMessages } from '../../../../shared/conversations';
import type {
  MyConversationResponse,
  SendMessageResponse,
} from '../../../../shared/schemas/conversations';
import { apiRequest } from '../../../lib/api-client';
import { conversationKeys } from '../../../lib/conversation-keys';
import { uploadForm } from '../../../lib/private-files';

/** The renter's thread, newest page first (CONV-14); older pages on demand. */
export function useMyConversation() {
  return useInfiniteQuery({
    queryKey: conversationKeys.thread,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MyConversationResponse>('/conversation', {
        query: { before: pageParam },
        signal,
      }),
    getNextPageParam: (last) => last.next_before,
    // A reply may have come since: fresh whenever the renter comes back.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** POST /api/conversation/messages: the text and booking first, then the photos (CONV-2). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; bookingCode: string | null; photos: File[] }) => {
      const form = new FormData();
      form.append('body', input.body);
      if (input.bookingCode) form.append('booking_code', input.bookingCode);
      for (const photo of input.photos) form.append('photos', photo);
      return uploadForm<SendMessageResponse>('/conversation/messages', form, {
        tooLargeMessage: conversationMessages.photoTooLarge,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.thread }),
  });
}

/** The replies are read (CONV-13): the menu's count goes to 0. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/conversation/read', { method: 'POST' }),
    onSuccess: () => queryClient.setQueryData(conversationKeys.unread, 0),
  });
}
