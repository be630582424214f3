import { randomInt } from 'node:crypto';
import { type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousAxeViolations } from './support/a11y';
import { apiCreateBooking, apiSignIn, openSignedIn, signUpThroughApi } from './support/api';
import { submitStaffSignIn } from './support/staff-sign-in';
import { dayFromToday, fillTripAndProceed, startBooking } from './support/booking';
import { expect, test, type BrowserErrors } from './support/fixtures';

/** The demo staff account of the seed (README). */
const STAFF = { msisdn: '0244000000', password: 'Staff@1234', name: 'Kwame Asante' } as const;

/** A small real PNG of one colour, as a phone camera would never make but the server accepts. */
const pngOf = (background: string) =>
  sharp({ create: { width: 640, height: 400, channels: 3, background } })
    .png()
    .toBuffer();

/** Opens a console page as a visitor: the sign-in form comes first, then the page itself. */
async function signInToConsole(page: Page, browserErrors: BrowserErrors, path = '/admin') {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  // The console asks for a staff sign-in, not the renters' line (ROUTE-4).
  await expect(
    page.getByText('Staff: sign in with your staff account to open the console.'),
  ).toBeVisible();
  await submitStaffSignIn(page, STAFF, browserErrors);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
}

const consoleNav = (page: Page) => page.getByRole('navigation', { name: 'Console' });

