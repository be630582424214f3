import { useQuery } from '@tanstack/react-query';
import type { BranchesResponse } from '../../../../shared/schemas/branches';
import { apiRequest } from '../../../lib/api-client';

/** The towns with a branch, for the car list's pickup town filter (SAVED-4), in name order. */
export function useBranchTowns() {
  return useQuery({
    queryKey: ['branches', 'towns'],
    queryFn: ({ signal }) =>
      apiRequest<BranchesResponse>('/branches', { signal }).then((r) =>
        [...new Set(r.branches.map((b) => b.town))].sort((a, b) => a.localeCompare(b)),
      ),
    staleTime: 5 * 60_000,
  });
}
