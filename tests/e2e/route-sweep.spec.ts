import { expectNoSeriousAxeViolations } from './support/a11y';
import { apiSignIn, openSignedIn } from './support/api';
import { expect, test } from './support/fixtures';
import { sweptRoutes as routes } from './support/routes';

/**
 * Every route of the route table (ROUTE-1 to ROUTE-4), on a cheap phone and a laptop (one test
 * per route, the window resized between the two): the page shows its one main heading, the
 * browser reports no error (the fixture), and axe finds nothing serious.
 */
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
