import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MeResponse,
  UpdateProfileInput,
  UpdateProfileResponse,
  User,
} from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

export const profileKeys = { me: ['auth', 'me'] as const };

/** The signed-in user as the server has them now (another device may have changed them). */
export function useMe() {
  return useQuery({
    queryKey: profileKeys.me,
    queryFn: ({ signal }) => apiRequest<MeResponse>('/auth/me', { signal }).then((r) => r.user),
    staleTime: 0,
  });
}

/** PATCH /api/auth/me; `onSaved` lets the page update the session's copy of the user. */
export function useUpdateProfile(onSaved: (user: User) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) =>
      apiRequest<UpdateProfileResponse>('/auth/me', { method: 'PATCH', body: input }),
    onSuccess: (data) => {
      queryClient.setQueryData(profileKeys.me, data.user);
      onSaved(data.user);
    },
  });
}
