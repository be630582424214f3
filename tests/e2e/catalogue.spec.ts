import { apiSignIn, openSignedIn } from './support/api';
import { expect, test } from './support/fixtures';

test('a renter filters the cars by make and pages through them', async ({ page, request }) => {
  // Signed in through the API: the sign-in form is session.spec.ts's.
  await openSignedIn(page, await apiSignIn(request));
  await page.goto('/available-cars');
  await expect(page.getByRole('heading', { name: 'Our Vehicles', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Showing 1 to 16 of \d+ vehicles$/)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(16);

  // Page 2 of the whole fleet.
  const pager = page.getByRole('navigation', { name: 'Car list pages' });
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByText(/^Showing 17 to 32 of \d+ vehicles$/)).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // Choosing a make goes back to page 1 and counts only that make.
  await page.getByRole('button', { name: /^Make / }).click();
  await page.getByRole('button', { name: /^Toyota/ }).click();
  await expect(page).toHaveURL(/make=Toyota/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ vehicles$/)).toBeVisible();
  const cards = page.getByRole('article');
  const count = await cards.count();
  expect(count).toBeGreaterThan(2);
  for (let i = 0; i < count; i++) await expect(cards.nth(i)).toContainText('Toyota');

  // The dropdown closes on a click elsewhere.
  await page.getByRole('button', { name: /^Make / }).click();
  await expect(page.getByRole('button', { name: /^Honda/ })).toBeVisible();
  await page.getByRole('heading', { name: 'Our Vehicles' }).click();
  await expect(page.getByRole('button', { name: /^Honda/ })).toBeHidden();
});
