import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateStaffInput,
  StaffListResponse,
  StaffMemberResponse,
  UpdateStaffInput,
} from '../../../../shared/schemas/staff-accounts';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/console/admin-keys';

/** Staff accounts (docs/admin-api.md, STAFF-37 to STAFF-41): the owner's reads and writes. */

export function useStaffMembers() {
  return useQuery({
    queryKey: adminKeys.staff,
    queryFn: ({ signal }) =>
      apiRequest<StaffListResponse>('/admin/staff', { signal }).then((r) => r.staff),
  });
}

function useStaffWrite<T>(request: (input: T) => Promise<StaffMemberResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.staff }),
  });
}

export const useAddStaffMember = () =>
  useStaffWrite((input: CreateStaffInput) =>
    apiRequest<StaffMemberResponse>('/admin/staff', { method: 'POST', body: input }),
  );

export const useUpdateStaffMember = () =>
  useStaffWrite(({ id, input }: { id: number; input: UpdateStaffInput }) =>
    apiRequest<StaffMemberResponse>(`/admin/staff/${id}`, { method: 'PATCH', body: input }),
  );

export const useSwitchStaffMember = () =>
  useStaffWrite(({ id, action }: { id: number; action: 'deactivate' | 'reactivate' }) =>
    apiRequest<StaffMemberResponse>(`/admin/staff/${id}/${action}`, { method: 'POST' }),
  );
