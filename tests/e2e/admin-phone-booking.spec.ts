import { mkdirSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/a11y';
import { submitSignIn, uniquePhoneNumber } from './support/auth';
import { dayFromToday } from './support/booking';
import { expect, failedRequest, test } from './support/fixtures';

/** The demo staff account of the seed (README). */
const STAFF = { msisdn: '0244000000', password: 'Staff@1234', name: 'Kwame Asante' } as const;

/** Screenshots for people to look at (never committed), only when SHOTS_DIR names a folder. */
const SHOTS = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({ path: `${SHOTS}/${name}-${size?.width}.png`, fullPage: true });
}

async function signInToConsole(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  await submitSignIn(page, STAFF.msisdn, STAFF.password);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 360, height: 800 },
]) {
  test(`staff book a car by phone for a new number, change its dates with a reason and see it on the timeline (${viewport.width} px)`, async ({
    page,
    browserErrors,
  }) => {
    test.setTimeout(120_000);
    // A new number has no account (the lookup's 404); a reason left out on purpose is a 422.
    browserErrors.allow(failedRequest(404));
    browserErrors.allow(failedRequest(422));
    await page.setViewportSize(viewport);
    // Each run its own days, far enough apart that the two never meet on one car.
    const offset = viewport.width === 360 ? 70 : 40;
    await signInToConsole(page, '/admin/bookings');
    await page.getByRole('link', { name: 'New booking' }).click();
    await expect(page).toHaveURL(/\/admin\/bookings\/new$/);
    await expect(page.getByRole('heading', { name: 'New booking', level: 1 })).toBeVisible();

    // Phone number first: nobody has it, so the name is asked for.
    const msisdn = uniquePhoneNumber();
    await page.getByLabel('Phone number').fill(msisdn);
    await expect(page.getByText('No account has this number yet')).toBeVisible();
    await page.getByLabel("Customer's name").fill('Esi Walker');

    const car = page.getByLabel('Car', { exact: true });
    await expect(car.locator('option').nth(1)).toBeAttached();
    await car.selectOption({ index: 1 });
    const start = dayFromToday(offset);
    const end = dayFromToday(offset + 2);
    await page.getByLabel('Start date').fill(start);
    await page.getByLabel('End date').fill(end);
    await page.getByLabel('Destination', { exact: true }).fill('Cape Coast');
    await page.getByLabel('Outside Accra').check();
    await page.getByLabel('Child seat').check();
    await expect(page.getByRole('table', { name: 'Price of this booking' })).toContainText('Total');
    await page.getByLabel('Pay on pickup (cash at the counter)').check();
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'new-booking');

    await page.getByRole('button', { name: 'Create booking' }).click();
    await expect(page).toHaveURL(/\/admin\/bookings\/CL-[2-9A-Z]{6}$/);
    const code = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1 })).toContainText(code);
    await expect(page.getByText(`Booking made`)).toBeVisible();

    // The customer's phone got the code and how to sign in.
    const phone = await page.context().newPage();
    await phone.goto(`/sandbox/phone?msisdn=${msisdn}`);
    await expect(phone.getByText(new RegExp(`booking ${code} received`))).toBeVisible({
      timeout: 15_000,
    });
    await expect(phone.getByText(/Forgot password/)).toBeVisible();
    await phone.close();

    // Change the dates, with a reason.
    await page.getByRole('button', { name: 'Change booking' }).click();
    const dialog = page.getByRole('dialog', { name: `Change booking ${code}` });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Start date').fill(dayFromToday(offset + 10));
    await dialog.getByLabel('End date').fill(dayFromToday(offset + 12));
    await dialog.getByRole('button', { name: 'Save change' }).click();
    await expect(dialog.getByText('Give a reason')).toBeVisible();
    await dialog.getByLabel(/^Reason/).fill('Customer phoned: flight moved');
    await expect(dialog.getByRole('table', { name: 'New price' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'change-dialog');
    await dialog.getByRole('button', { name: 'Save change' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Booking changed.' })).toBeVisible();
    await expect(
      page.getByText(
        new RegExp(
          `Changed by ${STAFF.name}: dates .+ → .+; reason: Customer phoned: flight moved`,
        ),
      ),
    ).toBeVisible();

    // The other dialogs, looked at and checked, then left without doing anything.
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const cancel = page.getByRole('dialog', { name: `Cancel booking ${code}?` });
    await cancel.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(cancel.getByText('Give a reason')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'cancel-dialog');
    await cancel.getByRole('button', { name: 'Go back' }).click();
    await expect(cancel).toBeHidden();
    await shoot(page, 'booking-page');
  });
}
