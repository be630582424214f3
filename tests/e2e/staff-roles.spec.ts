import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/a11y';
import { dayFromToday } from './support/booking';
import { expect, failedRequest, test } from './support/fixtures';
import { submitStaffSignIn } from './support/staff-sign-in';

/** The seed's counter agent at the Kumasi office (README, STAFF-44). */
const AGENT = { msisdn: '0244000003', password: 'Staff@1234' } as const;
/** The demo renter, who books by phone here. */
const RENTER_NUMBER = '0244000001';

/** Screenshots for people to look at (never committed), only when SHOTS_DIR names a folder. */
async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width}.png` });
}

test('a Kumasi counter agent sees only what an agent may do, and books a Kumasi car by phone (ROLE-3 to ROLE-8)', async ({
  page,
  browserErrors,
}) => {
  test.setTimeout(120_000);
  // The prices page does not exist for an agent: its data would be refused.
  browserErrors.allow(failedRequest(404));
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/login');
  await submitStaffSignIn(page, AGENT, browserErrors);
  await expect(page).toHaveURL(/\/admin$/);

  // The menu: the counter's sections, none of the owner's or the managers'.
  const menu = page.getByRole('navigation', { name: 'Console' });
  for (const section of ['Dashboard', 'Cars', 'Bookings', 'Customers', 'Documents'])
    await expect(menu.getByRole('link', { name: section, exact: true })).toBeVisible();
  for (const section of ['Prices', 'Taxes', 'Reviews', 'SMS log', 'Staff', 'Audit trail'])
    await expect(menu.getByRole('link', { name: section, exact: true })).toHaveCount(0);
  // The day's work, without the company's money (ROLE-7).
  await expect(page.getByRole('heading', { name: "Today's pickups" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Revenue' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'agent-dashboard');

  // Typed in by hand, the prices page is not there.
  await page.goto('/admin/prices');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    "Oops! It looks like you're lost.",
  );

  // Cars: Kumasi's only, shown but not editable.
  await page.goto('/admin/cars');
  await expect(page.getByRole('link', { name: 'Add a car' })).toHaveCount(0);
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  await expect(page.getByRole('table')).not.toContainText('East Legon office');
  await expect(page.getByRole('table')).toContainText('Kumasi office');
  await rows.nth(1).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'The car' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retire car' })).toHaveCount(0);
  await shoot(page, 'agent-car');

  // A phone booking for the demo renter, of a Kumasi car: the only cars offered.
  await page.goto('/admin/bookings/new');
  await page.getByLabel('Phone number').fill(RENTER_NUMBER);
  const car = page.getByLabel('Car', { exact: true });
  await expect(car.locator('option').nth(1)).toBeAttached();
  const offered = await car.locator('option').allInnerTexts();
  expect(offered.slice(1).every((label) => label.endsWith('Kumasi office'))).toBe(true);
  await car.selectOption({ index: 1 });
  await page.getByLabel('Start date').fill(dayFromToday(80));
  await page.getByLabel('End date').fill(dayFromToday(81));
  await page.getByLabel('Destination', { exact: true }).fill('Ejisu');
  await page.getByLabel('Within Kumasi').check();
  await page.getByLabel('Pay on pickup (cash at the counter)').check();
  await page.getByRole('button', { name: 'Create booking' }).click();
  await expect(page).toHaveURL(/\/admin\/bookings\/CL-[2-9A-Z]{6}$/);
  await expect(page.getByText('Booking made')).toBeVisible();

  // On a phone, the same console, as narrow as the counter's phone.
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'agent-booking');
});
