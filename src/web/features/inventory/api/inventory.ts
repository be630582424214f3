import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CarFacetsResponse, ListCarsResponse } from '../../../../shared/schemas/cars';
import { apiRequest } from '../../../lib/api-client';

type Query = Record<string, string | number | undefined>;

/** Under the cars feature's 'cars' key, so its Reload (which resets ['cars', 'list']) covers these too. */
export const inventoryKeys = {
  list: (params: Query) => ['cars', 'list', 'inventory', params] as const,
  facets: (params: Query) => ['cars', 'facets', params] as const,
};

/** GET /api/get/cars with the inventory filters. Keeps the last page on screen while the next loads. */
export function useInventoryCars(params: Query, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: inventoryKeys.list(params),
    queryFn: ({ signal }) => apiRequest<ListCarsResponse>('/get/cars', { query: params, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** GET /api/cars/facets: the sidebar's counts for the same filters. */
export function useCarFacets(params: Query) {
  return useQuery({
    queryKey: inventoryKeys.facets(params),
    queryFn: ({ signal }) =>
      apiRequest<CarFacetsResponse>('/cars/facets', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}
