import { type Page } from '@playwright/test';
import { currentTotpCode } from '../../src/server/modules/auth/staff-second-step';
import { expectNoSeriousAxeViolations } from './support/a11y';
import { signInPanel } from './support/auth';
import { expect, failedRequest, test } from './support/fixtures';
import { DEMO_STAFF, submitStaffSignIn } from './support/staff-sign-in';

/** Staff's second step in the browser (ACCT-22, ACCT-24 to ACCT-28). */

test('the demo staff sign in with the code from the sandbox phone and reach the console (RUN-18)', async ({
  page,
  browserErrors,
}) => {
  await page.goto('/login');
  await submitStaffSignIn(page, DEMO_STAFF, browserErrors);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('the code step says why, and is accessible', async ({ page }) => {
  await page.goto('/login');
  const panel = signInPanel(page);
  await panel.getByLabel('Phone number').fill(DEMO_STAFF.msisdn);
  await panel.getByLabel('Password', { exact: true }).fill(DEMO_STAFF.password);
  await panel.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    panel.getByText('We have sent a sign-in code to your phone. Enter it to finish signing in.'),
  ).toBeVisible();
  await expect(panel.getByLabel('Code from the SMS')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

/** The console's account menu: open on a wide screen, behind the avatar on a phone. */
async function accountItem(page: Page, role: 'link' | 'button', name: string) {
  const item = page.getByRole(role, { name });
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
  if (!(await item.isVisible()))
    await page.getByRole('button', { name: /^Account menu for/ }).click();
  await item.click();
}

async function signOutOfConsole(page: Page) {
  await accountItem(page, 'button', 'Sign out');
  await expect(page).toHaveURL(/\/$/);
}

async function typeAppCode(page: Page, code: string) {
  const panel = signInPanel(page);
  await page.goto('/login');
  await panel.getByLabel('Phone number').fill(DEMO_STAFF.msisdn);
  await panel.getByLabel('Password', { exact: true }).fill(DEMO_STAFF.password);
  await panel.getByRole('button', { name: 'Sign in' }).click();
  await panel.getByLabel('Code from your authenticator app').fill(code);
  await panel.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

// On the second server, whose demo staff no other journey signs in: the method changes here.
test.describe('an authenticator app instead of SMS codes', () => {
  const otherServer = process.env.E2E_SHORT_HOLD_URL;
  test.skip(!otherServer, 'needs the second server that playwright.config.ts starts');
  test.use({ baseURL: otherServer });

  test('staff set up an app in Sign-in security, keep the recovery codes, then sign in with either', async ({
    page,
    browserErrors,
  }) => {
    browserErrors.allow(failedRequest(422));
    await page.goto('/login');
    await submitStaffSignIn(page, DEMO_STAFF, browserErrors);
    await expect(page).toHaveURL(/\/admin$/);

    await accountItem(page, 'link', 'Sign-in security');
    await expect(page.getByRole('heading', { name: 'Sign-in security', level: 1 })).toBeVisible();
    await expect(page.getByText('A code by SMS to your phone')).toBeVisible();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();

    await expect(
      page.getByRole('img', {
        name: 'QR code that adds your CarLink Ghana staff account to an authenticator app',
      }),
    ).toBeVisible();
    // The key written out, as a person types it into the app.
    const key = (await page.locator('.authenticator-secret').innerText()).replace(/\s+/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await page
      .getByLabel('Code shown in the app')
      .fill('000000' === currentTotpCode(key) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('That code is not right or has expired.')).toBeVisible();
    await page.getByLabel('Code shown in the app').fill(currentTotpCode(key));
    await page.getByRole('button', { name: 'Confirm' }).click();

    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = await codes.first().innerText();
    await expect(page.getByRole('link', { name: 'Download codes' })).toHaveAttribute(
      'download',
      'carlink-recovery-codes.txt',
    );
    const done = page.getByRole('button', { name: 'Done' });
    await expect(done).toBeDisabled();
    await page.getByLabel('I have saved them').check();
    await done.click();
    await expect(page.getByText('A code from an authenticator app')).toBeVisible();
    await expect(page.getByText('10 recovery codes left')).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // A recovery code in place of the app's code, then the app's next code.
    await signOutOfConsole(page);
    await typeAppCode(page, recovery);
    await signOutOfConsole(page);
    await typeAppCode(page, currentTotpCode(key, Date.now() + 30_000));

    // Back to SMS codes, as the demo staff are everywhere else.
    await accountItem(page, 'link', 'Sign-in security');
    await expect(page.getByText('9 recovery codes left')).toBeVisible();
    await page.getByRole('button', { name: 'Use SMS codes instead' }).click();
    await expect(page.getByText('A code by SMS to your phone')).toBeVisible();
  });
});
