import { expectNoSeriousAxeViolations } from './support/a11y';
import { registerPanel, signInPanel } from './support/auth';
import { expect, test } from './support/fixtures';

for (const viewport of [
  { width: 360, height: 800 },
  { width: 1366, height: 768 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('/login has no serious accessibility problems, with or without errors on show', async ({
      page,
    }) => {
      await page.goto('/login');
      await expect(signInPanel(page).getByLabel('Phone number')).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      await signInPanel(page).getByRole('button', { name: 'Sign in' }).click();
      await expect(signInPanel(page).getByText('Phone number is required')).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      await page.getByRole('tab', { name: 'Register' }).click();
      await registerPanel(page).getByLabel('Full name').focus();
      await registerPanel(page).getByLabel('Full name').blur();
      await expect(registerPanel(page).getByText('Full name is required')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
  });
}
