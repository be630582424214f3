import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { StaticRouter } from './lib/router';
import type { Car } from '../shared/schemas/cars';
import { routeAssets as routeAssetsOf, routePages, type ViteManifest } from './app/route-assets';
import { AppRoutes } from './app/router';
import { routeManifest } from './app/routes-manifest';
import { paths } from './config/paths';
import { carKeys } from './lib/car-list';
import { TEAM } from './features/team/team-members';

/**
 * The first paint of the pages that look the same for everyone, rendered at build time into
 * their HTML (scripts/build-web.mjs, served by src/server/plugins/web-static.ts), so a phone
 * paints the page before the JavaScript has arrived. Not hydrated: main.tsx renders as
 * always and React replaces this markup with the same picture, so signed-in headers, dates
 * or the URL's query string can never make a mismatch.
 *
 * Keys are the pathnames that get the markup ('*': any URL no route matches); values the URL
 * rendered. Left out: pages behind sign-in (a visitor is sent to /login) and pages whose
 * first paint depends on this browser's storage (cart, wishlist) or on the query string; but
 * /car-details?id= of a car in the fleet is rendered by the server (prerenderCarDetails).
 */
export const prerenderedPages: Record<string, string> = {
  [paths.home.path]: paths.home.getHref(),
  [paths.login.path]: paths.login.getHref(),
  [paths.forgotPassword.path]: paths.forgotPassword.getHref(),
  // Any id: with no data yet the page shows its loading state, whichever car it is.
  [paths.carDetails.path]: paths.carDetails.getHref(1),
  [paths.about.path]: paths.about.getHref(),
  [paths.faq.path]: paths.faq.getHref(),
  [paths.contact.path]: paths.contact.getHref(),
  [paths.pricing.path]: paths.pricing.getHref(),
  [paths.terms.path]: paths.terms.getHref(),
  [paths.teamList.path]: paths.teamList.getHref(),
  // Each person's page (an unknown id shows the first person: it gets the plain shell).
  ...Object.fromEntries(
    TEAM.map((member) => [
      paths.teamSingle.getHref(member.id),
      paths.teamSingle.getHref(member.id),
    ]),
  ),
  // Only its frame and blank tiles: whose figures they are is known in the browser (AREA-1).
  [paths.dashboard.path]: paths.dashboard.getHref(),
  [paths.notFound.path]: paths.notFound.getHref(),
  '*': paths.notFound.getHref(),
};

/**
 * Renders a URL as a signed-out visitor with nothing fetched yet sees it: queries stay
 * pending, so data shows as its loading skeletons. `prerender` waits for the lazy page chunks.
 * `seed` puts data in the cache first: those queries render as loaded.
 */
export async function prerenderPage(
  url: string,
  seed?: (queryClient: QueryClient) => void,
): Promise<string> {
  const queryClient = new QueryClient();
  seed?.(queryClient);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <QueryClientProvider client={queryClient}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </QueryClientProvider>,
    {
      // React would render the nearest Suspense fallback instead and carry on: the build must fail.
      onError: (error) => void errors.push(error),
      // Every boundary inline: a large one would otherwise come as a fallback plus an inline
      // script that swaps it in, and the CSP allows no inline script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length > 0) throw new AggregateError(errors, `prerendering ${url} failed`);
  return new Response(prelude).text();
}

/**
 * A car's page with its car, rendered by the server when that URL is asked for
 * (src/server/plugins/web-static.ts): /car-details?id= and the inventory single-car pages
 * (/inventory-page-single-v1/{id}, v2, v3, v5). The car's photo and heading come with the HTML
 * instead of after the scripts, the car's data and then the photo. Its availability stays a
 * skeleton, and Save shows unsaved (the wishlist is in the browser). The server sends the car
 * along (src/web/lib/first-paint.ts), so React's first render is this same page.
 */
export function prerenderCarPage(url: string, car: Car): Promise<string> {
  return prerenderPage(url, (queryClient) => queryClient.setQueryData(carKeys.detail(car.id), car));
}

/**
 * Each route's pattern with the chunks its page needs, from the route manifest and the client
 * build's manifest: written by scripts/build-web.mjs to .vite/routes.json for the server,
 * which preloads them in the HTML of a URL the pattern matches.
 */
export async function routeAssets(manifest: ViteManifest) {
  return routeAssetsOf(await routePages(routeManifest), manifest);
}
