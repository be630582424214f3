import { paths } from '../config/paths';

/** What the sign-in page knows of where the person was going (RequireAuth's navigation state). */
interface SentFrom {
  from?: unknown;
  fromState?: unknown;
}

const sentFromPath = (state: unknown): string | null => {
  const { from } = (state ?? {}) as SentFrom;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
};

const isConsolePath = (path: string) => path === paths.admin.path || path.startsWith('/admin/');

/**
 * Where to go after signing in (ROUTE-2): the page that sent the person here, with its own
 * state; otherwise staff to the console (ROUTE-4) and renters to the cars. Only a path on this
 * site is followed.
 */
export function returnAfterSignIn(
  state: unknown,
  role: string | undefined,
): { to: string; state: unknown } {
  const from = sentFromPath(state);
  if (from && from !== paths.login.path) return { to: from, state: (state as SentFrom).fromState };
  return {
    to: role === 'staff' ? paths.admin.getHref() : paths.availableCars.getHref(),
    state: undefined,
  };
}

/**
 * Why a login-required page sent the visitor here (ROUTE-1, ROUTE-9), in words for that page:
 * the console asks for a staff sign-in, every other page for a renter's. Null when nothing did.
 */
export function signInReason(state: unknown): string | null {
  const from = sentFromPath(state);
  if (!from) return null;
  return isConsolePath(from)
    ? 'Staff: sign in with your staff account to open the console.'
    : 'Sign in to see all our cars and book one.';
}
