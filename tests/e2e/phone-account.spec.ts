import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/a11y';
import { apiSignIn, openSignedIn, signUpThroughApi } from './support/api';
import {
  enterCodeFromSandboxPhone,
  readSandboxCode,
  registerPanel,
  submitSignIn,
  uniquePhoneNumber,
  type Renter,
} from './support/auth';
import { dayFromToday, fillTripAndProceed, startBooking } from './support/booking';
import { expect, failedRequest, test } from './support/fixtures';
import { recoveryRenter } from './support/global-setup';

/**
 * Accounts that belong to a real phone, in the browser (ACCT-10, ACCT-12..14, RUN-12): the
 * code after registering, the sandbox phone, the code in the booking flow, password recovery,
 * a change of password and 'Log out everywhere'.
 */

/** '0551234567' as the site shows it: '+233 55 123 4567'. */
const formatted = (msisdn: string) =>
  `+233 ${msisdn.slice(1, 3)} ${msisdn.slice(3, 6)} ${msisdn.slice(6)}`;

/** Another browser (its own storage) signed in as the renter, open on their bookings. */
async function signedInElsewhere(browser: Browser, renter: Pick<Renter, 'msisdn' | 'password'>) {
  const context = await browser.newContext();
  const other = await context.newPage();
  await openSignedIn(other, await apiSignIn(context.request, renter));
  await other.goto('/booking-history');
  await expect(other.getByRole('heading', { level: 1, name: /Booking History/i })).toBeVisible();
  return other;
}

/** That browser's next request finds its session ended: it is sent to sign in (ROUTE-5). */
async function expectSignedOutOnNextRequest(other: Page) {
  await other.goto('/profile');
  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByText('Please sign in to continue.')).toBeVisible();
  await other.context().close();
}

test('a new renter registers, reads the code on the sandbox phone, verifies and books', async ({
  page,
  browserErrors,
}) => {
  // A wrong code is answered 422 on purpose.
  browserErrors.allow(failedRequest(422));
  const msisdn = uniquePhoneNumber();
  await page.goto('/login?tab=register');
  const panel = registerPanel(page);
  await panel.getByLabel('Full name').fill('Adwoa Pokuaa');
  await panel.getByLabel('Phone number').fill(msisdn);
  await panel.getByLabel('Password', { exact: true }).fill('Akwaaba@2026');
  await panel.getByLabel('Confirm password', { exact: true }).fill('Akwaaba@2026');
  await panel.getByRole('checkbox', { name: 'I accept the privacy policy' }).check();
  await panel.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await expect(page.getByText(`Enter the code we sent to ${formatted(msisdn)}`)).toBeVisible();
  const code = page.getByLabel('Code from the SMS');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  // LIMIT-9: a new code only after a minute, and the button says how long is left.
  const resend = page.getByRole('button', { name: /^Resend code in 0:[0-5]\d$/ });
  await expect(resend).toBeDisabled();
  await expectNoSeriousAxeViolations(page);

  // A wrong code is refused in words, beside the field.
  await code.fill('12');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(code).toHaveAccessibleDescription(/The code is 6 digits/);

  // The sandbox phone opens in a new tab, on this number's inbox.
  const [phone] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: /Open the sandbox phone/ }).click(),
  ]);
  await expect(phone.getByRole('heading', { level: 1, name: 'Sandbox phone' })).toBeVisible();
  await expect(phone.getByText('Test phone', { exact: true })).toBeVisible();
  const inbox = phone.getByRole('list', { name: `Messages to ${formatted(msisdn)}, newest first` });
  const sms = inbox.getByRole('listitem').first();
  await expect(sms).toContainText(/your code is \d{6}\./);
  const sent = /your code is (\d{6})\./.exec((await sms.textContent()) ?? '')![1]!;
  await expectNoSeriousAxeViolations(phone);
  await phone.close();

  await code.fill(sent === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(code).toHaveAccessibleDescription(/That code is not right or has expired\./);
  await code.fill(sent);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/available-cars$/);

  // Verified: the payment window opens straight from the summary.
  await startBooking(page, 3);
  await fillTripAndProceed(page, {
    start: dayFromToday(40),
    end: dayFromToday(42),
    destination: 'Cape Coast',
    within: false,
  });
  await page.getByRole('button', { name: 'Proceed to payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Payment Method' });
  await dialog.getByRole('radio', { name: /^Payment on Pickup/ }).check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  // The window's title follows the step once submitted ('Booking received').
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: 'Booking Successful!' }),
  ).toBeVisible();
});

