import { expect, failedRequest, test } from './support/fixtures';
import { enterCodeFromSandboxPhone, registerPanel, uniquePhoneNumber } from './support/auth';
import type { Locator } from '@playwright/test';

/** The message is on screen and read out with its field (aria-describedby). */
async function expectFieldError(field: Locator, panel: Locator, message: string) {
  await expect(panel.getByText(message, { exact: true })).toBeVisible();
  await expect(field).toHaveAccessibleDescription(
    new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
}

/** '0551234567' as the site shows it: '+233 55 123 4567'. */
const formatted = (msisdn: string) =>
  `+233 ${msisdn.slice(1, 3)} ${msisdn.slice(3, 6)} ${msisdn.slice(6)}`;

/** A person clicks into a field and leaves it. */
async function touch(field: Locator) {
  await field.focus();
  await field.blur();
}

test('a visitor who gets each register field wrong is told how to fix it, then registers and lands on the cars', async ({
  page,
}) => {
  await page.goto('/login?tab=register');
  await expect(page).toHaveTitle('Sign in | CarLink Ghana');
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  const panel = registerPanel(page);
  const name = panel.getByLabel('Full name');
  const phone = panel.getByLabel('Phone number');
  const password = panel.getByLabel('Password', { exact: true });
  const confirmation = panel.getByLabel('Confirm password', { exact: true });
  const policy = panel.getByRole('checkbox', { name: 'I accept the privacy policy' });
  const submit = panel.getByRole('button', { name: 'Register' });

  // Nothing is shouted at a person who has not touched anything yet.
  await expect(panel.getByText('Full name is required')).toHaveCount(0);
  await expect(submit).toBeDisabled();

  await touch(name);
  await expectFieldError(name, panel, 'Full name is required');
  await name.fill('Ab');
  await expectFieldError(name, panel, 'Name must be at least 3 characters');
  await expect(panel.getByText('Phone number is required')).toHaveCount(0);

  await touch(phone);
  await expectFieldError(phone, panel, 'Phone number is required');
  await phone.fill('024 41a 3456');
  await expectFieldError(phone, panel, 'Must be only digits');
  await phone.fill('024412');
  await expectFieldError(phone, panel, 'Must be at least 10 digits');
  await phone.fill('0244123456789012');
  await expectFieldError(phone, panel, 'Must be 15 digits or less');

  await touch(password);
  await expectFieldError(password, panel, 'Password is required');
  await password.fill('Ab1!');
  await expectFieldError(password, panel, 'Password must be at least 8 characters');
  await password.fill('akwaaba2026');
  await expectFieldError(
    password,
    panel,
    'Must contain uppercase, lowercase, number, and special character',
  );

  await touch(confirmation);
  await expectFieldError(confirmation, panel, 'Please confirm your password');

  await policy.check();
  await policy.uncheck();
  await policy.blur();
  await expectFieldError(policy, panel, 'You must accept the privacy policy');

  // Now put everything right, except a confirmation that does not match.
  const renterPassword = 'Akwaaba@2026';
  await name.fill('Abena Owusu');
  const msisdn = uniquePhoneNumber();
  await phone.fill(msisdn);
  await password.fill(renterPassword);
  await policy.check();
  await confirmation.fill('Akwaaba@2025');
  await expectFieldError(confirmation, panel, 'Passwords must match');
  await expect(submit).toBeDisabled();

  // Show lets a person check what they typed on a small keyboard.
  await panel.getByRole('button', { name: 'Show confirm password' }).click();
  await expect(confirmation).toHaveAttribute('type', 'text');
  await confirmation.fill(renterPassword);
  await expect(panel.getByText('Passwords must match')).toHaveCount(0);
  await expect(panel.getByRole('alert')).toHaveCount(0);

  await expect(submit).toBeEnabled();
  await submit.click();
  // ACCT-10: the code from the SMS is asked for at once, then the cars (ROUTE-2).
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await expect(page.getByText(`Enter the code we sent to ${formatted(msisdn)}`)).toBeVisible();
  await enterCodeFromSandboxPhone(page, msisdn);
  await expect(page).toHaveURL(/\/available-cars$/);
  await expect(page.getByRole('button', { name: 'Account menu for Abena Owusu' })).toBeVisible();
});

test('registering a phone number that already has an account says so beside the number', async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(failedRequest(409));
  const msisdn = uniquePhoneNumber();
  const existing = await page.request.post('/api/auth/register', {
    data: { name: 'Yaw Asante', msisdn, password: 'Akwaaba@2026' },
  });
  expect(existing.status()).toBe(201);

  await page.goto('/login?tab=register');
  const panel = registerPanel(page);
  await panel.getByLabel('Full name').fill('Yaw Asante');
  // The same number written the international way is the same account (ACCT-1).
  await panel
    .getByLabel('Phone number')
    .fill(`+233 ${msisdn.slice(1, 3)} ${msisdn.slice(3, 6)} ${msisdn.slice(6)}`);
  await panel.getByLabel('Password', { exact: true }).fill('Akwaaba@2026');
  await panel.getByLabel('Confirm password', { exact: true }).fill('Akwaaba@2026');
  await panel.getByRole('checkbox', { name: 'I accept the privacy policy' }).check();
  await panel.getByRole('button', { name: 'Register' }).click();

  await expect(panel.getByRole('alert')).toHaveText('This phone number is already registered.');
  await expect(panel.getByLabel('Phone number')).toHaveAccessibleDescription(
    /This phone number is already registered\./,
  );
  await expect(panel.getByLabel('Phone number')).toBeFocused();
  await expect(page).toHaveURL(/\/login\?tab=register$/);

  // A different number puts it right: the message goes and the form can be sent again.
  await panel.getByLabel('Phone number').fill(uniquePhoneNumber());
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(panel.getByText('This phone number is already registered.')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/available-cars$/);
});

test('the header Register link opens the Register tab, and arrow keys move between the tabs', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?tab=register$/);
  const signInTab = page.getByRole('tab', { name: 'Sign in' });
  const registerTab = page.getByRole('tab', { name: 'Register' });
  await expect(registerTab).toHaveAttribute('aria-selected', 'true');
  await expect(registerPanel(page)).toBeVisible();

  await registerTab.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(signInTab).toBeFocused();
  await expect(signInTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.keyboard.press('ArrowRight');
  await expect(registerTab).toBeFocused();
  await expect(registerTab).toHaveAttribute('aria-selected', 'true');
});
