import { mkdirSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/a11y';
import { apiSignIn, DEMO_STAFF, openSignedIn } from './support/api';
import { uniquePhoneNumber } from './support/auth';
import { dayFromToday } from './support/booking';
import { expect, failedRequest, test } from './support/fixtures';

/** The demo staff member's name (the seed, README). */
const STAFF_NAME = 'Kwame Asante';

/** Screenshots for people to look at (never committed), only when SHOTS_DIR names a folder. */
const SHOTS = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({ path: `${SHOTS}/${name}-${size?.width}.png`, fullPage: true });
}

const PHONE = { width: 360, height: 800 };
const LAPTOP = { width: 1366, height: 768 };

/** Axe on a laptop, then on the phone the journey goes on with. */
async function expectNoSeriousAxeViolationsAtBothSizes(page: Page, name: string) {
  for (const viewport of [LAPTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeViolations(page);
    await shoot(page, name);
  }
}

test('staff book a car by phone for a new number, change its dates with a reason and see it on the timeline', async ({
  page,
  browserErrors,
}) => {
  test.setTimeout(120_000);
  // A new number has no account (the lookup's 404); a reason left out on purpose is a 422.
  browserErrors.allow(failedRequest(404));
  browserErrors.allow(failedRequest(422));
  // On a phone, where every control must still be reachable; axe looks at each form and
  // dialog at both sizes. Signed in through the API: signing in to the console is
  // admin.spec.ts's first test.
  await page.setViewportSize(PHONE);
  // Days of its own, far ahead of what the other journeys book.
  const offset = 70;
  await openSignedIn(page, await apiSignIn(page.request, DEMO_STAFF));
  await page.goto('/admin/bookings');
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
  await page.getByLabel(/^Outside /).check();
  await page.getByLabel('Child seat').check();
  await expect(page.getByRole('table', { name: 'Price of this booking' })).toContainText('Total');
  await page.getByLabel('Pay on pickup (cash at the counter)').check();
  await expectNoSeriousAxeViolationsAtBothSizes(page, 'new-booking');

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
  await expectNoSeriousAxeViolationsAtBothSizes(page, 'change-dialog');
  await dialog.getByRole('button', { name: 'Save change' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Booking changed.' })).toBeVisible();
  await expect(
    page.getByText(
      new RegExp(`Changed by ${STAFF_NAME}: dates .+ → .+; reason: Customer phoned: flight moved`),
    ),
  ).toBeVisible();

  // The other dialogs, looked at and checked, then left without doing anything.
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const cancel = page.getByRole('dialog', { name: `Cancel booking ${code}?` });
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(cancel.getByText('Give a reason')).toBeVisible();
  await expectNoSeriousAxeViolationsAtBothSizes(page, 'cancel-dialog');
  await cancel.getByRole('button', { name: 'Go back' }).click();
  await expect(cancel).toBeHidden();
  await shoot(page, 'booking-page');
});