test('a renter who skipped the code is asked for it in the booking flow and books without starting again', async ({
  page,
  browserErrors,
}) => {
  // The form asks for a code as it appears; the one from registering is under a minute old,
  // so the server says wait (429) and that code is the one to enter.
  browserErrors.allow(failedRequest(429));
  // Registered through the API without entering the code, as 'Skip for now' leaves it.
  const { renter } = await signUpThroughApi(page, { name: 'Kwesi Appiah' }, { verifyPhone: false });
  await startBooking(page, 5);
  await fillTripAndProceed(page, {
    start: dayFromToday(50),
    end: dayFromToday(53),
    destination: 'Ho',
    within: false,
  });
  await page.getByRole('button', { name: 'Proceed to payment' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Verify your phone number to book' }),
  ).toBeVisible();
  await expect(page.getByText('We sent you a code a moment ago. Enter it below.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // Back to the summary and forward again: the trip is still the one chosen.
  await page.getByRole('button', { name: 'Back to summary' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Summary' })).toBeVisible();
  // Car 5 stands at the Kumasi branch: where to is said from Kumasi (PRICE-3).
  await expect(page.getByText(/^Ho · Outside Kumasi$/)).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to payment' }).click();

  await enterCodeFromSandboxPhone(page, renter.msisdn);
  const dialog = page.getByRole('dialog', { name: 'Select Payment Method' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: /^Payment on Pickup/ }).check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  // The window's title follows the step once submitted ('Booking received').
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: 'Booking Successful!' }),
  ).toBeVisible();
});

test('a renter who forgot their password sets a new one by SMS code; their other browser is signed out', async ({
  page,
  browser,
  request,
}) => {
  // A code goes out at most once a minute per number (LIMIT-9), and registering sent one: the
  // renter was registered before the run (support/global-setup.ts). A retry, or a run without
  // the global setup, registers one here and waits out the minute.
  test.setTimeout(120_000);
  let prepared = test.info().retry === 0 ? recoveryRenter() : undefined;
  if (!prepared) {
    const renter: Renter = {
      name: 'Efua Sam',
      msisdn: uniquePhoneNumber(),
      password: 'Akwaaba@2026',
    };
    const registered = await request.post('/api/auth/register', { data: renter });
    expect(registered.status()).toBe(201);
    prepared = { ...renter, registeredAt: Date.now() };
  }
  const { registeredAt, ...renter } = prepared;
  const other = await signedInElsewhere(browser, renter);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByLabel('Phone number')).toHaveAccessibleDescription(
    /Phone number is required/,
  );
  await expectNoSeriousAxeViolations(page);

  // Whatever is left of that minute: nothing, when the global setup registered the renter.
  await page.waitForTimeout(Math.max(0, registeredAt + 61_000 - Date.now()));
  await page.getByLabel('Phone number').fill(renter.msisdn);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  // The ticket forgot gave is kept in this tab (ACCT-13, ACCT-16); the reset page sends it.
  await expect(page).toHaveURL(/\/reset-password\?msisdn=/);
  await expect(
    page.getByText('If this number has an account, we have sent it a code.'),
  ).toBeVisible();
  await expect(
    page.getByText(`Enter the code we sent to ${formatted(renter.msisdn)}`),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The register password rules and messages (VAL-3).
  const code = page.getByLabel('Code from the SMS');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(await readSandboxCode(page, renter.msisdn));
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Medaase@2027');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Medaase@2026');
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('Confirm new password', { exact: true }).fill('Medaase@2027');
  await page.getByRole('button', { name: 'Set new password' }).click();

  // Signed in with the new password, on to the cars.
  await expect(page).toHaveURL(/\/available-cars$/);
  await expect(page.getByRole('button', { name: 'Account menu for Efua Sam' })).toBeVisible();
  await expectSignedOutOnNextRequest(other);
  const oldPassword = await request.post('/api/auth/login', {
    data: { msisdn: renter.msisdn, password: renter.password },
  });
  expect(oldPassword.status()).toBe(401);
});

test('a renter changes their password on the profile; this browser stays signed in, the other is signed out', async ({
  page,
  browser,
  browserErrors,
}) => {
  browserErrors.allow(failedRequest(422));
  const { renter } = await signUpThroughApi(page, { name: 'Kojo Badu' });
  const other = await signedInElsewhere(browser, renter);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Password and sessions' });
  await expect(section).toBeVisible();
  // Verified at registration: nothing to nag about.
  await expect(
    page.getByRole('heading', { name: 'Your phone number is not verified' }),
  ).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await section.getByLabel('Current password', { exact: true }).fill('Wrong@2026');
  await section.getByLabel('New password', { exact: true }).fill('Medaase@2027');
  await section.getByLabel('Confirm new password', { exact: true }).fill('Medaase@2027');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByLabel('Current password', { exact: true })).toHaveAccessibleDescription(
    /Your current password is not right\./,
  );

  await section.getByLabel('Current password', { exact: true }).fill(renter.password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(
    section.getByText('Your password has been changed. Your other sessions have been signed out.'),
  ).toBeVisible();
  await expect(section.getByLabel('Current password', { exact: true })).toHaveValue('');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expectSignedOutOnNextRequest(other);
});

test('Log out everywhere signs the renter out here and in their other browser', async ({
  page,
  browser,
}) => {
  const { renter } = await signUpThroughApi(page, { name: 'Ama Serwaa' });
  const other = await signedInElsewhere(browser, renter);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Log out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You have been signed out everywhere.')).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }),
  ).toBeVisible();
  await expectSignedOutOnNextRequest(other);

  // Signing in again brings them back to the profile they were on.
  await submitSignIn(page, renter.msisdn, renter.password);
  await expect(page).toHaveURL(/\/profile$/);
});

test('the sandbox phone page asks for a number and shows an empty inbox plainly', async ({
  page,
}) => {
  await page.goto('/sandbox/phone');
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox phone' })).toBeVisible();
  const msisdn = uniquePhoneNumber();
  await page.getByLabel('Phone number').fill(msisdn);
  await page.getByRole('button', { name: 'Show messages' }).click();
  await expect(page).toHaveURL(new RegExp(`/sandbox/phone\\?msisdn=${msisdn}$`));
  await expect(page.getByText('No messages yet')).toBeVisible();
  // It refreshes by itself: a code sent now shows up without a reload.
  await page.request.post('/api/auth/password/forgot', { data: { msisdn } });
  await page.request.post('/api/auth/register', {
    data: { name: 'Yaw Mensah', msisdn, password: 'Akwaaba@2026' },
  });
  await expect(
    page
      .getByRole('list', { name: `Messages to ${formatted(msisdn)}, newest first` })
      .getByRole('listitem')
      .first(),
  ).toContainText(/your code is \d{6}\./, { timeout: 10_000 });
});
