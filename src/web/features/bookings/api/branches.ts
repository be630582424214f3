import { useQuery } from '@tanstack/react-query';
import type { BranchesResponse } from '../../../../shared/schemas/branches';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/branches (BRANCH-1): the pickup places, their hours, and the extras' prices. */
export function useBranches() {
  return useQuery({
    queryKey: ['branches'] as const,
    queryFn: ({ signal }) => apiRequest<BranchesResponse>('/branches', { signal }),
    // Branches and prices change a few times a year: one answer serves the whole visit.
    staleTime: 10 * 60_000,
  });
}
