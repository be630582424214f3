import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/a11y';
import { apiCreateBooking, apiSignUp, signUpThroughApi } from './support/api';
import { dayFromToday } from './support/booking';
import { expect, test } from './support/fixtures';

/** The texts the sandbox phone got on `msisdn`, newest first. */
async function textsTo(request: APIRequestContext, msisdn: string): Promise<string[]> {
  const inbox = await request.get(`/api/sandbox/sms?to=${encodeURIComponent(msisdn)}`);
  expect(inbox.status()).toBe(200);
  return ((await inbox.json()) as { messages: { body: string }[] }).messages.map((m) => m.body);
}

// SAVED-1 to SAVED-5: a renter saves a dated search; another renter's booking of a matching car
// is cancelled; the alert arrives on the sandbox phone and its link opens the filtered list.
test('a saved search texts the renter when a matching car frees up, and its link opens the list', async ({
  page,
}) => {
  // The alert job runs every 15 s: the whole journey allows for a couple of runs.
  test.setTimeout(120_000);
  const { renter: watcher } = await signUpThroughApi(page, { name: 'Abena Watcher' });

  // A car of the demo fleet whose title no other car has (its card is found by it), on days
  // far enough ahead that no other test books it then.
  const list = await page.request.get('/api/get/cars?limit=48');
  const cars = ((await list.json()) as { all_cars: { id: number; make: string; title: string }[] })
    .all_cars;
  const car = cars.find((c) => cars.filter((o) => o.title === c.title).length === 1)!;
  const start = dayFromToday(150 + (Date.now() % 20));
  const end = dayFromToday(152 + (Date.now() % 20));
  const booker = await apiSignUp(page.request, { name: 'Kojo Booker' });
  const booking = await apiCreateBooking(page.request, booker, {
    car_id: car.id,
    start_date: start,
    end_date: end,
  });

  // The list with the make and the dates: the car is taken, so it is not shown.
  await page.goto(
    `/available-cars?make=${encodeURIComponent(car.make)}&start_date=${start}&end_date=${end}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Our Vehicles' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove filter Make: ${car.make}` })).toBeVisible();
  await expect(page.getByRole('link', { name: car.title, exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByRole('list', { name: 'Filters kept' })).toContainText(car.make);
  await expect(dialog).toContainText('We will text you when a car like this becomes free');
  await expectNoSeriousAxeViolations(page);
  const name = `${car.make} for the holidays`;
  await dialog.getByLabel('Name of the search').fill(name);
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Search saved.' })).toBeVisible();

  await page.getByRole('link', { name: 'See your saved searches' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Search' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Texts you when a car frees up');
  await expect(row).toContainText('No texts yet');
  await expectNoSeriousAxeViolations(page);

  // The other renter cancels: the watcher is texted, the canceller is not.
  const cancelled = await page.request.post(`/api/bookings/${booking.booking_code}/cancel`, {
    headers: booker.headers,
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  let alert = '';
  await expect
    .poll(
      async () => {
        alert =
          (await textsTo(page.request, watcher.msisdn)).find((t) => t.includes('is now free')) ??
          '';
        return alert;
      },
      {
        message: 'the saved-search alert on the sandbox phone',
        timeout: 60_000,
        intervals: [1000],
      },
    )
    .toContain(`for your saved search "${name}"`);
  expect(alert).toContain(car.make);
  expect(
    (await textsTo(page.request, booker.renter.msisdn)).some((t) => t.includes('is now free')),
  ).toBe(false);

  // The text's link opens the list with the search's filters, and the car is there now.
  const link = new URL(/https?:\/\/\S+/.exec(alert)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('button', { name: `Remove filter Make: ${car.make}` })).toBeVisible();
  await expect(page.getByText(/Showing cars free from/)).toBeVisible();
  await expect(page.getByRole('link', { name: car.title, exact: true }).first()).toBeVisible();

  // The list shows the text was sent.
  await page.goto('/saved');
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('1 text');
});
