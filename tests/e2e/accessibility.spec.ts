import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/a11y';
import { apiSignIn, DEMO_STAFF, openSignedIn } from './support/api';
import { DEMO_RENTER, registerPanel, signInPanel, submitSignIn } from './support/auth';
import { expect, failedRequest, test } from './support/fixtures';

const viewports = [
  { width: 360, height: 800 },
  { width: 1366, height: 768 },
];

/** Axe at both sizes, ending on the phone the test goes on with. */
async function expectNoSeriousAxeViolationsAtBothSizes(page: Page) {
  for (const viewport of [...viewports].reverse()) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeViolations(page);
  }
}

// /login with nothing on show is swept with every route (route-sweep.spec.ts).
test('/login has no serious accessibility problems with errors on show, on a phone and a laptop', async ({
  page,
}) => {
  await page.setViewportSize(viewports[0]!);
  await page.goto('/login');
  await signInPanel(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(signInPanel(page).getByText('Phone number is required')).toBeVisible();
  await expectNoSeriousAxeViolationsAtBothSizes(page);

  await page.getByRole('tab', { name: 'Register' }).click();
  await registerPanel(page).getByLabel('Full name').focus();
  await registerPanel(page).getByLabel('Full name').blur();
  await expect(registerPanel(page).getByText('Full name is required')).toBeVisible();
  await expectNoSeriousAxeViolationsAtBothSizes(page);
});

/** WCAG's contrast ratio of two computed colours (`rgb(…)` or `rgba(…)`, taken as opaque). */
function contrastRatio(one: string, other: string) {
  const luminance = (colour: string) => {
    const [r, g, b] = colour
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((part) => {
        const c = Number(part) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Whether focus is inside the element (a dialog): read in the page, as the browser has it. */
const focusIsInside = (dialog: Locator) =>
  dialog.evaluate((element) => element.contains(document.activeElement));

/** Tabs forward `count` times, then back as many, failing as soon as focus leaves `dialog`. */
async function expectTabToStayInside(page: Page, dialog: Locator, count: number) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < count; i++) {
      await page.keyboard.press(key);
      expect(await focusIsInside(dialog), `after ${i + 1} × ${key}`).toBe(true);
    }
  }
}

test.describe('dialogs and moving between pages, by keyboard', () => {
  test('the header search keeps focus inside, closes on Escape and gives focus back', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/');
    const opener = page.getByRole('banner').getByRole('button', { name: 'Search cars' });
    const dialog = page.getByRole('dialog', { name: 'Search cars' });
    // The home page is on screen before its script has started: press until it answers.
    await expect(async () => {
      await opener.focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(dialog.getByLabel('Make, model or year')).toBeFocused();
    // The field and the × are its only controls: six presses go round it three times.
    await expectTabToStayInside(page, dialog, 6);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('the phone menu keeps focus inside, closes on Escape and gives focus back', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/about');
    const opener = page.getByRole('button', { name: 'Open menu' });
    await opener.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();
    const controls = await menu.locator('a[href], button').count();
    await expectTabToStayInside(page, menu, controls + 2);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('a move to another page puts focus on its heading and says its title', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The first load leaves focus where the browser puts it.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: /FAQ/ })).toHaveText(
      await page.title(),
    );

    // A page chosen from the phone menu: the menu closes and the new heading has focus.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('in the console too, a move to another section puts focus on its heading (PAGE-23)', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await openSignedIn(page, await apiSignIn(request, DEMO_STAFF));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const sections = page.getByRole('navigation', { name: 'Console' });

    await sections.getByRole('link', { name: 'Cars', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/cars$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cars' })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: /Cars/ })).toHaveText(
      await page.title(),
    );

    // By keyboard: Enter on a section's link.
    await sections.getByRole('link', { name: 'Branches', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/branches$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Branches' })).toBeFocused();
  });

  test('changing a filter (the query string) leaves focus in the filters', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/inventory-sidebar-rows?price=0-50000');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const diesel = filters.getByRole('checkbox', { name: /^Diesel,/ });
    await diesel.focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/fuel_type=diesel/);
    await expect(page.getByText(/^Showing \d+ to \d+ of \d+ vehicles$/)).toBeVisible();
    await expect(diesel).toBeFocused();
    await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused();
  });

  test('a failed sign-in is still explained six seconds later', async ({ page, browserErrors }) => {
    browserErrors.allow(failedRequest(401));
    // The page's own clock: the six seconds pass at once, and any timer the page set to hide
    // the message within them fires.
    await page.clock.install();
    await page.goto('/login');
    await submitSignIn(page, '0244000001', 'Not@ThePassword1');
    const alert = signInPanel(page).getByRole('alert');
    await expect(alert).toHaveText('Invalid phone number or password.');
    await page.clock.runFor(6_000);
    await expect(alert).toHaveText('Invalid phone number or password.');
  });
});

test.describe('names and focus rings', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('what a control shows is part of its name (logo, avatar), by axe', async ({
    page,
    request,
  }) => {
    // The header only: a car card's link is named by the car's title, while the whole card
    // (price, specifications) is its visible content, which this axe rule counts too.
    const mismatches = async () =>
      (
        await new AxeBuilder({ page })
          .include('header')
          .withRules(['label-content-name-mismatch'])
          .analyze()
      ).violations.flatMap((v) => v.nodes.map((n) => n.html));
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'CarLink Ghana', exact: true })).toHaveCount(2);
    expect(await mismatches()).toEqual([]);

    // Signed in through the API: the sign-in form is session.spec.ts's.
    await openSignedIn(page, await apiSignIn(request));
    await page.goto('/available-cars');
    const avatar = page.getByRole('banner').getByRole('button', { name: /Account menu/ });
    await expect(avatar).toHaveAccessibleName(`Account menu for ${DEMO_RENTER.name} (AM)`);
    expect(await mismatches()).toEqual([]);
  });

  test("the console's car photos are not described twice, by axe", async ({ page, request }) => {
    await openSignedIn(page, await apiSignIn(request, DEMO_STAFF));
    await page.goto('/admin/cars/1');
    const photos = page.getByRole('list', { name: 'Photos in the order renters see them' });
    await expect(photos.getByRole('listitem').first()).toBeVisible();
    const redundant = await new AxeBuilder({ page }).withRules(['image-redundant-alt']).analyze();
    expect(redundant.violations.flatMap((v) => v.nodes.map((n) => n.html))).toEqual([]);
    // Each photo's description is its caption, read once, after the photo's number.
    await expect(photos.getByText(/^Photo 1: \S/)).toBeVisible();
  });

  test("'Browse Cars' and an inventory row show a ring of at least 3:1 when tabbed to", async ({
    page,
  }) => {
    const ringOf = (target: Locator) =>
      target.evaluate((element) => {
        const style = getComputedStyle(element);
        return { style: style.outlineStyle, width: style.outlineWidth, colour: style.outlineColor };
      });

    // No slide show: a slide moving on would hide the focused button.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const browse = page.getByRole('link', { name: 'Browse Cars' });
    // The home page is on screen before its script has replaced it: tab to it until it stays.
    await expect(async () => {
      await browse.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(browse).toBeFocused({ timeout: 1_000 });
    }).toPass();
    // The flag's gold on the hero's greens: at least 4.4:1 (styles/base.css has the sums).
    expect(await ringOf(browse)).toEqual({
      style: 'solid',
      width: '3px',
      colour: 'rgb(245, 184, 0)',
    });

    await page.goto('/inventory-sidebar-rows?price=0-50000');
    const row = page.getByRole('article').first().getByRole('link').first();
    await row.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(row).toBeFocused();
    // Dark amber on white: 6.3:1.
    expect(await ringOf(row)).toEqual({
      style: 'solid',
      width: '3px',
      colour: 'rgb(138, 83, 0)',
    });
  });
  test('a field shows the same ring when tabbed to, at least 3:1 on what is around it, in the error state too (PAGE-22)', async ({
    page,
    request,
  }) => {
    /** The field's ring, and the colour of the first box behind it that has one. */
    const ringAndSurround = (field: Locator) =>
      field.evaluate((element) => {
        const style = getComputedStyle(element);
        let surround = 'rgb(255, 255, 255)';
        for (let at = element.parentElement; at; at = at.parentElement) {
          const background = getComputedStyle(at).backgroundColor;
          if (background !== 'rgba(0, 0, 0, 0)' && background !== 'transparent') {
            surround = background;
            break;
          }
        }
        return {
          style: style.outlineStyle,
          width: parseFloat(style.outlineWidth),
          colour: style.outlineColor,
          surround,
        };
      });
    const expectRing = async (field: Locator, what: string) => {
      // By keyboard: back out of the field and Tab into it again. A page is on screen before
      // its script has replaced it: tab to the field until it stays.
      await expect(async () => {
        await field.focus();
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Tab');
        await expect(field).toBeFocused({ timeout: 1_000 });
      }).toPass();
      const ring = await ringAndSurround(field);
      expect(ring.style, what).toBe('solid');
      expect(ring.width, what).toBeGreaterThanOrEqual(2);
      expect(contrastRatio(ring.colour, ring.surround), what).toBeGreaterThanOrEqual(3);
    };

    await page.goto('/login');
    const phone = signInPanel(page).getByLabel('Phone number');
    await expectRing(phone, 'the phone number field');
    await signInPanel(page).getByRole('button', { name: 'Sign in' }).click();
    await expect(signInPanel(page).getByText('Phone number is required')).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expectRing(phone, 'the phone number field with its error');

    // A select, and a date field on the list of cars.
    await page.goto('/inventory-sidebar-rows');
    await expectRing(page.getByRole('combobox', { name: 'Sort by' }), 'the sort order');
    await openSignedIn(page, await apiSignIn(request));
    await page.goto('/available-cars');
    await expectRing(page.getByLabel('Pick-up date'), 'the pick-up date');
  });
});
