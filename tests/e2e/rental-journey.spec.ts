import { type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/a11y';
import { apiSignIn, DEMO_STAFF, openSignedIn } from './support/api';
import { readSandboxCode, uniquePhoneNumber } from './support/auth';
import { dayFromToday } from './support/booking';
import { expect, failedRequest, test } from './support/fixtures';

// The whole rental as a small operator runs it: a customer phones, staff book a car for them
// (STAFF-14 to STAFF-16), hand it over (HAND-1 to HAND-4), take it back late (HAND-6) keeping
// part of the deposit (HAND-7), and the customer, who never chose a password, gets in with
// "Forgot password" (ACCT-16) and reviews the trip (REVIEW-1).
//
// Lateness needs a return time already past: the booking is for today, due back at the
// half-hour slot a little over an hour ago, so the return lands in the first hour after the
// grace whatever the clock says. That slot must lie within the branch's hours (07:00–21:00),
// so the journey runs between 08:35 and 21:55 Accra time and is skipped outside it.

const MINUTE = 60_000;

/** 'HH:MM' of an epoch time in Accra (UTC all year). */
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

/** The half-hour slot at or before `ms`. */
const slotAtOrBefore = (ms: number) => Math.floor(ms / (30 * MINUTE)) * 30 * MINUTE;

/** 1/6 of the daily price per started hour after the grace (HAND-6), in cedis. */
const hourlyFee = (pricePerDay: number) => Math.round((pricePerDay * 100) / 6) / 100;

const cedis = (amount: number) =>
  `GH₵ ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Screenshots for people to look at (never committed), only when SHOTS_DIR names a folder. */
async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 768 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

async function staffConsole(page: Page) {
  await openSignedIn(page, await apiSignIn(page.request, DEMO_STAFF));
}

test('a phone booking is handed over, comes back late with part of the deposit kept, and the customer reviews it', async ({
  page,
  browser,
  browserErrors,
}) => {
  const minuteOfDay = (Date.now() % (24 * 60 * MINUTE)) / MINUTE;
  test.skip(
    minuteOfDay < 8 * 60 + 35 || minuteOfDay > 21 * 60 + 55,
    'needs a return slot within branch hours at least an hour before now (Accra time)',
  );
  test.setTimeout(180_000);
  // The lookup of a number nobody has yet answers 404, and the pickup without verified
  // documents is refused (422) until staff give their reason.
  browserErrors.allow(failedRequest(404));
  browserErrors.allow(failedRequest(422));

  // A car free today whose late fee and a kept line fit in its deposit; not one of the last
  // few the list offers, which other journeys running beside this one book for today.
  const today = dayFromToday(0);
  const listed = await page.request.get(
    `/api/get/cars?start_date=${today}&end_date=${today}&limit=50`,
  );
  expect(listed.status()).toBe(200);
  const { all_cars } = (await listed.json()) as {
    all_cars: { id: number; title: string; price: number; deposit: number }[];
  };
  const car = all_cars
    .slice(0, -3)
    .find((c) => hourlyFee(c.price) + 20 <= c.deposit && c.price <= 1_000);
  expect(car, 'a car free today whose late fee fits in its deposit').toBeTruthy();

  const dueAt = slotAtOrBefore(Date.now() - 61 * MINUTE);
  const pickupTime = hhmm(dueAt - 30 * MINUTE);
  const returnTime = hhmm(dueAt);

  // 1. The customer phones: staff book the car for them.
  await staffConsole(page);
  await page.goto('/admin/bookings');
  await page.getByRole('link', { name: 'New booking' }).click();
  const msisdn = uniquePhoneNumber();
  await page.getByLabel('Phone number').fill(msisdn);
  await expect(page.getByText('No account has this number yet')).toBeVisible();
  await page.getByLabel("Customer's name").fill('Yaw Boateng');
  const carSelect = page.getByLabel('Car', { exact: true });
  await expect(carSelect.locator(`option[value="${car!.id}"]`)).toBeAttached();
  await carSelect.selectOption(String(car!.id));
  await page.getByLabel('Start date').fill(today);
  await page.getByLabel('End date').fill(today);
  await page.getByLabel('Pickup time').fill(pickupTime);
  await page.getByLabel('Return time').fill(returnTime);
  await page.getByLabel('Destination', { exact: true }).fill('Tema');
  await page.getByLabel('Within Accra').check();
  await page.getByLabel('Pay on pickup (cash at the counter)').check();
  const quote = page.getByRole('table', { name: 'Price of this booking' });
  await expect(quote).toContainText(`Car rental (1 day)${cedis(car!.price)}`);
  await expect(quote).toContainText(`Security deposit (refundable)${cedis(car!.deposit)}`);
  await page.getByRole('button', { name: 'Create booking' }).click();
  await expect(page).toHaveURL(/\/admin\/bookings\/CL-[2-9A-Z]{6}$/);
  const code = page.url().split('/').pop()!;

  // The customer's phone has the code.
  const phone = await page.context().newPage();
  await phone.goto(`/sandbox/phone?msisdn=${msisdn}`);
  await expect(phone.getByText(new RegExp(`booking ${code} received`))).toBeVisible({
    timeout: 15_000,
  });
  await phone.close();

  // 2. The customer arrives: cash taken, documents seen at the desk, the car handed over.
  await page.getByRole('button', { name: 'Record cash payment' }).click();
  const cash = page.getByRole('dialog', { name: 'Record the cash payment?' });
  await cash.getByRole('button', { name: /^Record GH₵ [\d,.]+ cash$/ }).click();
  await expect(cash).toBeHidden();
  await page.getByRole('link', { name: 'Hand over the car' }).click();
  await expect(page.getByRole('heading', { name: `Pick-up · ${code}` })).toBeVisible();
  await page.getByLabel('Odometer (km)').fill('61200');
  await page.getByRole('radio', { name: /Full/ }).check();
  await page.getByRole('button', { name: 'Hand over the car' }).click();
  await page
    .getByLabel('Reason to hand over without verified documents')
    .fill('Ghana Card and licence seen at the desk');
  await page.getByRole('button', { name: 'Hand over the car' }).click();
  await expect(page.getByRole('heading', { name: `Handover receipt · ${code}` })).toBeVisible();

  // 3. Back a little over an hour late: one hour's fee after the grace, plus a kept line.
  const fee = hourlyFee(car!.price);
  await page.getByRole('link', { name: 'Return form' }).click();
  await expect(page.getByRole('heading', { name: `Return · ${code}` })).toBeVisible();
  const deposit = page.getByRole('region', { name: 'Money at the return' });
  await expect(deposit.getByText(/ late: 1 hour after the grace/)).toBeVisible();
  await expect(deposit.getByText(cedis(fee), { exact: true }).first()).toBeVisible();
  await page.getByLabel('Odometer (km)').fill('61340');
  await page.getByRole('radio', { name: /6\/8/ }).check();
  await page.getByRole('button', { name: /Add a line/ }).click();
  await page.getByLabel('Amount (GH₵)').fill('20');
  const kept = Math.round((fee + 20) * 100) / 100;
  await expect(deposit.getByText(`${cedis(car!.deposit - kept)} · cash at the desk`)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Take the car back' }).click();
  await expect(page.getByRole('heading', { name: `Handover receipt · ${code}` })).toBeVisible();
  await expect(page.getByText('Partly kept')).toBeVisible();
  await expect(page.getByText(/Kept: Late return/)).toBeVisible();
  await expect(page.getByText('Returned in cash')).toBeVisible();
  await shoot(page, 'journey-receipt');

  // 4. The customer, who never set a password, gets in by SMS code and reviews the trip.
  const renterContext = await browser.newContext();
  const renter = await renterContext.newPage();
  await renter.goto('/forgot-password');
  await renter.getByLabel('Phone number').fill(msisdn);
  await renter.getByRole('button', { name: 'Send me a code' }).click();
  await expect(renter).toHaveURL(/\/reset-password\?msisdn=/);
  await renter.getByLabel('Code from the SMS').fill(await readSandboxCode(renter, msisdn));
  await renter.getByLabel('New password', { exact: true }).fill('Medaase@2027');
  await renter.getByLabel('Confirm new password', { exact: true }).fill('Medaase@2027');
  await renter.getByRole('button', { name: 'Set new password' }).click();
  await expect(renter.getByRole('button', { name: 'Account menu for Yaw Boateng' })).toBeVisible();

  await renter.goto(`/booking-history/${code}`);
  await expect(renter.getByRole('heading', { name: 'Pickup, return and deposit' })).toBeVisible();
  await expect(renter.getByText(/Kept: Late return/)).toBeVisible();
  await expect(renter.getByRole('heading', { name: 'How was your trip?' })).toBeVisible();
  await renter.getByRole('radio', { name: '4 stars' }).check();
  await renter
    .getByLabel('Comment (optional)')
    .fill('Booked by phone, the car was ready at the counter.');
  await expectNoSeriousAxeViolations(renter);
  await renter.getByRole('button', { name: 'Send review' }).click();
  await expect(renter.getByRole('heading', { name: 'Your review' })).toBeVisible();
  await shoot(renter, 'journey-renter-booking');

  await renter.goto(`/car-details?id=${car!.id}`);
  await expect(
    renter
      .getByRole('region', { name: 'Reviews' })
      .getByText('Booked by phone, the car was ready at the counter.'),
  ).toBeVisible();
  await renterContext.close();
});
