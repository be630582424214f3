import './lib/zod-csp';
import { startTransition, StrictMode, use } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { ErrorBoundary } from './components/error-boundary';
import { hasPrerenderedPage } from './lib/first-paint';
import './styles/base.css';

const container = document.getElementById('root')!;
let pageChunkRan: Promise<unknown> | undefined;

/**
 * With a page prerendered at build time (src/web/prerender.tsx) on screen, React's first commit
 * replaces it, and that commit must show the page, not the loading skeleton that the lazy page
 * would show for a moment even when its chunk (preloaded by the HTML) is in. Rendered after
 * the routes, when React.lazy has asked for the page: suspending here, outside any Suspense
 * boundary and in a transition, holds the commit until the chunks have run and the lazy
 * import has settled (a task later).
 */
function WaitForPageChunk() {
  pageChunkRan ??= Promise.all(
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
      import(/* @vite-ignore */ link.href).catch(() => undefined),
    ),
  ).then(() => new Promise((resolve) => setTimeout(resolve)));
  use(pageChunkRan);
  return null;
}

// The session (its token) is restored synchronously from localStorage (lib/session-store.ts),
// so the first render already knows whether someone is signed in; who they are is the signed-in
// user's query (GET /api/auth/me). The first version's 5-second restore wait is moot.
// A transition: the first render yields to the browser every few milliseconds instead of
// blocking a slow phone's main thread for hundreds.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      {/* A page's failure shows in the site's layout (router.tsx); this one catches the rest. */}
      <ErrorBoundary>
        <AppProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProvider>
      </ErrorBoundary>
      {hasPrerenderedPage && <WaitForPageChunk />}
    </StrictMode>,
  );
});
