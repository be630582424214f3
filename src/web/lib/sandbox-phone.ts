import { useQuery } from '@tanstack/react-query';
import type { SandboxSmsResponse } from '../../shared/schemas/auth';
import { ApiError, apiRequest } from './api-client';

/**
 * The sandbox phone's inbox for one number (RUN-12, ROUTE-9). The endpoint exists only with the sandbox
 * SMS provider outside production, so its answer is also how the web knows the sandbox is on:
 * a 404 means "no sandbox phone here" (production never shows a link to it), with no setting
 * of its own that could disagree with the server.
 */
export function useSandboxInbox(msisdn: string | null, { refreshMs }: { refreshMs?: number } = {}) {
  return useQuery({
    queryKey: ['sandbox', 'sms', msisdn] as const,
    queryFn: ({ signal }) =>
      apiRequest<SandboxSmsResponse>('/sandbox/sms', {
        query: { to: msisdn },
        signal,
        skipUnauthorizedHandler: true,
      }),
    enabled: Boolean(msisdn),
    // The sandbox being off is an answer, not a failure worth asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    refetchInterval: (query) =>
      refreshMs && !(query.state.error instanceof ApiError && query.state.error.status === 404)
        ? refreshMs
        : false,
  });
}

/** Whether an inbox answer says the sandbox phone is switched off (a real SMS provider). */
export const isSandboxOff = (error: unknown) => error instanceof ApiError && error.status === 404;
