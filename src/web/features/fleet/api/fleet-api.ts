import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBranchResponse,
  AdminExtraPricesResponse,
} from '../../../../shared/schemas/branches.staff';
import type {
  AdminCarInput,
  AdminCarResponse,
  AdminMaintenanceBlock,
  AdminMaintenanceInput,
  AdminPhotosResponse,
} from '../../../../shared/schemas/cars.staff';
import type { BranchInput, ExtraPricesInput } from '../../../../shared/schemas/branches';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/console/admin-keys';

/** The fleet's own reads and writes: cars, photos, maintenance, branches, extra prices. */

// ------------------------------------------------------------------ cars

export function useCar(id: number | null) {
  return useQuery({
    queryKey: adminKeys.car(id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<AdminCarResponse>(`/admin/cars/${id}`, { signal }).then((r) => r.car),
    enabled: id !== null,
  });
}

export function useSaveCar(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminCarInput) =>
      apiRequest<AdminCarResponse>(id === null ? '/admin/cars' : `/admin/cars/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
      }).then((r) => r.car),
    onSuccess: (car) => {
      queryClient.setQueryData(adminKeys.car(car.id), car);
      void queryClient.invalidateQueries({ queryKey: adminKeys.cars });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
      // The branches' car counts.
      void queryClient.invalidateQueries({ queryKey: adminKeys.branches });
    },
  });
}

export function useRetireCar(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'retire' | 'restore') =>
      apiRequest<AdminCarResponse>(`/admin/cars/${id}/${action}`, { method: 'POST' }).then(
        (r) => r.car,
      ),
    onSuccess: (car) => {
      queryClient.setQueryData(adminKeys.car(car.id), car);
      void queryClient.invalidateQueries({ queryKey: adminKeys.cars });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: adminKeys.branches });
    },
  });
}

export function usePhotosChanged(carId: number) {
  const queryClient = useQueryClient();
  return (photos: AdminPhotosResponse['photos']) => {
    queryClient.setQueryData<AdminCarResponse['car']>(adminKeys.car(carId), (car) =>
      car ? { ...car, photos } : car,
    );
    void queryClient.invalidateQueries({
      queryKey: adminKeys.cars,
      exact: false,
      refetchType: 'none',
    });
  };
}

export function useReorderPhotos(carId: number) {
  const photosChanged = usePhotosChanged(carId);
  return useMutation({
    mutationFn: (photoIds: number[]) =>
      apiRequest<AdminPhotosResponse>(`/admin/cars/${carId}/photos/order`, {
        method: 'PUT',
        body: { photo_ids: photoIds },
      }),
    onSuccess: (data) => photosChanged(data.photos),
  });
}

export function useDeletePhoto(carId: number) {
  const photosChanged = usePhotosChanged(carId);
  return useMutation({
    mutationFn: (photoId: number) =>
      apiRequest<AdminPhotosResponse>(`/admin/cars/${carId}/photos/${photoId}`, {
        method: 'DELETE',
      }),
    onSuccess: (data) => photosChanged(data.photos),
  });
}

export function useMaintenanceBlocks(carId: number) {
  return useQuery({
    queryKey: adminKeys.blocks(carId),
    queryFn: ({ signal }) =>
      apiRequest<{ blocks: AdminMaintenanceBlock[] }>(`/admin/cars/${carId}/maintenance`, {
        signal,
      }).then((r) => r.blocks),
  });
}

export function useAddMaintenanceBlock(carId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminMaintenanceInput) =>
      apiRequest<{ block: AdminMaintenanceBlock }>(`/admin/cars/${carId}/maintenance`, {
        method: 'POST',
        body: input,
      }).then((r) => r.block),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.blocks(carId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}

export function useRemoveMaintenanceBlock(carId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockId: number) =>
      apiRequest<{ message: string }>(`/admin/cars/${carId}/maintenance/${blockId}`, {
        method: 'DELETE',
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.blocks(carId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}

// ------------------------------------------------------------------ branches and prices

export function useSaveBranch(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BranchInput) =>
      apiRequest<AdminBranchResponse>(id === null ? '/admin/branches' : `/admin/branches/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
      }).then((r) => r.branch),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.branches });
      // Cars show their branch's name.
      void queryClient.invalidateQueries({ queryKey: adminKeys.cars });
    },
  });
}

export function useExtraPrices() {
  return useQuery({
    queryKey: adminKeys.extraPrices,
    queryFn: ({ signal }) =>
      apiRequest<AdminExtraPricesResponse>('/admin/extra-prices', { signal }),
  });
}

export function useSaveExtraPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExtraPricesInput) =>
      apiRequest<AdminExtraPricesResponse>('/admin/extra-prices', { method: 'PUT', body: input }),
    onSuccess: (data) => queryClient.setQueryData(adminKeys.extraPrices, data),
  });
}
