import { mkdirSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/a11y';
import { apiSignIn, DEMO_STAFF, openSignedIn } from './support/api';
import { dayFromToday } from './support/booking';
import { expect, test } from './support/fixtures';

/** Screenshots of the new console pages, when SHOTS_DIR is set (e.g. .scratch/shots). */
const shotsDir = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

const consoleNav = (page: Page) => page.getByRole('navigation', { name: 'Console' });

test('staff add a branch, change its hours and an extra price, and add a car there that renters see', async ({
  page,
  request,
}) => {
  test.slow();
  const staff = await apiSignIn(request, DEMO_STAFF);
  await openSignedIn(page, staff);
  const name = `Tema office ${randomInt(10_000, 100_000)}`;

  // A branch of its own, so journeys running beside this one never see its hours change.
  await page.goto('/admin');
  await consoleNav(page).getByRole('link', { name: 'Branches' }).click();
  await expect(page.getByRole('heading', { name: 'Branches', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add a branch' }).click();
  await page.getByRole('button', { name: 'Add branch' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Address is required')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Town').fill('Tema');
  await page.getByLabel('Address').fill('Community 1, Harbour Road, Tema');
  await page.getByLabel('Phone').fill('+233303000777');
  await page.getByRole('button', { name: 'Add branch' }).click();
  await expect(page.getByText(`${name} added.`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('07:00–21:00');

  // Its hours, from the keyboard: a closing time before the opening time is refused.
  await row.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const opens = page.getByLabel('Opens at');
  const closes = page.getByLabel('Closes at');
  await opens.fill('08:30');
  await closes.fill('07:00');
  await closes.press('Enter');
  await expect(page.getByText('Closing time must be after opening time')).toBeVisible();
  await expect(closes).toHaveAttribute('aria-invalid', 'true');
  await closes.fill('18:00');
  await closes.press('Enter');
  await expect(page.getByText(`${name} saved. Renters see the change at once.`)).toBeVisible();
  const branches = (await (
    await request.get('/api/admin/branches', { headers: staff.headers })
  ).json()) as { branches: { id: number; name: string; opens: string; closes: string }[] };
  const branch = branches.branches.find((b) => b.name === name)!;
  expect(branch).toMatchObject({ opens: '08:30', closes: '18:00' });
  await consoleNav(page).getByRole('link', { name: 'Branches' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('08:30–18:00');

  // A car at the new branch, with a weekly price and its own deposit.
  await consoleNav(page).getByRole('link', { name: 'Cars' }).click();
  await page.getByRole('link', { name: 'Add a car' }).click();
  await expect(page.getByRole('heading', { name: 'Add a car', level: 1 })).toBeVisible();
  const model = `Rio E2E ${randomInt(10_000, 100_000)}`;
  await page.getByLabel('Make').fill('Kia');
  await page.getByLabel('Model').fill(model);
  await page.getByLabel('Year').fill('2022');
  await page.getByLabel('Colour').fill('Sky Blue');
  await page.getByLabel('Body type').selectOption('sedan');
  await page.getByLabel('Transmission').selectOption('automatic');
  await page.getByLabel('Fuel').selectOption('petrol');
  await page.getByLabel('Description').fill('A quiet sedan for the harbour run.');
  await page.getByLabel('Price per day').fill('300');
  await page.getByLabel('Weekly price (optional)').fill('2100');
  await page.getByLabel('Deposit').fill('250');
  // Both mistakes at once (BOOK-20): no branch, and a week dearer than 7 days.
  await page.getByRole('button', { name: 'Add car' }).click();
  await expect(page.getByText('Choose a branch', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Weekly price must be less than 7 days at the price per day (GH₵ 2,100.00)'),
  ).toBeVisible();
  await page.getByLabel('Branch', { exact: true }).selectOption({ label: `${name} (Tema)` });
  await page.getByLabel('Weekly price (optional)').fill('1800');
  await page.getByRole('button', { name: 'Add car' }).click();
  await expect(page).toHaveURL(/\/admin\/cars\/\d+$/);
  const carId = Number(/\/admin\/cars\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByText(`2022 Kia ${model} added. Now add its photos.`)).toBeVisible();
  await expect(page.getByLabel('Branch', { exact: true })).toHaveValue(String(branch.id));

  // The fleet list shows where each car stands, and filters by branch.
  await page.goto(`/admin/cars?branch_id=${branch.id}`);
  const carRow = page.getByRole('row').filter({ hasText: model });
  await expect(carRow).toContainText(name);
  await expect(page.getByRole('row')).toHaveCount(2);

  // Renters see the car at its branch, with its deposit.
  const publicCar = (await (await request.get(`/api/cars/${carId}`)).json()) as {
    car: { branch: { name: string; town: string }; weekly_price: number; deposit: number };
  };
  expect(publicCar.car).toMatchObject({
    branch: { name, town: 'Tema' },
    weekly_price: 1800,
    deposit: 250,
  });

  // An extra's price: the child seat, set back afterwards for the journeys beside this one.
  await consoleNav(page).getByRole('link', { name: 'Prices' }).click();
  await expect(page.getByRole('heading', { name: 'Prices', level: 1 })).toBeVisible();
  const childSeat = page.getByLabel('Child seat, per day');
  const before = await childSeat.inputValue();
  try {
    await childSeat.fill('');
    await page.getByRole('button', { name: 'Save prices' }).click();
    await expect(page.getByText('Enter an amount in cedis')).toBeVisible();
    await childSeat.fill('42.50');
    await childSeat.press('Enter');
    await expect(
      page.getByText(
        'Prices saved. New quotes use them at once; bookings already made keep theirs.',
      ),
    ).toBeVisible();
    const quote = await request.get(
      `/api/bookings/quote?car_id=${carId}&start_date=${dayFromToday(30)}&end_date=${dayFromToday(32)}&child_seat=true`,
    );
    expect(quote.status()).toBe(200);
    expect(
      ((await quote.json()) as { lines: { label: string; amount: number }[] }).lines,
    ).toContainEqual({ label: 'Child seat (2 days)', amount: 85 });
    await page.reload();
    await expect(page.getByLabel('Child seat, per day')).toHaveValue('42.5');
  } finally {
    const prices = (await (
      await request.get('/api/admin/extra-prices', { headers: staff.headers })
    ).json()) as { prices: Record<string, number> };
    await request.put('/api/admin/extra-prices', {
      headers: staff.headers,
      data: { ...prices.prices, child_seat_per_day: Number(before) },
    });
  }
});

// The cars list and the new-car form are swept with the rest of the console (admin.spec.ts).
const pages = [
  { name: 'branches', path: '/admin/branches', heading: /^Branches$/ },
  { name: 'new-branch', path: '/admin/branches/new', heading: /^Add a branch$/ },
  { name: 'branch', path: '/admin/branches/1', heading: /office|Airport/ },
  { name: 'prices', path: '/admin/prices', heading: /^Prices$/ },
];

const viewports = [
  { width: 360, height: 800 },
  { width: 1366, height: 768 },
];

test.describe('branches and prices at 360×800, then 1366×768', () => {
  for (const consolePage of pages) {
    test(`${consolePage.name}: one main heading, nothing serious for axe`, async ({
      page,
      request,
    }) => {
      await openSignedIn(page, await apiSignIn(request, DEMO_STAFF));
      await page.setViewportSize(viewports[0]!);
      await page.goto(consolePage.path);
      // One load, both sizes: the console follows the window.
      for (const viewport of viewports) {
        await page.setViewportSize(viewport);
        await expect(
          page.getByRole('heading', { level: 1, name: consolePage.heading }),
        ).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await page.waitForLoadState('networkidle');
        await expectNoSeriousAxeViolations(page);
        await shot(page, `${consolePage.name}-${viewport.width}`);
      }
    });
  }

  test('field errors are shown, labelled and announced on the branch form', async ({
    page,
    request,
  }) => {
    await openSignedIn(page, await apiSignIn(request, DEMO_STAFF));
    await page.setViewportSize(viewports[0]!);
    await page.goto('/admin/branches/new');
    await page.getByRole('button', { name: 'Add branch' }).click();
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel('Name')).toHaveAccessibleDescription(/Name is required/);
      await expectNoSeriousAxeViolations(page);
      await shot(page, `branch-errors-${viewport.width}`);
    }
  });
});
