import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxSettingsInput, TaxSettingsResponse } from '../../../../shared/schemas/tax.staff';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/console/admin-keys';

/** The company's TIN and taxes (STAFF-45), the owner's. */
export function useTaxSettings() {
  return useQuery({
    queryKey: adminKeys.taxSettings,
    queryFn: ({ signal }) =>
      apiRequest<TaxSettingsResponse>('/admin/tax-settings', { signal }).then(
        (r) => r.tax_settings,
      ),
  });
}

export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TaxSettingsInput) =>
      apiRequest<TaxSettingsResponse>('/admin/tax-settings', { method: 'PUT', body: input }).then(
        (r) => r.tax_settings,
      ),
    onSuccess: (data) => queryClient.setQueryData(adminKeys.taxSettings, data),
  });
}
