import { mkdirSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/a11y';
import { apiSignIn, DEMO_STAFF, openSignedIn } from './support/api';
import { uniquePhoneNumber } from './support/auth';
import { expect, test } from './support/fixtures';

/** Screenshots of the Staff section, when SHOTS_DIR is set (e.g. .scratch/shots). */
const shotsDir = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

// STAFF-37, STAFF-38, STAFF-41, STAFF-43: the owner's Staff section.
test('the owner adds a counter agent, sees them listed, and deactivates them', async ({
  page,
  request,
}) => {
  const owner = await apiSignIn(request, DEMO_STAFF);
  await openSignedIn(page, owner);
  const msisdn = uniquePhoneNumber();
  const name = `Yaw Darko ${randomInt(1_000, 10_000)}`;

  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Staff' })
    .click();
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Kwame Asante' })).toContainText('Owner');
  await shot(page, 'staff-list');

  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  await expect(dialog.getByText('Enter the staff member’s phone number')).toBeVisible();
  await dialog.getByLabel('Phone number').fill(msisdn);
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('Role').selectOption({ label: 'Counter agent' });
  // A manager or an agent works at their branches: none chosen is refused.
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  await expect(dialog.getByText('Choose at least one branch')).toBeVisible();
  await dialog.getByRole('group', { name: 'Branches' }).getByLabel('Kumasi office').check();
  await shot(page, 'staff-add');
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Add staff member' }).click();

  // The console also announces each page in a status region of its own (PAGE-23).
  await expect(page.getByRole('status').filter({ hasText: `${name} added.` })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Counter agent');
  await expect(row).toContainText('Kumasi office');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never');
  const texts = await (await request.get(`/api/sandbox/sms?to=${msisdn}`)).json();
  expect(JSON.stringify(texts)).toContain('Forgot password?');

  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate ${name}?` });
  await expect(confirm).toContainText('signed out everywhere');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${name} is deactivated` }),
  ).toBeVisible();
  await expect(row).toContainText('Deactivated');
  await expect(row.getByRole('button', { name: `Reactivate ${name}` })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shot(page, 'staff-deactivated');
});
