import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/a11y';
import { expect, failedRequest, test } from './support/fixtures';

/**
 * The inventory pages (CAT-3, CAT-4): the fleet filtered on the server, counts beside
 * every option, a map of pickup towns, and the single-car pages. The fleet is the demo seed,
 * which other tests may change while these run, so every expectation is read off the page
 * (or the API) first rather than typed in.
 */

/** The option counts of a filter group, from the options' accessible names ('Diesel, 15 cars'). */
async function countsIn(group: Locator): Promise<Record<string, number>> {
  const snapshot = await group.ariaSnapshot();
  const counts: Record<string, number> = {};
  for (const [, label, n] of snapshot.matchAll(/checkbox "(.+?), (\d+) cars?"/g))
    counts[label!] = Number(n);
  return counts;
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

const summary = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ vehicles$/);

async function shownTotal(page: Page): Promise<number> {
  const text = await summary(page).textContent();
  return Number(/of (\d+) vehicles/.exec(text ?? '')![1]);
}

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('ticking filters in the sidebar changes both the cars and the counts', async ({ page }) => {
    // Many round trips and an axe scan, on two shared cores.
    test.slow();
    // The whole price range, so the fleet is all there to begin with.
    await page.goto('/inventory-sidebar-rows?price=0-50000');
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicle Inventory' })).toBeVisible();
    await expect(summary(page)).toBeVisible();
    const sidebar = page.getByRole('complementary', { name: 'Filters' });
    const fuel = sidebar.getByRole('group', { name: 'Fuel Type' });
    const transmission = sidebar.getByRole('group', { name: 'Transmission' });
    const fuelBefore = await countsIn(fuel);
    const total = await shownTotal(page);
    // Every car has exactly one fuel, so the fuel counts add up to the whole list.
    expect(sum(fuelBefore)).toBe(total);
    const diesels = fuelBefore.Diesel ?? 0;
    expect(diesels).toBeGreaterThan(0);
    expect(diesels).toBeLessThan(total);

    await fuel.getByRole('checkbox', { name: /^Diesel,/ }).check();
    await expect(page).toHaveURL(/fuel_type=diesel/);
    await expect(summary(page)).toHaveText(new RegExp(`of ${diesels} vehicles$`));
    // The fuel counts ignore the fuel choice (Petrol is still worth its cars) ...
    await expect.poll(() => countsIn(fuel)).toEqual(fuelBefore);
    // ... while every other filter now counts diesel cars only.
    await expect.poll(async () => sum(await countsIn(transmission))).toBe(diesels);
    const rows = page.getByRole('article');
    await expect(rows).toHaveCount(Math.min(12, diesels));
    for (const row of await rows.all()) await expect(row).toContainText('Diesel');

    // A second filter narrows to exactly the count it showed.
    const [gearbox, gearboxCount] = Object.entries(await countsIn(transmission))
      .filter(([, n]) => n > 0)
      .sort((a, b) => a[1] - b[1])[0]!;
    await transmission.getByRole('checkbox', { name: new RegExp(`^${gearbox},`) }).check();
    await expect(summary(page)).toHaveText(new RegExp(`of ${gearboxCount} vehicles$`));

    // Removing the chips brings the whole list back.
    await page.getByRole('button', { name: `Remove filter ${gearbox}` }).click();
    await page.getByRole('button', { name: 'Remove filter Diesel' }).click();
    await expect(summary(page)).toHaveText(new RegExp(`of ${total} vehicles$`));
    await expectNoSeriousAxeViolations(page);
  });

  test("the price range is the day's price the cards show and starts with every car (CAT-9)", async ({
    page,
  }) => {
    await page.goto('/inventory-sidebar-cards');
    await expect(summary(page)).toBeVisible();
    // No filter by default: the cheapest car (GH₵ 350/Day) is listed too.
    await expect(page.getByRole('button', { name: /^Remove filter GH₵/ })).toHaveCount(0);
    const inRange = await page.getByText(/^\d+ cars? in range$/).textContent();
    expect(await shownTotal(page)).toBe(Number.parseInt(inRange!, 10));
    await expect(page.getByLabel('Lowest price a day')).toHaveValue('0');
    await expect(page.getByLabel('Highest price a day')).toHaveValue('5000');

    await page.goto('/inventory-sidebar-cards?price=0-500');
    const chip = page.getByRole('button', { name: 'Remove filter GH₵ 0 – GH₵ 500 a day' });
    await expect(chip).toBeVisible();
    await chip.click();
    await expect(page).not.toHaveURL(/price=0-500(&|$)/);
    await expect(page.getByLabel('Highest price a day')).toHaveValue('5000');
  });

  test('the map shows a pin per pickup town, and a pin chooses its town', async ({ page }) => {
    // Many round trips and an axe scan, on two shared cores.
    test.slow();
    await page.goto('/inventory-map-cards?price=0-50000');
    const map = page.getByRole('group', { name: 'Map of Ghana with the pickup towns' });
    await expect(map.getByRole('button').first()).toBeVisible();
    const pins = async () => {
      const found: Record<string, number> = {};
      for (const [, town, n] of (await map.ariaSnapshot()).matchAll(/button "(.+?): (\d+) cars?"/g))
        found[town!] = Number(n);
      return found;
    };
    const before = await pins();
    // The demo fleet stands at the three branches, in two towns: Accra and Kumasi (BRANCH-2).
    expect(Object.keys(before).length).toBeGreaterThanOrEqual(2);
    expect(sum(before)).toBe(await shownTotal(page));

    // The town with the fewest cars (but some), so the list surely changes.
    const [town, count] = Object.entries(before)
      .filter(([, n]) => n > 0)
      .sort((a, b) => a[1] - b[1])[0]!;
    const pin = map.getByRole('button', {
      name: `${town}: ${count} ${count === 1 ? 'car' : 'cars'}`,
    });
    await pin.click();
    await expect(pin).toHaveAttribute('aria-pressed', 'true');
    await expect(summary(page)).toHaveText(new RegExp(`of ${count} vehicles$`));
    await expect(page).toHaveURL(
      new RegExp(`location=${encodeURIComponent(town).replace(/%20/g, '(%20|\\+)')}`),
    );
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(Math.min(12, count));
    for (const card of await cards.all()) await expect(card).toContainText(town);
    // The other towns keep their counts: the map is how one moves between them.
    expect(await pins()).toEqual(before);

    await pin.click();
    await expect(summary(page)).toHaveText(new RegExp(`of ${sum(before)} vehicles$`));
    await expectNoSeriousAxeViolations(page);
  });

  test('each single-car layout shows the real car, and an unknown car is not found', async ({
    page,
    request,
    browserErrors,
  }) => {
    test.slow();
    const { all_cars: cars } = (await (await request.get('/api/get/cars?limit=2')).json()) as {
      all_cars: { id: number; title: string; make: string; price: number }[];
    };
    const car = cars[1]!;
    for (const version of [1, 2, 3, 5]) {
      await page.goto(`/inventory-page-single-v${version}/${car.id}`);
      await expect(page.getByRole('heading', { level: 1, name: car.title })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Rent Now' })).toBeVisible();
      await expect(
        page.getByText(`GH₵ ${car.price.toLocaleString('en-GH')}/Day`).first(),
      ).toBeVisible();
      await expect(page).toHaveTitle(`${car.title} | CarLink Ghana`);
    }

    // v2 keeps the details in tabs.
    await page.goto(`/inventory-page-single-v2/${car.id}`);
    await page.getByRole('tab', { name: 'Specifications' }).click();
    await expect(page.getByRole('heading', { name: 'Vehicle details' })).toBeVisible();
    await expect(page.getByRole('tabpanel')).toContainText(car.make);
    await expectNoSeriousAxeViolations(page);

    browserErrors.allow(failedRequest(404));
    for (const path of [
      '/inventory-page-single-v1/999999',
      '/inventory-page-single-v2/999999',
      '/inventory-page-single-v3/abc',
      '/inventory-page-single-v5/0',
    ]) {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { level: 1, name: "Oops! It looks like you're lost." }),
        path,
      ).toBeVisible();
    }
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('the filters open as a popup and say how many cars they leave', async ({ page }) => {
    await page.goto('/inventory-sidebar-cards?price=0-50000');
    await expect(summary(page)).toBeVisible();
    const total = await shownTotal(page);
    await page.getByRole('button', { name: 'Filters' }).click();
    const popup = page.getByRole('complementary', { name: 'Filters' });
    const types = popup.getByRole('group', { name: 'Type', exact: true });
    await expect(types.getByRole('checkbox').first()).toBeVisible();
    const counts = await countsIn(types);
    expect(sum(counts)).toBe(total);

    const suvs = counts.SUV!;
    await types.getByRole('checkbox', { name: /^SUV,/ }).check();
    await popup.getByRole('button', { name: `Show ${suvs} vehicles` }).click();
    await expect(popup).toBeHidden();
    await expect(summary(page)).toHaveText(new RegExp(`of ${suvs} vehicles$`));
    await expectNoSeriousAxeViolations(page);
  });

  // That no inventory page sticks out sideways on a phone is checked by route-sweep.spec.ts.

  test('the mobile menu’s inventory links open a single-car page of that make', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const audi = menu.getByRole('link', { name: 'Audi', exact: true });
    // Until the fleet has loaded the link goes to the inventory filtered by make; then to a car.
    await expect(audi).toHaveAttribute('href', /^\/inventory-page-single-v1\/\d+$/);
    await audi.click();
    await expect(page).toHaveURL(/\/inventory-page-single-v1\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: /Audi/ })).toBeVisible();
  });
});
