import { useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '../../../../shared/schemas/account-dashboard';
import { apiRequest } from '../../../lib/api-client';

/** The key lib/wishlist.ts asks again after a Save (its favourites and their count). */
export const dashboardKeys = { mine: ['account', 'dashboard'] as const };

/** GET /api/account/dashboard (AREA-1): the signed-in renter's own, fresh on every visit. */
export function useDashboard(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.mine,
    queryFn: ({ signal }) => apiRequest<DashboardResponse>('/account/dashboard', { signal }),
    enabled,
    staleTime: 0,
  });
}
