import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Route, Routes, useNavigate } from '../lib/router';
import { PageErrorBoundary } from '../components/error-boundary';
import { Layout } from '../components/layout/layout';
import { paths } from '../config/paths';
import { RedirectIfSignedIn, RequireAuth } from '../features/auth/components/require-auth';
import { setUnauthorizedHandler } from '../lib/api-client';
import { forceLogout } from '../lib/session-store';
import { queryClient } from '../lib/query-client';
import { routeManifest, type RouteEntry } from './routes-manifest';

// Every page is its own chunk: the home page downloads only what it shows (budget: 110 KiB).
// Declarative <Routes> from the site's own router (lib/router): no page uses loaders or actions
// (docs/decisions/004-web-budget.md), and React Router cost 11 KiB gzip on every page
// (docs/decisions/024-own-router.md).
const pages = new Map<RouteEntry, ComponentType>(
  routeManifest.map((entry) => [entry, lazy(entry.load)]),
);

/** A route's page behind its access rule (routes-manifest.ts). */
function routeElement(entry: RouteEntry): ReactNode {
  const Page = pages.get(entry)!;
  switch (entry.access) {
    case 'signed-in':
      return (
        <RequireAuth>
          <Page />
        </RequireAuth>
      );
    case 'signed-out':
      return (
        <RedirectIfSignedIn>
          <Page />
        </RedirectIfSignedIn>
      );
    case 'staff':
      // Outside the site's layout, so with its own (empty) fallback while its chunk loads.
      return (
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      );
    default:
      return <Page />;
  }
}

/** ROUTE-5: any 401 removes the stored token and sends the person to sign in. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler((error) => {
      forceLogout(error.message);
      queryClient.removeQueries({ queryKey: ['bookings'] });
      if (window.location.pathname !== paths.login.path)
        void navigate(paths.login.getHref(), { replace: true });
    });
  }, [navigate]);
  return null;
}

/**
 * The site's routes, from the route manifest: the staff console has its own chrome, every
 * other page sits in the site's layout. A page that fails to render, or whose chunk fails to
 * load, shows the error page in its place (the header and footer stay).
 */
export function AppRoutes() {
  const route = (entry: RouteEntry) => (
    <Route
      key={entry.path}
      path={entry.path}
      element={<PageErrorBoundary>{routeElement(entry)}</PageErrorBoundary>}
    />
  );
  return (
    <>
      <UnauthorizedRedirect />
      <Routes>
        <Route element={<Layout />}>
          {routeManifest.filter((entry) => entry.access !== 'staff').map(route)}
        </Route>
        {routeManifest.filter((entry) => entry.access === 'staff').map(route)}
      </Routes>
    </>
  );
}
