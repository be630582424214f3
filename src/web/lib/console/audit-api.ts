import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AuditListResponse, AuditStaffResponse } from '../../../shared/schemas/audit';
import { apiRequest } from '../api-client';
import { downloadPrivateFile } from '../private-files';

/** The trail's filters as the console sends them (empty means any). */
export interface AuditFilters {
  staff_id: string;
  entity: string;
  from: string;
  to: string;
}

/** Under 'admin' so signing out drops them with the rest. */
export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (filters: AuditFilters) => ['admin', 'audit', 'list', filters] as const,
  staff: ['admin', 'audit', 'staff'] as const,
};

const queryOf = (filters: AuditFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));

/** The trail, newest first, one keyset page after another (AUDIT-9). */
export function useAuditTrail(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AuditListResponse>('/admin/audit', {
        query: { ...queryOf(filters), limit: 50, before: pageParam },
        signal,
      }),
    getNextPageParam: (last) => last.next_before,
  });
}

export function useAuditStaff() {
  return useQuery({
    queryKey: auditKeys.staff,
    queryFn: ({ signal }) => apiRequest<AuditStaffResponse>('/admin/audit/staff', { signal }),
    staleTime: 60_000,
  });
}

/** The same filter as a CSV file (AUDIT-10). */
export function downloadAuditCsv(filters: AuditFilters) {
  const query = new URLSearchParams(queryOf(filters)).toString();
  return downloadPrivateFile(
    `/api/admin/audit.csv${query ? `?${query}` : ''}`,
    'audit-trail.csv',
    'text/csv',
  );
}
