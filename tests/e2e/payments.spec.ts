import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { signUpThroughApi } from './support/api';
import { dayFromToday, fillTripAndProceed, startBooking } from './support/booking';
import { expect, test } from './support/fixtures';

type Network = 'MTN MoMo' | 'Telecel Cash' | 'AirtelTigo Money';

/** Screenshots of each step of the window, when SHOTS_DIR is set (e.g. /tmp/paystack-shots). */
const shotsDir = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png` });
}

/**
 * From the summary: mobile money from a wallet number (the network is guessed from it, and
 * chosen explicitly when given), then 'Send prompt to my phone'.
 */
async function sendPrompt(page: Page, options: { wallet?: string; network?: Network } = {}) {
  await page.getByRole('button', { name: 'Proceed to payment' }).click();
  const choice = page.getByRole('dialog', { name: 'Select Payment Method' });
  await choice.getByRole('radio', { name: /^Mobile Money/ }).check();
  if (options.wallet) await choice.getByLabel('Mobile money number').fill(options.wallet);
  if (options.network)
    await choice.getByRole('radio', { name: options.network, exact: true }).check();
  await choice.getByRole('button', { name: 'Send prompt to my phone' }).click();
  // From here the window's title names the step.
  return page.getByRole('dialog');
}

/**
 * A trip's day, `days` from today. A retry books later dates: the failed try's payment hold
 * (15 minutes) still keeps its own dates, and the retry would find the car booked.
 */
function tripDay(days: number) {
  return dayFromToday(days + test.info().retry * 60);
}

/** The sandbox's stand-in for the phone opens in a new tab, as a phone would be apart. */
async function openPhone(page: Page, dialog: Locator, heading: string) {
  const [phone] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('link', { name: 'Open the test phone' }).click(),
  ]);
  await phone.setViewportSize({ width: 360, height: 800 });
  // A new tab starts the app cold (its scripts, the lazy route, then the prompts): on a loaded
  // 2-core machine that took longer than one step's 7 s in a CI run.
  await expect(phone.getByRole('heading', { name: heading })).toBeVisible({ timeout: 20_000 });
  return phone;
}

test('mobile money approved on the phone: Booking Successful, and the history says confirmed and paid', async ({
  page,
}) => {
  const { renter } = await signUpThroughApi(page, { name: 'Kwame Asante' });
  await startBooking(page, 9);
  await fillTripAndProceed(page, {
    start: tripDay(12),
    end: tripDay(14),
    destination: 'Cape Coast',
    within: false,
  });

  const dialog = await sendPrompt(page, { network: 'MTN MoMo' });
  await expect(page.getByRole('dialog', { name: 'Approve on your phone' })).toBeVisible();
  await expect(
    dialog.getByRole('heading', { name: 'Approve the payment on your phone' }),
  ).toBeVisible();
  // The wallet defaults to the account's own number, and nothing claims success yet.
  await expect(
    dialog.getByText(new RegExp(`MTN MoMo \\+233 ${renter.msisdn.slice(1, 3)}`)),
  ).toBeVisible();
  await expect(dialog.getByRole('timer', { name: 'Time left to approve' })).toHaveText(
    /^1[45]:\d\d$/,
  );
  await expect(dialog.getByRole('heading', { name: 'Booking Successful!' })).toHaveCount(0);

  const phone = await openPhone(page, dialog, 'Approve payment?');
  await expect(phone.getByText('MTN MoMo')).toBeVisible();
  const reference = decodeURIComponent(new URL(phone.url()).pathname.split('/').pop()!);
  await phone.getByRole('button', { name: 'Approve' }).click();
  await expect(phone.getByText('Payment approved.')).toBeVisible();
  await phone.close();

  // The window learns it from the server's verification, by polling.
  await expect(dialog.getByRole('heading', { name: 'Booking Successful!' })).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByRole('dialog', { name: 'Payment received' })).toBeVisible();
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

  // The card checkout's return page verifies on the server and shows the same outcome.
  await page.goto(`/payment/callback?trxref=${reference}&reference=${reference}`);
  await expect(page.getByRole('heading', { name: 'Booking Successful!' })).toBeVisible();
  await expect(page.getByText(code)).toBeVisible();
});

test('mobile money declined on the phone: nothing was charged, and the dates are free again', async ({
  page,
}) => {
  await signUpThroughApi(page, { name: 'Abena Owusu' });
  await startBooking(page, 10);
  const trip = { start: tripDay(16), end: tripDay(17), destination: 'Ho', within: false };
  await fillTripAndProceed(page, trip);

  const dialog = await sendPrompt(page, { network: 'AirtelTigo Money' });
  const phone = await openPhone(page, dialog, 'Approve payment?');
  await phone.getByRole('button', { name: 'Decline' }).click();
  await expect(phone.getByText('Declined by the customer. Nothing was charged.')).toBeVisible();
  await phone.close();

  await expect(page.getByRole('dialog', { name: 'Payment not completed' })).toBeVisible({
    timeout: 10_000,
  });
  await expect(dialog.getByText('Declined by the customer. Nothing was charged.')).toBeVisible();

  // The same dates can be booked at once: the decline released them.
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await dialog.getByRole('radio', { name: /^Payment on Pickup/ }).check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('heading', { name: 'Booking Successful!' })).toBeVisible();
  await expect(dialog.getByText('Pay at pickup')).toBeVisible();
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('Telecel Cash: the network is guessed from the number, the voucher is typed in the window, then approved', async ({
    page,
  }) => {
    await signUpThroughApi(page, { name: 'Efua Mensah' });
    await startBooking(page, 12);
    await fillTripAndProceed(page, {
      start: tripDay(20),
      end: tripDay(21),
      destination: 'Accra',
      within: true,
    });
    await page.getByRole('button', { name: 'Proceed to payment' }).click();
    const choice = page.getByRole('dialog', { name: 'Select Payment Method' });
    await shot(page, '01-choice');
    await choice.getByRole('radio', { name: /^Mobile Money/ }).check();
    // A relative's Telecel wallet: the network follows the number.
    await choice.getByLabel('Mobile money number').fill('020 555 0123');
    await expect(choice.getByRole('radio', { name: 'Telecel Cash', exact: true })).toBeChecked();
    await expect(choice.getByText(/Chosen from the number/)).toBeVisible();
    await shot(page, '02-mobile-money-fields');
    await choice.getByRole('button', { name: 'Send prompt to my phone' }).click();

    const dialog = page.getByRole('dialog', { name: 'Enter your voucher' });
    await expect(
      dialog.getByRole('heading', { name: 'Enter your Telecel Cash voucher' }),
    ).toBeVisible();
    await expect(dialog.getByRole('timer', { name: 'Time left to approve' })).toBeVisible();
    await shot(page, '03-voucher-step');

    const phone = await openPhone(page, dialog, 'Generate a voucher');
    await phone.getByRole('button', { name: 'Generate voucher' }).click();
    const voucher = (await phone.locator('.phone-voucher-code strong').innerText()).trim();
    expect(voucher).toMatch(/^\d{6}$/);
    await shot(phone, '04-sandbox-phone-voucher');

    await dialog.getByLabel('Voucher code').fill(voucher);
    await dialog.getByRole('button', { name: 'Send voucher' }).click();
    const approving = page.getByRole('dialog', { name: 'Approve on your phone' });
    await expect(
      approving.getByRole('heading', { name: 'Approve the payment on your phone' }),
    ).toBeVisible();
    await shot(page, '05-approve-step');

    await expect(phone.getByRole('heading', { name: 'Approve payment?' })).toBeVisible({
      timeout: 10_000,
    });
    await shot(phone, '06-sandbox-phone-approve');
    await phone.getByRole('button', { name: 'Approve' }).click();
    await expect(phone.getByText('Payment approved.')).toBeVisible();
    await phone.close();

    const paid = page.getByRole('dialog', { name: 'Payment received' });
    await expect(paid.getByRole('heading', { name: 'Booking Successful!' })).toBeVisible({
      timeout: 10_000,
    });
    await shot(page, '07-paid');
  });

  test('screenshots of a decline and of pay on pickup', async ({ page }) => {
    test.skip(!shotsDir, 'only when SHOTS_DIR is set');
    await signUpThroughApi(page, { name: 'Kojo Addo' });
    await startBooking(page, 13);
    await fillTripAndProceed(page, {
      start: tripDay(24),
      end: tripDay(25),
      destination: 'Accra',
      within: true,
    });
    const dialog = await sendPrompt(page, { wallet: '0244123456' });
    const phone = await openPhone(page, dialog, 'Approve payment?');
    await phone.getByRole('button', { name: 'Decline' }).click();
    await phone.close();
    await expect(page.getByRole('dialog', { name: 'Payment not completed' })).toBeVisible({
      timeout: 10_000,
    });
    await shot(page, '08-declined');
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await dialog.getByRole('radio', { name: /^Payment on Pickup/ }).check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('dialog', { name: 'Booking received' })).toBeVisible();
    await shot(page, '09-pay-on-pickup');
  });
});

test.describe('a hold that runs out', () => {
  const shortHoldUrl = process.env.E2E_SHORT_HOLD_URL;
  test.skip(!shortHoldUrl, 'needs the short-hold server that playwright.config.ts starts');
  test.use({ baseURL: shortHoldUrl });

  test('without approval, the hold ends in Booking Failed and the dates are released', async ({
    page,
  }) => {
    await signUpThroughApi(page, { name: 'Yaw Darko' });
    await startBooking(page, 11);
    await fillTripAndProceed(page, {
      start: tripDay(8),
      end: tripDay(9),
      destination: 'Tema',
      within: true,
    });
    const dialog = await sendPrompt(page, { network: 'AirtelTigo Money' });

    // This server holds for 5 seconds instead of 15 minutes (playwright.config.ts).
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
