import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '../../../../shared/schemas/inbox';
import { apiRequest } from '../../../lib/api-client';

/** VAL-8: the message is stored for staff, and the answer is the confirmation. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactInput) =>
      apiRequest<{ message: string }>('/contact', { method: 'POST', body: input }),
  });
}
