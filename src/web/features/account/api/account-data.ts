import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloseAccountResponse } from '../../../../shared/schemas/account';
import type { DeleteDocumentsResponse } from '../../../../shared/schemas/documents';
import { shellMessages } from '../../../../shared/shell-messages';
import { todayInAccra } from '../../../../shared/dates';
import { apiRequest } from '../../../lib/api-client';
import { forceLogout } from '../../../lib/session-store';
import { documentKeys } from './documents';

/** GET /api/account/export (ACCT-30), saved as a file by the browser. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const data = await apiRequest<unknown>('/account/export');
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `carlink-my-data-${todayInAccra()}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      // After the click has handed the file to the browser's download.
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}

/** DELETE /api/documents (DOC-13): the list is refreshed with what staff still hold. */
export function useDeleteMyDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<DeleteDocumentsResponse>('/documents', { method: 'DELETE' }),
    onSuccess: (data) => queryClient.setQueryData(documentKeys.mine, data.documents),
  });
}

/**
 * POST /api/account/close (ACCT-31): on success the session is gone on the server too; the
 * browser forgets it and the sign-in page says the account is closed (ACCT-34).
 */
export function useCloseAccount() {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest<CloseAccountResponse>('/account/close', {
        method: 'POST',
        body: { password },
      }),
    onSuccess: () => forceLogout(shellMessages.account.closed),
  });
}
