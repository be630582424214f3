import { useMutation } from '@tanstack/react-query';
import type { UpdateProfileInput, UpdateProfileResponse } from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { setSignedInUser } from '../../../lib/session-store';

/** PATCH /api/auth/me; the answer becomes the signed-in user (the header's initials follow). */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (input: UpdateProfileInput) =>
      apiRequest<UpdateProfileResponse>('/auth/me', { method: 'PATCH', body: input }),
    onSuccess: (data) => setSignedInUser(data.user),
  });
}
