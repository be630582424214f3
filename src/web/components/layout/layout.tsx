import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from '../../lib/router';
import { checkSession } from '../../lib/session-store';
import { CarSkeletons } from '../car-skeletons';
import { BackToTop } from './back-to-top';
import { FlashNotice } from './flash-notice';
import { Footer } from './footer';
import { Header } from './header';
import { RouteFocus } from './route-focus';
import { UiStateProvider, useUiState } from './ui-state';
import './layout.css';

const SESSION_CHECK_INTERVAL_MS = 30_000;

/** ROUTE-6: every route change scrolls to the top and closes the filter popup. */
function RouteChangeEffects() {
  const { pathname } = useLocation();
  const { setFiltersOpen } = useUiState();
  useEffect(() => {
    window.scrollTo(0, 0);
    setFiltersOpen(false);
    checkSession();
  }, [pathname, setFiltersOpen]);
  useEffect(() => {
    const timer = window.setInterval(() => checkSession(), SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
  return null;
}

export function Layout() {
  return (
    <UiStateProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <RouteChangeEffects />
      <RouteFocus />
      <Header />
      <main id="main" tabIndex={-1}>
        <FlashNotice />
        <Suspense
          fallback={
            <div className="container page">
              <CarSkeletons />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <BackToTop />
    </UiStateProvider>
  );
}
