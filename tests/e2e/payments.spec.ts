import type { Page } from '@playwright/test';
import { signUp } from './support/auth';
import { dayFromToday, fillTripAndProceed, startBooking } from './support/booking';
import { expect, test } from './support/fixtures';

/** From the summary: mobile money on a network, with the wallet the form suggests. */
async function payByMobileMoney(
  page: Page,
  network: 'MTN MoMo' | 'Telecel Cash' | 'AirtelTigo Money',
) {
  await page.getByRole('button', { name: 'Proceed to payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Payment Method' });
  await dialog.getByRole('radio', { name: /^Mobile Money/ }).check();
  await dialog.getByRole('radio', { name: network, exact: true }).check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(
    dialog.getByRole('heading', { name: 'Approve the payment on your phone' }),
  ).toBeVisible();
  return dialog;
}

/** The sandbox's stand-in for the phone prompt opens in a new tab, as a phone would be apart. */
async function openPhonePrompt(page: Page, dialog: ReturnType<Page['getByRole']>) {
  const [phone] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('link', { name: 'Open the test phone prompt' }).click(),
  ]);
  await expect(phone.getByRole('heading', { name: 'Approve payment?' })).toBeVisible();
  return phone;
}

test('mobile money approved on the phone: Booking Successful, and the history says confirmed and paid', async ({
  page,
}) => {
  const renter = await signUp(page, { name: 'Kwame Asante' });
  await startBooking(page, 9);
  await fillTripAndProceed(page, {
    start: dayFromToday(12),
    end: dayFromToday(14),
    destination: 'Cape Coast',
    within: false,
  });

  const dialog = await payByMobileMoney(page, 'MTN MoMo');
  // The wallet defaults to the account's own number, and nothing claims success yet.
  await expect(
    dialog.getByText(new RegExp(`MTN MoMo \\+233 ${renter.msisdn.slice(1, 3)}`)),
  ).toBeVisible();
  await expect(dialog.getByRole('timer', { name: 'Time left to approve' })).toHaveText(
    /^1[45]:\d\d$/,
  );
  await expect(dialog.getByRole('heading', { name: 'Booking Successful!' })).toHaveCount(0);

  const phone = await openPhonePrompt(page, dialog);
  await expect(phone.getByText('MTN MoMo')).toBeVisible();
  const reference = decodeURIComponent(new URL(phone.url()).pathname.split('/').pop()!);
  await phone.getByRole('button', { name: 'Approve' }).click();
  await expect(phone.getByText('Payment approved.')).toBeVisible();
  await phone.close();

  // The modal learns it from the server's verification, by polling.
  await expect(dialog.getByRole('heading', { name: 'Booking Successful!' })).toBeVisible({
    timeout: 10_000,
  });
  const code = (await dialog.getByText(/^CL-[A-Z0-9]{6}$/).innerText()).trim();
  await dialog.getByRole('link', { name: 'View Bookings' }).click();
  const card = page.getByRole('article').filter({ hasText: code });
  await expect(card.getByText('confirmed', { exact: true })).toBeVisible();
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();

  // A paid booking has a printable receipt.
  await card.getByRole('link', { name: new RegExp(code) }).click();
  await expect(page.getByRole('link', { name: 'View and print receipt' })).toHaveAttribute(
    'href',
    `/invoice?code=${code}`,
  );

  // The page Paystack returns renters to verifies on the server and shows the same outcome.
  await page.goto(`/payment/callback?trxref=${reference}&reference=${reference}`);
  await expect(page.getByRole('heading', { name: 'Booking Successful!' })).toBeVisible();
  await expect(page.getByText(code)).toBeVisible();
});

test('mobile money declined on the phone: Booking Failed with the reason, and the dates are free again', async ({
  page,
}) => {
  await signUp(page, { name: 'Abena Owusu' });
  await startBooking(page, 10);
  const trip = { start: dayFromToday(16), end: dayFromToday(17), destination: 'Ho', within: false };
  await fillTripAndProceed(page, trip);

  const dialog = await payByMobileMoney(page, 'Telecel Cash');
  const phone = await openPhonePrompt(page, dialog);
  await phone.getByRole('button', { name: 'Decline' }).click();
  await expect(phone.getByText('Declined by the customer')).toBeVisible();
  await phone.close();

  await expect(dialog.getByRole('heading', { name: 'Booking Failed' })).toBeVisible({
    timeout: 10_000,
  });
  await expect(dialog.getByText('Declined by the customer')).toBeVisible();

  // The same dates can be booked at once: the decline released them.
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await dialog.getByRole('radio', { name: /^Payment on Pickup/ }).check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('heading', { name: 'Booking Successful!' })).toBeVisible();
});

test.describe('a hold that runs out', () => {
  const shortHoldUrl = process.env.E2E_SHORT_HOLD_URL;
  test.skip(!shortHoldUrl, 'needs the short-hold server that playwright.config.ts starts');
  test.use({ baseURL: shortHoldUrl });

  test('without approval, the hold ends in Booking Failed and the dates are released', async ({
    page,
  }) => {
    await signUp(page, { name: 'Yaw Darko' });
    await startBooking(page, 11);
    await fillTripAndProceed(page, {
      start: dayFromToday(8),
      end: dayFromToday(9),
      destination: 'Tema',
      within: true,
    });
    const dialog = await payByMobileMoney(page, 'AirtelTigo Money');

    // This server holds for 8 seconds instead of 15 minutes (playwright.config.ts).
    await expect(dialog.getByRole('heading', { name: 'Booking Failed' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(
      dialog.getByText('The time to approve the payment ran out, so the dates were released.'),
    ).toBeVisible();

    await page.goto('/booking-history');
    await expect(
      page.getByRole('article').first().getByText('cancelled', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('article').first().getByText('Not charged')).toBeVisible();
  });
});
