import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DocumentListResponse,
  DocumentUploadResponse,
} from '../../../../shared/schemas/documents';
import { documentMessages } from '../../../../shared/documents';
import { apiRequest } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/private-files';

export const documentKeys = { mine: ['documents', 'mine'] as const };

/** The signed-in renter's documents and where staff's check stands (DOC-1). */
export function useMyDocuments() {
  return useQuery({
    queryKey: documentKeys.mine,
    queryFn: ({ signal }) =>
      apiRequest<DocumentListResponse>('/documents', { signal }).then((r) => r.documents),
    // Staff may have checked it since: fresh whenever the renter comes back.
    staleTime: 0,
  });
}

/** POST /api/documents: the fields first, then the file (DOC-3). */
export function useUploadDocument(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, file }: { fields: Record<string, string>; file: File }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', file);
      return uploadForm<DocumentUploadResponse>('/documents', form, {
        onProgress,
        tooLargeMessage: documentMessages.fileTooLarge,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.mine }),
  });
}
