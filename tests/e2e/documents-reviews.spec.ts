import { type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousAxeViolations } from './support/a11y';
import {
  apiCreateBooking,
  apiSignIn,
  DEMO_STAFF,
  HANDOVER_TEST_BODIES,
  openSignedIn,
  signUpThroughApi,
} from './support/api';
import { dayFromToday } from './support/booking';
import { expect, test } from './support/fixtures';

// DOC-1 to DOC-6 and REVIEW-1 to REVIEW-5, as a renter and staff would go through them.

const photoOf = (background: string) =>
  sharp({ create: { width: 900, height: 560, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** A staff member's page, signed in through the API, in a browser of their own. */
async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignedIn(page, await apiSignIn(context.request, DEMO_STAFF));
  return page;
}

const documentCard = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, level: 3 }) });

test('a renter uploads both documents; staff verify the card and reject the licence with a reason the renter reads', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { renter } = await signUpThroughApi(page, { name: 'Adwoa Documents' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Documents', level: 2 })).toBeVisible();

  const card = documentCard(page, 'Ghana Card');
  await expect(card.getByText('Not uploaded')).toBeVisible();
  await card.getByLabel('Ghana Card PIN').fill('GHA-123456789-0');
  await card.getByLabel('Date of birth').fill('1995-06-15');
  await card.getByLabel('Photo of the card').setInputFiles({
    name: 'card.jpg',
    mimeType: 'image/jpeg',
    buffer: await photoOf('#1f7a4d'),
  });
  await card.getByRole('button', { name: 'Upload' }).click();
  await expect(card.getByText('Pending check')).toBeVisible();
  await expect(card.getByRole('img', { name: 'Photo of your Ghana Card' })).toBeVisible();

  const licence = documentCard(page, 'Driving licence');
  await licence.getByLabel('Licence number').fill('DL-55512');
  await licence.getByLabel('Expiry date').fill(dayFromToday(400));
  await licence.getByLabel('Photo of the licence').setInputFiles({
    name: 'licence.jpg',
    mimeType: 'image/jpeg',
    buffer: await photoOf('#a33'),
  });
  await licence.getByRole('button', { name: 'Upload' }).click();
  await expect(licence.getByText('Pending check')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Staff: the waiting documents, the renter's among them.
  const staff = await staffPage(browser);
  await staff.goto('/admin/documents');
  await expect(staff.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  const theirs = staff
    .getByRole('article')
    .filter({ has: staff.getByRole('link', { name: renter.name }) });
  const staffCard = theirs.filter({ has: staff.getByRole('heading', { name: 'Ghana Card' }) });
  await expect(staffCard.getByText('GHA-123456789-0')).toBeVisible();
  await expect(staffCard.getByRole('img', { name: 'Ghana Card photo' })).toBeVisible();
  await staffCard.getByRole('button', { name: 'Verify' }).click();
  await expect(staffCard).toHaveCount(0);

  const staffLicence = theirs.filter({
    has: staff.getByRole('heading', { name: 'Driving licence' }),
  });
  await staffLicence.getByRole('button', { name: 'Reject…' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Reject the driving licence' });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Give the reason, so the renter knows what to fix.')).toBeVisible();
  await expectNoSeriousAxeViolations(staff);
  await dialog.getByLabel('Reason').fill('The expiry date is covered by a finger.');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  await expect(staffLicence).toHaveCount(0);
  await staff.context().close();

  // The renter sees where each stands, and why the licence was refused.
  await page.reload();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(licence.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(licence.getByText('The expiry date is covered by a finger.')).toBeVisible();
});

test('a renter reviews a completed trip and the review shows on the car’s details', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { renter, session } = await signUpThroughApi(page, { name: 'Kwabena Reviewer' });
  // A car free today: the last one the date filter offers.
  const free = await page.request.get(
    `/api/get/cars?start_date=${dayFromToday(0)}&end_date=${dayFromToday(1)}&limit=50`,
  );
  const cars = ((await free.json()) as { all_cars: { id: number; title: string }[] }).all_cars;
  const car = cars[cars.length - 1]!;
  const booking = await apiCreateBooking(page.request, session, {
    car_id: car.id,
    start_date: dayFromToday(0),
    end_date: dayFromToday(1),
  });

  // Staff take the cash, hand the car over and take it back: the trip is completed.
  const staff = await apiSignIn(page.request, DEMO_STAFF);
  for (const action of ['record-cash', 'pick-up', 'return']) {
    const res = await page.request.post(`/api/admin/bookings/${booking.booking_code}/${action}`, {
      headers: staff.headers,
      // Pickup and return are records (HAND-1, HAND-5): the least they need.
      data: HANDOVER_TEST_BODIES[action] ?? {},
    });
    expect(res.status(), `${action}: ${await res.text()}`).toBe(200);
  }

  await page.goto(`/booking-history/${booking.booking_code}`);
  await expect(page.getByRole('heading', { name: 'How was your trip?' })).toBeVisible();
  await page.getByRole('radio', { name: '5 stars' }).check();
  await page.getByLabel('Comment (optional)').fill('Picked up on time, clean and cool inside.');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByRole('heading', { name: 'Your review' })).toBeVisible();

  // Anyone sees it on the car's page, signed with first name and initial only.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/car-details?id=${car.id}`);
  const reviews = visitor.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('Picked up on time, clean and cool inside.')).toBeVisible();
  await expect(reviews.getByText(/Kwabena R\./)).toBeVisible();
  await expect(reviews).not.toContainText(renter.msisdn);
  await expect(reviews).not.toContainText('Reviewer');
  await expectNoSeriousAxeViolations(visitor);
  await visitor.context().close();
});

test('the home page shows the real rating and reviews (the demo has more than 3)', async ({
  page,
}) => {
  const summary = (await (await page.request.get('/api/reviews')).json()) as {
    average: number;
    count: number;
  };
  await page.goto('/');
  const section = page.getByRole('region', { name: 'What our customers say' });
  await expect(section.getByText(`Rated ${summary.average.toFixed(1)}/5 on`)).toBeVisible();
  await expect(section).not.toContainText('28,370');
});
