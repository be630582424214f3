import { useQuery } from '@tanstack/react-query';
import { fetchSignedInUser, isSessionValid, sessionKeys, useSession } from './session-store';

/**
 * The signed-in user's query, for a page that shows its state (loading, an error to retry):
 * `fresh` asks the server again on mount (another device may have changed the details).
 */
export function useSignedInUserQuery({ fresh = false }: { fresh?: boolean } = {}) {
  const signedIn = isSessionValid(useSession());
  return useQuery({
    queryKey: sessionKeys.user,
    queryFn: ({ signal }) => fetchSignedInUser(signal),
    enabled: signedIn,
    staleTime: fresh ? 0 : Infinity,
  });
}
