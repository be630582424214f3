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

test('the New booking form says what is missing and stops once fixed; a declined prompt is sent again while the hold runs (STAFF-16, STAFF-46)', async ({
  page,
  browserErrors,
}) => {
  test.setTimeout(150_000);
  // A new number has no account (the lookup's 404).
  browserErrors.allow(failedRequest(404));
  await page.setViewportSize(LAPTOP);
  const offset = 95;
  await openSignedIn(page, await apiSignIn(page.request, DEMO_STAFF));
  await page.goto('/admin/bookings/new');
  await expect(page.getByRole('heading', { name: 'New booking', level: 1 })).toBeVisible();

  // Sent empty: every missing field says so, Where to too (it is asked, not pre-chosen).
  await page.getByRole('button', { name: 'Create booking' }).click();
  const whereTo = page.getByRole('group', { name: 'Where to' });
  await expect(whereTo.getByText('Please select a destination type')).toBeVisible();
  await expect(page.getByText('Destination is required')).toBeVisible();
  await expectNoSeriousAxeViolationsAtBothSizes(page, 'new-booking-errors');
  await page.setViewportSize(LAPTOP);

  // Each message goes once its field is fixed; the network follows the number.
  const msisdn = uniquePhoneNumber();
  await page.getByLabel('Phone number').fill(msisdn);
  await expect(page.getByText('No account has this number yet')).toBeVisible();
  await page.getByLabel("Customer's name").fill('Adwoa Pokua');
  const car = page.getByLabel('Car', { exact: true });
  await expect(car.locator('option').nth(1)).toBeAttached();
  await car.selectOption({ index: 1 });
  await page.getByLabel('Start date').fill(dayFromToday(offset));
  await page.getByLabel('End date').fill(dayFromToday(offset + 1));
  await page.getByLabel('Destination', { exact: true }).fill('Aburi');
  await expect(page.getByText('Destination is required')).toBeHidden();
  await whereTo.getByLabel(/^Within /).check();
  await expect(whereTo.getByText('Please select a destination type')).toBeHidden();
  await page.getByLabel('Mobile money: a prompt goes to the customer’s phone').check();
  await expect(page.getByLabel('Network')).toHaveValue('mtn');
  await expect(page.locator('.new-booking [aria-invalid="true"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create booking' }).click();
  await expect(page).toHaveURL(/\/admin\/bookings\/CL-[2-9A-Z]{6}$/);
  const actions = page.getByRole('region', { name: 'Next steps' });
  await expect(actions.getByText('Waiting for the customer to approve')).toBeVisible();

  // The customer declines on their phone: the booking stays held.
  const phone = await page.context().newPage();
  await phone.goto(`/sandbox/phone?msisdn=${msisdn}`);
  await expect(phone.getByRole('heading', { name: 'Approve payment?' })).toBeVisible({
    timeout: 15_000,
  });
  await phone.getByRole('button', { name: 'Decline' }).click();

  // The page follows the booking by itself.
  const again = actions.getByRole('button', { name: 'Send the prompt again' });
  await expect(again).toBeVisible({ timeout: 20_000 });
  await expect(actions.getByText(/did not approve the mobile money prompt/)).toContainText(
    'The booking is held until',
  );
  await expect(page.getByText('Prompt declined, booking still held')).toBeVisible();
  await expect(actions.getByLabel('Network')).toHaveValue('mtn');
  await expectNoSeriousAxeViolationsAtBothSizes(page, 'prompt-declined');

  await again.click();
  await expect(actions.getByRole('status')).toContainText(/^Prompt sent to \+233 55 /);
  await expect(actions.getByText('Waiting for the customer to approve')).toBeVisible();

  // Approved this time: the booking is confirmed.
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'Approve payment?' })).toBeVisible({
    timeout: 15_000,
  });
  await phone.getByRole('button', { name: 'Approve' }).click();
  await phone.close();
  await expect(page.getByText('Payment received', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(again).toBeHidden();
  // What was said of the hold goes with it.
  await expect(actions.getByText(/^Prompt sent to/)).toBeHidden();
  await shoot(page, 'prompt-approved');
});
