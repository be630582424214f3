import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AvailabilityResponse, Car, ListCarsResponse } from '../../../../shared/schemas/cars';
import { apiRequest } from '../../../lib/api-client';

export interface CarListParams {
  page?: number;
  limit?: number;
  make?: string;
  q?: string;
  start_date?: string;
  end_date?: string;
  body_type?: string;
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

/**
 * `initial` is shown at once: a car passed in navigation state (of unknown age, so refreshed
 * in the background) or the one the page's HTML came with (as fresh as `initialUpdatedAt`).
 */
export function useCar(id: number | null, initial?: Car, initialUpdatedAt = 0) {
  return useQuery({
    queryKey: carKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<{ success: true; car: Car }>(`/cars/${id}`, { signal }).then((r) => r.car),
    enabled: id !== null,
    initialData: initial,
    initialDataUpdatedAt: initial ? initialUpdatedAt : undefined,
  });
}

export function useCarAvailability(id: number | null) {
  return useQuery({
    queryKey: carKeys.availability(id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<AvailabilityResponse>(`/cars/${id}/availability`, { signal }),
    enabled: id !== null,
  });
}
