/**
 * What the server sent with a page's first paint (src/server/plugins/web-static.ts), read once
 * at start-up, before React replaces that markup: whether there is prerendered markup at all,
 * and on /car-details?id= the car it was rendered with (JSON), so that React's first render
 * shows the same car instead of a loading state in its place (routes/car-details.tsx).
 * Nothing when rendering on the server (src/web/prerender.tsx), where there is no document.
 */
const firstPaint =
  typeof document === 'undefined'
    ? null
    : (document.getElementById('root')?.firstElementChild ?? null);

/**
 * True while the page is rendered on the server (build time or a car's page): there is no
 * browser storage there, so what depends on it (the wishlist's count) is left blank.
 */
export const renderingOnServer = typeof document === 'undefined';

export const hasPrerenderedPage = firstPaint?.hasAttribute('inert') ?? false;

export const serverCarJson = firstPaint?.getAttribute('data-car') ?? null;
