import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/a11y';
import { apiCreateBooking, apiSignUp, signUpThroughApi } from './support/api';
import { signIn } from './support/auth';
import { dayFromToday } from './support/booking';
import { expect, test } from './support/fixtures';

// The account area is the renter's own (AREA-1 to AREA-9).

const SHOTS = process.env.E2E_SHOTS_DIR;
/** Screens at a phone's and a laptop's width, for a person to look at (not compared). */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [
    [360, 800],
    [1366, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

test('a car saved before signing in, and one saved after, are on the renter’s other browser', async ({
  page,
  browser,
}) => {
  const { renter } = await apiSignUp(page.request, { name: 'Esi Mensah' });

  // A visitor saves a car: it is kept in this browser (PAGE-15).
  await page.goto('/car-details?id=3');
  await saveButton(page).click();
  await expect(saveButton(page)).toHaveAttribute('aria-pressed', 'true');

  // Signing in merges it into the account (AREA-7); a car saved now goes there at once.
  await signIn(page, renter);
  await page.goto('/car-details?id=5');
  await saveButton(page).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Saved to your favorites' }),
  ).toBeVisible();

  // Another device: nothing in its browser, the same favourites once signed in (AREA-5).
  const other = await browser.newContext();
  const phone = await other.newPage();
  await signIn(phone, renter);
  await phone.goto('/favorite');
  await expect(phone.getByText('Showing 1 to 2 of 2 saved cars')).toBeVisible();
  const cards = phone.getByRole('article');
  await expect(cards.nth(0).getByRole('link')).toHaveAccessibleName(
    '2020 Nissan Navara Double Cab',
  );
  await expect(cards.nth(1).getByRole('link')).toHaveAccessibleName('2021 Kia Picanto');
  await expectNoSeriousAxeViolations(phone);
  await shoot(phone, 'favourites');

  // Removed there, it is gone here at the next page load.
  await phone.getByRole('button', { name: 'Remove 2021 Kia Picanto' }).click();
  await expect(phone.getByText('Showing 1 to 1 of 1 saved car')).toBeVisible();
  await other.close();
  await page.goto('/car-details?id=3');
  await expect(saveButton(page)).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/car-details?id=5');
  await expect(saveButton(page)).toHaveAttribute('aria-pressed', 'true');

  // Signing out takes the account's favourites out of this browser.
  await page.getByRole('button', { name: /^Account menu for Esi Mensah/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto('/car-details?id=5');
  await expect(saveButton(page)).toHaveAttribute('aria-pressed', 'false');
});

test('the dashboard shows the next trip with what to bring, what is owed and how to pay it', async ({
  page,
}) => {
  const { session } = await signUpThroughApi(page, { name: 'Kwabena Owusu' });
  const booking = await apiCreateBooking(page.request, session, {
    car_id: 3,
    start_date: dayFromToday(6),
    end_date: dayFromToday(8),
  });

  // The account menu leads to the dashboard and the bookings (AREA-9).
  await page.goto('/');
  await page.getByRole('button', { name: /^Account menu for Kwabena Owusu/ }).click();
  const accountMenu = page.getByRole('banner');
  await expect(accountMenu.getByRole('link', { name: 'My bookings' })).toBeVisible();
  await accountMenu.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await expect(page.getByText('Sample content.')).toBeHidden();
  const tiles = page.getByRole('list').filter({ hasText: 'My bookings' }).first();
  // The dashboard's four tiles, each with the renter's own figure (AREA-1).
  await expect(tiles.getByRole('listitem')).toHaveCount(4);
  await expect(tiles.getByRole('listitem').nth(0)).toContainText('Trips1');
  await expect(tiles.getByRole('listitem').nth(1)).toContainText('Total Saved Search0');
  await expect(tiles.getByRole('listitem').nth(2)).toContainText('Messages0');
  await expect(tiles.getByRole('listitem').nth(3)).toContainText('My Favorites0');
  await expect(page.getByRole('heading', { name: 'Car Page Views' })).toHaveCount(0);

  const trip = page.getByRole('region', { name: 'Your next trip' });
  await expect(trip).toContainText('2021 Kia Picanto');
  await expect(trip).toContainText(/Pickup in (5|6) days/);
  await expect(trip).toContainText('Your Ghana CardNot uploaded');
  await expect(trip).toContainText('Your Driving licenceNot uploaded');

  const owed = page.getByRole('region', { name: 'What you owe' });
  const total = `GH₵ ${booking.total_cost.toLocaleString('en-GH', { minimumFractionDigits: 2 })}`;
  await expect(owed).toContainText(total);

  // The menu offers the partner programme, not owner tools, to a renter.
  const menu = page.getByRole('navigation', { name: 'Account' });
  await expect(menu.getByRole('link', { name: 'Earn with your car' })).toHaveAttribute(
    'href',
    '/pricing',
  );
  await expect(menu.getByRole('link', { name: 'My Listings' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Add Listings' })).toHaveCount(0);

  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'dashboard');

  await owed.getByRole('link', { name: `Pay now for booking ${booking.booking_code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/booking-history/${booking.booking_code}$`));
  await expect(page.getByRole('button', { name: 'Pay now by mobile money' })).toBeVisible();
});

test('a visitor’s dashboard asks them to sign in, with no sample figures', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Sign in to see your trips' })).toBeVisible();
  await expect(page.getByText('Sample content.')).toBeHidden();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'dashboard-visitor');
});
