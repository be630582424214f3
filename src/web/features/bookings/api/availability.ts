import { useQuery } from '@tanstack/react-query';
import type { AvailabilityResponse } from '../../../../shared/schemas/cars';
import { apiRequest } from '../../../lib/api-client';

/**
 * BOOK-17: whether the car is free for exactly these dates, and if not the next free ones.
 * Asked as soon as both dates are chosen (null while they are not). Its key starts with the
 * car pages' availability key, so refreshing a car's availability refreshes this too.
 */
export function useAvailabilityFor(id: number, window: { from: string; to: string } | null) {
  return useQuery({
    queryKey: ['cars', 'availability', id, window?.from ?? '', window?.to ?? ''] as const,
    queryFn: ({ signal }) =>
      apiRequest<AvailabilityResponse>(`/cars/${id}/availability`, {
        query: { from: window?.from, to: window?.to },
        signal,
      }),
    enabled: window !== null,
    staleTime: 0,
  });
}
