import { expectNoSeriousAxeViolations } from './support/a11y';
import { apiSignIn, openSignedIn } from './support/api';
import { expect, test } from './support/fixtures';

/**
 * Every route of the route table (ROUTE-1 to ROUTE-4), on a cheap phone and a laptop (one test
 * per route, the window resized between the two): the page shows its one main heading, the
 * browser reports no error (the fixture), and axe finds nothing serious.
 * Login-required routes are opened signed in; /login is opened signed out (a signed-in user
 * is sent away from it).
 */
const routes: {
  path: string;
  signedIn?: boolean;
  heading?: RegExp;
  /** Its cars are listed and nothing sticks out sideways on the phone (CAT-3, CAT-4). */
  carsFitPhone?: boolean;
}[] = [
  { path: '/' },
  { path: '/available-cars', signedIn: true },
  { path: '/booking-history', signedIn: true },
  // Opened without a car, as from a bookmark: the page says how to pick one.
  { path: '/booking-details', signedIn: true },
  { path: '/car-details?id=1' },
  { path: '/inventory-map-cards', carsFitPhone: true },
  { path: '/inventory-map-rows', carsFitPhone: true },
  { path: '/inventory-sidebar-rows', carsFitPhone: true },
  { path: '/inventory-sidebar-cards', carsFitPhone: true },
  { path: '/inventory-page-single-v1/1', carsFitPhone: true },
  { path: '/inventory-page-single-v2/1', carsFitPhone: true },
  { path: '/inventory-page-single-v3/1', carsFitPhone: true },
  { path: '/inventory-page-single-v5/1', carsFitPhone: true },
  { path: '/dashboard' },
  { path: '/my-listings' },
  { path: '/add-listings' },
  { path: '/favorite' },
  { path: '/saved' },
  { path: '/messages' },
  { path: '/profile', signedIn: true },
  { path: '/about', heading: /About Us/ },
  { path: '/contact', heading: /Contact Us/ },
  { path: '/faq', heading: /Frequently Asked Questions/ },
  { path: '/pricing', heading: /Membership Plans/ },
  { path: '/terms', heading: /Terms & Conditions/ },
  { path: '/invoice', heading: /Sample invoice/ },
  { path: '/team-list' },
  { path: '/team-single/1' },
  { path: '/login' },
  { path: '/forgot-password' },
  { path: '/reset-password?msisdn=0244000001' },
  { path: '/sandbox/phone' },
  { path: '/sandbox/phone?msisdn=0244000001' },
  { path: '/404', heading: /Oops! It looks like you're lost\./ },
  { path: '/no/such/page', heading: /Oops! It looks like you're lost\./ },
];

const viewports = [
  { width: 360, height: 800 },
  { width: 1366, height: 768 },
];

for (const route of routes) {
  test(`${route.path}${route.signedIn ? ' (signed in)' : ''} at 360×800, then 1366×768`, async ({
    page,
    request,
  }) => {
    if (route.signedIn) await openSignedIn(page, await apiSignIn(request));
    await page.setViewportSize(viewports[0]!);
    await page.goto(route.path);
    // A login-required page must not have bounced to /login.
    if (route.signedIn) await expect(page).not.toHaveURL(/\/login/);
    // One load, both sizes: the page follows the window (media queries and matchMedia), as
    // when a phone turns or a laptop window is resized.
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      const heading = page.getByRole('heading', {
        level: 1,
        ...(route.heading ? { name: route.heading } : {}),
      });
      await expect(heading).toBeVisible();
      await expect(heading).toHaveCount(1);
      if (route.carsFitPhone && viewport.width === 360) {
        await expect(page.getByRole('article').first()).toBeVisible();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, 'how far the page sticks out sideways').toBeLessThanOrEqual(0);
      }
      // Let lazy content (cards, images, maps) settle before axe looks at the page.
      await page.waitForLoadState('networkidle');
      await expectNoSeriousAxeViolations(page);
    }
  });
}
