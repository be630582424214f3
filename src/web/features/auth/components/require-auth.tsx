import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from '../../../lib/router';
import { paths } from '../../../config/paths';
import { isSessionValid, useSession } from '../../../lib/session-store';

/**
 * ROUTE-1: a login-required route sends a visitor with no signed-in user to /login. Where
 * they were going travels along, so signing in can bring them back (car and all).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!isSessionValid(session)) {
    return (
      <Navigate
        to={paths.login.getHref()}
        replace
        state={{ from: location.pathname + location.search, fromState: location.state }}
      />
    );
  }
  return children;
}

/**
 * ROUTE-2: a signed-in user on /login goes to '/'. Only someone who *arrives* signed in: a
 * person who has just signed in here is sent on by the form itself (to where they came from).
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const [arrivedSignedIn] = useState(() => isSessionValid(session));
  if (arrivedSignedIn) return <Navigate to={paths.home.getHref()} replace />;
  return children;
}
