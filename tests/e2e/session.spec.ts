import { apiSignIn, apiSignUp, openSignedIn } from './support/api';
import { expect, failedRequest, test } from './support/fixtures';
import {
  DEMO_RENTER,
  readStoredSession,
  signInAsDemo,
  signInPanel,
  submitSignIn,
} from './support/auth';

test('the demo renter signs in, then logs out from the avatar menu', async ({ page }) => {
  await signInAsDemo(page);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);

  await header.getByRole('button', { name: `Account menu for ${DEMO_RENTER.name}` }).click();
  await header.getByRole('button', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(header.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
  expect(await readStoredSession(page)).toEqual({ token: null, auth: null });
});

test('a wrong password is explained until the next attempt, and the right one lets the renter in', async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(failedRequest(401));
  const { renter } = await apiSignUp(page.request);

  await page.goto('/login');
  await submitSignIn(page, renter.msisdn, 'NotMy@Password1');
  const panel = signInPanel(page);
  const alert = panel.getByRole('alert');
  await expect(alert).toHaveText('Invalid phone number or password.');
  await expect(panel.getByRole('button', { name: 'Sign in' })).toBeEnabled();

  // Correcting the password does not hide the explanation; the next attempt does.
  await panel.getByLabel('Password', { exact: true }).fill(renter.password);
  await expect(alert).toHaveText('Invalid phone number or password.');
  await panel.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/available-cars$/);
  await expect(alert).toHaveCount(0);
});

test('login-required pages send a visitor to sign in, and a signed-in renter skips /login', async ({
  page,
  request,
}) => {
  for (const path of ['/available-cars', '/booking-history', '/booking-details']) {
    await page.goto(path);
    await expect(page, `${path} is for signed-in renters`).toHaveURL(/\/login$/);
    await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  }

  // Signing in right here would go back to /booking-details; this is about /login itself.
  await openSignedIn(page, await apiSignIn(request));
  await page.goto('/');
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
});

test('signing in from a login-required page goes back to that page', async ({ page }) => {
  await page.goto('/booking-history');
  await expect(page).toHaveURL(/\/login$/);
  await submitSignIn(page, DEMO_RENTER.msisdn, DEMO_RENTER.password);
  await expect(page).toHaveURL(/\/booking-history$/);
});

test('a session older than an hour ends with a message to sign in again', async ({
  page,
  request,
}) => {
  await openSignedIn(page, await apiSignIn(request));
  await page.goto('/available-cars');
  await expect(page.getByRole('heading', { name: 'Our Vehicles', level: 1 })).toBeVisible();
  await page.evaluate(() => {
    const auth = JSON.parse(localStorage.getItem('auth')!) as { loginTimestamp: number };
    auth.loginTimestamp = Date.now() - 61 * 60 * 1000;
    localStorage.setItem('auth', JSON.stringify(auth));
  });

  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText('Session expired. Please login again.');
  expect(await readStoredSession(page)).toEqual({ token: null, auth: null });
});

test('a token the server has revoked sends the renter back to sign in', async ({
  page,
  request,
  browserErrors,
}) => {
  browserErrors.allow(failedRequest(401));
  await openSignedIn(page, await apiSignIn(request));
  await page.goto('/available-cars');
  await expect(page.getByRole('heading', { name: 'Our Vehicles', level: 1 })).toBeVisible();
  const { token } = await readStoredSession(page);
  expect(token).toBeTruthy();

  // Signed out elsewhere (another tab, or staff): the server no longer knows this token.
  const revoked = await page.request.post('/api/auth/logout', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(revoked.ok()).toBe(true);

  await page.goto('/booking-history');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText('Please sign in to continue.');
  expect(await readStoredSession(page)).toEqual({ token: null, auth: null });
});
