import { expect, test } from './support/fixtures';

for (const path of ['/404', '/some/unknown/route']) {
  test(`a visitor who opens ${path} is told they are lost and can go home`, async ({ page }) => {
    await page.goto(path);
    await expect(
      page.getByRole('heading', { level: 1, name: "Oops! It looks like you're lost." }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}
