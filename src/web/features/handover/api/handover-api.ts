import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { handoverMessages } from '../../../../shared/handover';
import type { AdminBookingActionResponse } from '../../../../shared/schemas/bookings.staff';
import type { HandoverReceipt, HandoverReceiptResponse } from '../../../../shared/schemas/handover';
import { apiRequest } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/private-files';
import { adminKeys } from '../../../lib/console/admin-keys';

/** The console's handover calls (HAND-1, HAND-5, HAND-9). */

export type HandoverResponse = AdminBookingActionResponse & { handover: HandoverReceipt };

const receiptKey = (code: string) => ['admin', 'handover', code] as const;

export function useAdminHandover(code: string) {
  return useQuery({
    queryKey: receiptKey(code),
    queryFn: ({ signal }) =>
      apiRequest<HandoverReceiptResponse>(`/admin/bookings/${encodeURIComponent(code)}/handover`, {
        signal,
      }).then((r) => r.handover),
  });
}

/** Posts a pickup or a return: the record as JSON in "data", the photos beside it. */
export function useHandoverAction(code: string, action: 'pick-up' | 'return') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, photos }: { data: object; photos: File[] }) => {
      const form = new FormData();
      form.append('data', JSON.stringify(data));
      for (const photo of photos) form.append('photos', photo);
      return uploadForm<HandoverResponse>(
        `/admin/bookings/${encodeURIComponent(code)}/${action}`,
        form,
        { tooLargeMessage: handoverMessages.photoTooLarge },
      );
    },
    onSuccess: (data) => {
      queryClient.setQueryData(adminKeys.booking(code), data.booking);
      queryClient.setQueryData(receiptKey(code), data.handover);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.bookings });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
