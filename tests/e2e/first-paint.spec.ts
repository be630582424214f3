import { expect, test } from './support/fixtures';

/**
 * The pages a visitor lands on are painted from their HTML alone: their styles are in it and
 * the app's scripts are asked for only once the page is on screen (docs/decisions/004, Addendum
 * 3). The strict CSP allows exactly that inline script and those styles (the fixture fails a
 * test on any violation).
 */
const landingPages = [
  '/',
  '/car-details?id=1',
  '/login',
  '/team-list',
  '/team-single/2',
  '/dashboard',
  // Rendered by the server with its car, as /car-details?id= is.
  '/inventory-page-single-v1/3',
];

for (const path of landingPages) {
  test(`${path} is painted before any script or stylesheet is fetched, then the app takes over`, async ({
    page,
  }) => {
    await page.goto(path);
    // The app has replaced the inert first paint.
    await expect(page.locator('#root > [inert]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const files = (extension: string) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith(extension));
      const scripts = files('.js');
      return {
        painted: paint?.startTime ?? null,
        firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
        scripts: scripts.length,
        // The page's styles are in its HTML. A part loaded later (a single-car page's pickup
        // map) brings its own stylesheet, after the paint.
        firstStylesheet: Math.min(...files('.css').map((entry) => entry.startTime)),
      };
    });
    expect(timing.painted).not.toBeNull();
    expect(timing.scripts).toBeGreaterThan(0);
    expect(timing.firstScript).toBeGreaterThan(timing.painted!);
    expect(timing.firstStylesheet).toBeGreaterThan(timing.painted!);
  });
}

test('without JavaScript the pages are whole and styled, and ask for nothing they cannot use', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  for (const path of landingPages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Styled: the header is laid out as the stylesheet says (sticky), not as a plain block.
    expect(
      await page.getByRole('banner').evaluate((header) => getComputedStyle(header).position),
    ).toBe('sticky');
  }
  expect(fetched.filter((url) => /\.(css|js)$/.test(url))).toEqual([]);
  await context.close();
});
