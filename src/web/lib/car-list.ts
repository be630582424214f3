import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListCarsResponse } from '../../shared/schemas/cars';
import { apiRequest } from './api-client';

/*
 * The fleet list query, shared: the site's header (search, mobile menu) and the cars feature
 * both read it, and shared UI may not import a feature.
 */

export interface CarListParams {
  page?: number;
  limit?: number;
  make?: string;
  q?: string;
  start_date?: string;
  end_date?: string;
  body_type?: string;
  location?: string;
  transmission?: string;
  min_price?: number;
  max_price?: number;
  seats?: number;
}

export const carKeys = {
  lists: () => ['cars', 'list'] as const,
  list: (params: CarListParams) => ['cars', 'list', params] as const,
  detail: (id: number) => ['cars', 'detail', id] as const,
  availability: (id: number) => ['cars', 'availability', id] as const,
};

export const fetchCars = (params: CarListParams, signal?: AbortSignal) =>
  apiRequest<ListCarsResponse>('/get/cars', { query: { ...params }, signal });

export function useCars(params: CarListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: carKeys.list(params),
    queryFn: ({ signal }) => fetchCars(params, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