test('a visitor is sent to sign in and comes back to the console page they asked for', async ({
  page,
  browserErrors,
}) => {
  await signInToConsole(page, browserErrors, '/admin/bookings');
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
  await expect(consoleNav(page).getByRole('link', { name: /^Bookings/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('a renter gets the not-found page at /admin, and no Admin link', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Nana Yeboah' });
  await page.goto('/admin/cars');
  await expect(
    page.getByRole('heading', { name: "Oops! It looks like you're lost." }),
  ).toBeVisible();
  await expect(consoleNav(page)).toHaveCount(0);
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
});

test('staff add a car with photos; a renter books it on pickup; staff take the cash, hand it over and get it back', async ({
  page,
  browser,
  browserErrors,
}) => {
  // Two people, two photos and four round trips through the console: a long journey.
  test.setTimeout(180_000);
  const model = `Swift E2E ${randomInt(10_000, 100_000)}`;
  const title = `2023 Suzuki ${model}`;

  // Staff who sign in land in the console (ROUTE-2); the site's account menu leads back to it.
  await page.goto('/login');
  await submitStaffSignIn(page, STAFF, browserErrors);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.goto('/available-cars');
  await page.getByRole('button', { name: `Account menu for ${STAFF.name}` }).click();
  await page.getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // Add the car: the form checks the fields before anything is sent.
  await consoleNav(page).getByRole('link', { name: 'Cars' }).click();
  await page.getByRole('link', { name: 'Add a car' }).click();
  await page.getByRole('button', { name: 'Add car' }).click();
  await expect(page.getByText('Make is required')).toBeVisible();
  await expect(page.getByText('Choose a body type')).toBeVisible();
  await page.getByLabel('Make').fill('Suzuki');
  await page.getByLabel('Model').fill(model);
  await page.getByLabel('Year').fill('2023');
  await page.getByLabel('Colour').fill('Pearl White');
  await page.getByLabel('Body type').selectOption('hatchback');
  await page.getByLabel('Transmission').selectOption('manual');
  await page.getByLabel('Fuel').selectOption('petrol');
  await page.getByLabel('Doors (optional)').fill('4');
  await page.getByLabel('Seats (optional)').fill('5');
  await page.getByRole('checkbox', { name: 'Bluetooth' }).check();
  await page
    .getByLabel('Description')
    .fill('A small, thrifty town car that parks anywhere in Osu.');
  await page.getByLabel('Price per day').fill('333');
  await page
    .getByLabel('Branch', { exact: true })
    .selectOption({ label: 'East Legon office (Accra)' });
  await page.getByRole('button', { name: 'Add car' }).click();
  await expect(page).toHaveURL(/\/admin\/cars\/\d+$/);
  const carId = Number(/\/admin\/cars\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText(`${title} added. Now add its photos.`)).toBeVisible();

  // A file that is not a photo is refused before it is sent.
  const photos = page.getByRole('region', { name: 'Photos' });
  await photos
    .getByLabel('Add a photo')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(photos.getByRole('alert')).toContainText('Upload a JPG, PNG or WebP image.');

  // Two photos, each previewed and described before it goes.
  for (const [file, colour, alt] of [
    ['front.png', '#0b5d3b', 'Suzuki Swift, front view'],
    ['side.png', '#f5b800', 'Suzuki Swift, side view'],
  ] as const) {
    await photos
      .getByLabel('Add a photo')
      .setInputFiles({ name: file, mimeType: 'image/png', buffer: await pngOf(colour) });
    await expect(photos.getByRole('img', { name: 'Preview of the chosen photo' })).toBeVisible();
    await photos.getByLabel('Description for screen readers').fill(alt);
    await photos.getByRole('button', { name: 'Upload photo' }).click();
    await expect(photos.getByText(`${file} uploaded.`)).toBeVisible();
  }
  const ordered = photos
    .getByRole('list', { name: 'Photos in the order renters see them' })
    .getByRole('listitem');
  await expect(ordered).toHaveCount(2);
  await expect(ordered.first()).toContainText('Photo 1: Suzuki Swift, front view');

  // Reordering works from the keyboard: the side view becomes the cover.
  await photos.getByRole('button', { name: 'Move photo 2 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    photos.getByText('Photo moved to position 1 of 2. It is now the cover.'),
  ).toBeAttached();
  await expect(ordered.first()).toContainText('Photo 1: Suzuki Swift, side view');
  await expect(photos.getByRole('button', { name: 'Move photo 1 down' })).toBeFocused();

  // A renter finds it in the catalogue and books it from today, paying on pickup (the booking
  // itself through the API: the booking form is booking.spec.ts's journey).
  const renterContext = await browser.newContext();
  const renter = await renterContext.newPage();
  const { session } = await signUpThroughApi(renter, { name: 'Akua Sarpong' });
  await renter.goto('/available-cars?make=Suzuki');
  await expect(renter.getByRole('article').filter({ hasText: model })).toBeVisible();
  const { booking_code: code } = await apiCreateBooking(renter.request, session, {
    car_id: carId,
    start_date: dayFromToday(0),
    end_date: dayFromToday(2),
    destination: 'Osu',
  });

  // Staff find the booking by its code and take it through the counter.
  await consoleNav(page)
    .getByRole('link', { name: /^Bookings/ })
    .click();
  await page.getByRole('searchbox', { name: 'Search bookings' }).fill(code);
  await expect(page).toHaveURL(new RegExp(`q=${code}`));
  await page.getByRole('link', { name: code }).click();
  await expect(page.getByRole('heading', { name: code, level: 1 })).toBeVisible();
  const steps = page.getByRole('region', { name: 'Next steps' });

  // Only what the booking allows now: no pickup before the cash.
  await expect(steps.getByRole('link', { name: 'Hand over the car' })).toHaveCount(0);
  await steps.getByRole('button', { name: 'Record cash payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record the cash payment?' });
  await dialog.getByLabel('Note for the timeline (optional)').fill('Counted twice at the desk');
  await dialog.getByRole('button', { name: /^Record GH₵ [\d,.]+ cash$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(steps.getByRole('status')).toBeVisible();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();

  // Pickup and return are records on forms of their own (HAND-1, HAND-5).
  await steps.getByRole('link', { name: 'Hand over the car' }).click();
  await expect(page.getByRole('heading', { name: `Pick-up · ${code}` })).toBeVisible();
  await page
    .getByLabel('Reason to hand over without verified documents')
    .fill('Ghana Card and licence seen at the desk');
  await page.getByLabel('Odometer (km)').fill('15000');
  await page.getByRole('radio', { name: /Full/ }).check();
  await page.getByRole('button', { name: 'Hand over the car' }).click();
  await expect(page.getByRole('heading', { name: `Handover receipt · ${code}` })).toBeVisible();
  await page.goto(`/admin/bookings/${code}`);
  await expect(page.getByText('Active (car out)').first()).toBeVisible();

  await steps.getByRole('link', { name: 'Take the car back' }).click();
  await expect(page.getByRole('heading', { name: `Return · ${code}` })).toBeVisible();
  await page.getByLabel('Odometer (km)').fill('15240');
  await page.getByRole('radio', { name: /Full/ }).check();
  await page.getByRole('button', { name: 'Take the car back' }).click();
  await expect(page.getByRole('heading', { name: `Handover receipt · ${code}` })).toBeVisible();
  await page.goto(`/admin/bookings/${code}`);
  await expect(steps.getByText('This booking is completed: nothing more to do.')).toBeVisible();

  // The timeline says who did what.
  const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
  await expect(timeline.filter({ hasText: 'Booking made' })).toContainText('Akua Sarpong (renter)');
  await expect(timeline.filter({ hasText: 'Cash payment recorded' })).toContainText(
    `${STAFF.name} (staff)`,
  );
  await expect(timeline.filter({ hasText: 'Cash payment recorded' })).toContainText(
    'Counted twice at the desk',
  );
  await expect(timeline.filter({ hasText: 'Car picked up' })).toContainText(
    `${STAFF.name} (staff)`,
  );
  await expect(timeline.filter({ hasText: 'Car returned' })).toContainText(`${STAFF.name} (staff)`);

  // The renter's history shows the trip completed, in green.
  await renter.goto('/booking-history');
  const card = renter.getByRole('article').filter({ hasText: code });
  const badge = card.getByText('completed', { exact: true });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveCSS('background-color', 'rgb(227, 242, 234)');
  await renterContext.close();
});

test('a maintenance block makes its days taken for renters until staff remove it', async ({
  page,
  browser,
}) => {
  test.slow();
  // Far ahead and random, so other journeys (and reruns on one database) never meet these
  // days, yet within the 180 days bookings open ahead (LIMIT-14).
  const offset = 100 + randomInt(0, 75);
  const [from, to] = [dayFromToday(offset), dayFromToday(offset + 2)];
  const carId = 30;

  // Signed in through the API: signing in to the console is the first test's.
  await openSignedIn(page, await apiSignIn(page.request, STAFF));
  await page.goto(`/admin/cars/${carId}`);
  const maintenance = page.getByRole('region', { name: 'Maintenance' });
  await maintenance.getByLabel('From').fill(from);
  await maintenance.getByLabel('To (included)').fill(to);
  await maintenance.getByLabel('Reason (optional)').fill('Gearbox service');
  await maintenance.getByRole('button', { name: 'Block these dates' }).click();
  await expect(
    maintenance.getByText(/^Blocked .*Renters now see these days as taken\.$/),
  ).toBeVisible();
  const block = maintenance
    .getByRole('list', { name: 'Maintenance blocks' })
    .getByRole('listitem')
    .filter({ hasText: 'Gearbox service' });
  await expect(block).toBeVisible();

  // The renter's summary says at once that the car is not free on those days.
  const renterContext = await browser.newContext();
  const renter = await renterContext.newPage();
  await signUpThroughApi(renter, { name: 'Kojo Antwi' });
  await startBooking(renter, carId);
  await fillTripAndProceed(renter, {
    start: dayFromToday(offset + 1),
    end: dayFromToday(offset + 3),
    destination: 'Ada',
    within: false,
  });
  await expect(renter.getByText('This car is not available for the selected dates.')).toBeVisible();
  await expect(renter.getByRole('button', { name: 'Proceed to payment' })).toHaveCount(0);

  // Removing the block frees the days again.
  await block.getByRole('button', { name: /^Remove the block/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this maintenance block?' });
  await dialog.getByRole('button', { name: 'Remove block' }).click();
  await expect(dialog).toBeHidden();
  await expect(block).toHaveCount(0);

  await startBooking(renter, carId);
  await fillTripAndProceed(renter, {
    start: dayFromToday(offset + 1),
    end: dayFromToday(offset + 3),
    destination: 'Ada',
    within: false,
  });
  await expect(renter.getByRole('button', { name: 'Proceed to payment' })).toBeVisible();
  await renterContext.close();
});

/** The console's pages; a booking and a customer are found through the API first. */
const consolePages: {
  name: string;
  path: (ids: { code: string; customer: number }) => string;
  heading: RegExp;
  /** Nothing scrolls sideways on the phone once the list is loaded (STAFF-30). */
  fitsPhone?: boolean;
}[] = [
  { name: 'dashboard', path: () => '/admin', heading: /^Dashboard$/, fitsPhone: true },
  { name: 'cars', path: () => '/admin/cars', heading: /^Cars$/, fitsPhone: true },
  { name: 'new car', path: () => '/admin/cars/new', heading: /^Add a car$/, fitsPhone: true },
  { name: 'a car', path: () => '/admin/cars/2', heading: /^\d{4} / },
  { name: 'bookings', path: () => '/admin/bookings?status=completed', heading: /^Bookings$/ },
  { name: 'a booking', path: ({ code }) => `/admin/bookings/${code}`, heading: /^CL-/ },
  { name: 'customers', path: () => '/admin/customers', heading: /^Customers$/, fitsPhone: true },
  { name: 'a customer', path: ({ customer }) => `/admin/customers/${customer}`, heading: /\w/ },
  { name: 'messages', path: () => '/admin/messages', heading: /^Messages$/, fitsPhone: true },
  { name: 'newsletter', path: () => '/admin/messages?tab=newsletter', heading: /^Messages$/ },
  { name: 'documents', path: () => '/admin/documents?status=verified', heading: /^Documents$/ },
  { name: 'reviews', path: () => '/admin/reviews', heading: /^Reviews$/ },
  { name: 'taxes', path: () => '/admin/taxes', heading: /^Taxes$/, fitsPhone: true },
];

const viewports = [
  { width: 360, height: 800 },
  { width: 1366, height: 768 },
];

test.describe('console at 360×800, then 1366×768', () => {
  for (const consolePage of consolePages) {
    test(`${consolePage.name}: one main heading and nothing serious for axe`, async ({
      page,
      request,
    }) => {
      const staff = await apiSignIn(request, STAFF);
      const list = await request.get('/api/admin/bookings?limit=1', { headers: staff.headers });
      const booking = (
        (await list.json()) as { bookings: { booking_code: string; renter: { id: number } }[] }
      ).bookings[0]!;
      await openSignedIn(page, staff);
      await page.setViewportSize(viewports[0]!);
      await page.goto(
        consolePage.path({ code: booking.booking_code, customer: booking.renter.id }),
      );
      // One load, both sizes: the console follows the window (its tables turn into cards).
      for (const viewport of viewports) {
        await page.setViewportSize(viewport);
        const heading = page.getByRole('heading', { level: 1, name: consolePage.heading });
        await expect(heading).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        if (consolePage.fitsPhone && viewport.width === 360) {
          // Lists have their rows (or their empty state) before the width is measured.
          await expect(page.getByText(/^Loading/)).toHaveCount(0);
          const html = page.locator('html');
          const overflow = await html.evaluate((e) => Math.max(0, e.scrollWidth - e.clientWidth));
          expect(overflow, 'how far the page scrolls sideways').toBe(0);
        }
        await page.waitForLoadState('networkidle');
        await expectNoSeriousAxeViolations(page);
      }
    });
  }

  test('a confirmation dialog is labelled and closes without doing anything', async ({
    page,
    request,
  }) => {
    await openSignedIn(page, await apiSignIn(request, STAFF));
    await page.setViewportSize(viewports[0]!);
    await page.goto('/admin/cars/2');
    await page.getByRole('button', { name: 'Retire car' }).click();
    const dialog = page.getByRole('dialog', { name: /^Retire / });
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      await expect(dialog).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    }
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('On offer', { exact: true })).toBeVisible();
  });
});
