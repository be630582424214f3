import { DEMO_RENTER, submitSignIn } from './support/auth';
import { expect, test } from './support/fixtures';

test('a visitor browses the home page, opens a car, and Rent Now asks them to sign in first', async ({
  page,
}) => {
  await page.goto('/');
  const vehicles = page.getByRole('region', { name: 'Explore Our Vehicles' });
  const cars = vehicles.getByRole('article');
  await expect(cars).toHaveCount(8);

  const firstCar = cars.first().getByRole('link');
  const carName = (await cars.first().getByRole('heading').innerText()).trim();
  await firstCar.click();
  await expect(page).toHaveURL(/\/car-details\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(carName);

  await page.getByRole('link', { name: 'Rent Now' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
  // Told why.
  await expect(page.getByText('Sign in to see all our cars and book one.')).toBeVisible();

  // Signing in carries on with the same car, at step 1 of the booking.
  await submitSignIn(page, DEMO_RENTER.msisdn, DEMO_RENTER.password);
  await expect(page).toHaveURL(/\/booking-details\?car=\d+$/);
  await expect(page.getByRole('heading', { name: 'Destination and Booking Dates' })).toBeVisible();
  await expect(page.getByText(carName).first()).toBeVisible();
});

test('the header search finds real cars by title and opens the car at its own address', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search cars' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search cars' });
  await dialog.getByLabel('Make, model or year').fill('corolla');
  const first = dialog
    .getByRole('link')
    .filter({ hasText: /Corolla/ })
    .first();
  await expect(first).toBeVisible();
  const title = (await first.locator('.search-title').innerText()).trim();
  await first.click();
  // CAT-8: results link to the single-inventory page of that car.
  await expect(page).toHaveURL(/\/inventory-page-single-v1\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
