import { mkdirSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/a11y';
import { apiSignIn, DEMO_STAFF, openSignedIn } from './support/api';
import { expect, test } from './support/fixtures';

/** Screenshots of the page, when SHOTS_DIR is set (e.g. .scratch/shots). */
const shotsDir = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

test('the owner changes a car’s price, then finds the change in the audit trail (AUDIT-11)', async ({
  page,
  request,
}) => {
  const owner = await apiSignIn(request, DEMO_STAFF);
  // A car of its own: the journeys beside this one book the demo fleet at its prices.
  const branches = (await (
    await request.get('/api/admin/branches', { headers: owner.headers })
  ).json()) as { branches: { id: number }[] };
  const model = `Audit ${randomInt(10_000, 100_000)}`;
  const created = await request.post('/api/admin/cars', {
    headers: owner.headers,
    data: {
      make: 'Kia',
      model,
      year: 2021,
      description: 'For the audit trail journey.',
      body_type: 'hatchback',
      transmission: 'automatic',
      fuel_type: 'petrol',
      colour: 'Blue',
      no_of_doors: 5,
      seat_capacity: 4,
      has_airconditioning: true,
      has_bluetooth: false,
      usb_charger: false,
      price_per_day: 300,
      old_price: null,
      city: 'Accra',
      lat: 5.6,
      long: -0.19,
      branch_id: branches.branches[0]!.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const carId = ((await created.json()) as { car: { id: number } }).car.id;

  await openSignedIn(page, owner);
  await page.goto(`/admin/cars/${carId}`);
  await page.getByLabel('Price per day').fill('345');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`2021 Kia ${model} saved.`)).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Audit trail' })
    .click();
  await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search the audit trail' }).fill(String(carId));
  const row = page
    .getByRole('row')
    .filter({ hasText: `Car ${carId}` })
    .filter({ hasText: 'update' });
  await expect(row).toContainText('price per day');
  await expect(row).toContainText('GH₵ 300.00');
  await expect(row).toContainText('GH₵ 345.00');
  await expect(row).toContainText('(Owner)');
  await expectNoSeriousAxeViolations(page);
  await shot(page, 'audit-trail-1366');

  // The same filter as a file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe('audit-trail.csv');

  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
  await expect(page.getByText('GH₵ 345.00').first()).toBeVisible();
  await shot(page, 'audit-trail-360');
});
