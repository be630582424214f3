import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The app's one query cache. It lives in lib/ because the session (lib/session-store.ts) writes
 * the signed-in user into it on sign-in, sign-out and profile changes.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      // Retry flaky mobile networks once, but never a clear answer such as 404 or 401.
      retry: (failureCount, error) =>
        failureCount < 1 &&
        (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      refetchOnWindowFocus: false,
    },
  },
});
