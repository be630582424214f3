import { readFileSync } from 'node:fs';
import { expectNoSeriousAxeViolations } from './support/a11y';
import { signInPanel, submitSignIn } from './support/auth';
import { signUpThroughApi } from './support/api';
import { expect, failedRequest, test } from './support/fixtures';

// ACCT-30, ACCT-31, ACCT-34: a renter's data on their profile: download it, close the account.

test('a renter downloads their data, then closes their account from the profile', async ({
  page,
  browserErrors,
}) => {
  const { renter } = await signUpThroughApi(page, { name: 'Efua Closing' });
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();
  await expect(section.getByRole('link', { name: 'privacy notice' })).toHaveAttribute(
    'href',
    '/terms',
  );

  // One JSON file, with their own profile in it.
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^carlink-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    profile: { name: string };
  };
  expect(data.profile.name).toBe('Efua Closing');

  // Closing asks for the password; a wrong one is said so and nothing closes.
  await section.getByRole('button', { name: 'Close my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close your account?' });
  await expect(dialog).toContainText('without your name or number');
  await expectNoSeriousAxeViolations(page);
  browserErrors.allow(failedRequest(422));
  await dialog.getByLabel('Your password').fill('Not-my@password1');
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await expect(dialog.getByText('Your password is not right.')).toBeVisible();
  await expect(dialog.getByLabel('Your password')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Your password').fill(renter.password);
  await dialog.getByRole('button', { name: 'Close my account' }).click();

  // Signed out, and told it is done.
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your account is closed and you are signed out.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The old number and password open nothing now.
  browserErrors.allow(failedRequest(401));
  await submitSignIn(page, renter.msisdn, renter.password);
  await expect(signInPanel(page).getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('the privacy notice says what is kept, why and for how long (ACCT-33)', async ({ page }) => {
  await page.goto('/terms');
  await page.getByRole('tab', { name: 'Privacy', exact: true }).click();
  const notice = page.getByRole('tabpanel', { name: 'Privacy' });
  await expect(notice).toContainText('90 days after your last completed trip');
  await expect(notice).toContainText('until the dispute is settled');
  await expect(notice).toContainText('keep them for 6 years');
  await expect(notice).toContainText('Act 843');
  await expect(notice).toContainText('close your account');
  await expectNoSeriousAxeViolations(page);
});
