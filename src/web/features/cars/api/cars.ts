import { useQuery } from '@tanstack/react-query';
import type { AvailabilityResponse, Car } from '../../../../shared/schemas/cars';
import { apiRequest } from '../../../lib/api-client';
import { carKeys } from '../../../lib/car-list';

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
