import { expect, type Page } from '@playwright/test';

/** A date `days` from today in Accra (UTC+0), as the date inputs take it. */
export function dayFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Opens a car by its shareable address and presses Rent Now; the car stays in the address. */
export async function startBooking(page: Page, carId: number) {
  await page.goto(`/car-details?id=${carId}`);
  await page.getByRole('link', { name: 'Rent Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/booking-details\\?car=${carId}$`));
  await expect(page.getByRole('heading', { name: 'Destination and Booking Dates' })).toBeVisible();
}

/** Fills step 1 and goes on to the summary. */
export async function fillTripAndProceed(
  page: Page,
  trip: { start: string; end: string; destination: string; within: boolean },
) {
  await page.getByLabel('Start date').fill(trip.start);
  await page.getByLabel('End date').fill(trip.end);
  await page.getByLabel('Destination').fill(trip.destination);
  // Within or outside the car's own branch town (PRICE-3): 'Outside Kumasi' for a Kumasi car.
  await page.getByRole('radio', { name: trip.within ? /^Within / : /^Outside / }).check();
  await page.getByRole('button', { name: 'Proceed', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Booking Summary' })).toBeVisible();
}

/** From the summary: choose a payment method in the modal and submit. */
export async function payWith(page: Page, method: 'Mobile Money' | 'Payment on Pickup') {
  await page.getByRole('button', { name: 'Proceed to payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Payment Method' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: new RegExp(`^${method}`) }).check();
  await dialog
    .getByRole('button', { name: method === 'Mobile Money' ? 'Send prompt to my phone' : 'Submit' })
    .click();
  // The window's title follows the step from here on ('Booking received', …).
  return page.getByRole('dialog');
}
