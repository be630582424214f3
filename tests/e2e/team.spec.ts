import type { Locator } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/a11y';
import { apiCreateBooking, apiSignIn } from './support/api';
import { dayFromToday } from './support/booking';
import { expect, test } from './support/fixtures';

/** The model year in a card's heading ('2022 Toyota RAV4 Hybrid'). */
async function yearsOf(panel: Locator): Promise<number[]> {
  const names = await panel.getByRole('article').getByRole('heading').allTextContents();
  return names.map((name) => Number(/^(\d{4}) /.exec(name.trim())![1]));
}

test('the team list links each person to their own page', async ({ page }) => {
  await page.goto('/team-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Meet Our Team' })).toBeVisible();
  const people = page.getByRole('article');
  expect(await people.count()).toBeGreaterThanOrEqual(4);
  const third = people.nth(2).getByRole('link');
  const name = (await third.textContent())!;
  await third.click();
  await expect(page).toHaveURL(/\/team-single\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('an unknown team member falls back to the first one', async ({ page }) => {
  await page.goto('/team-list');
  const first = (await page.getByRole('article').first().getByRole('link').textContent())!;
  await page.goto('/team-single/9999');
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
});

test("'Explore All Vehicles' tabs filter the real fleet and link to the car pages", async ({
  page,
  request,
}) => {
  await page.goto('/team-single/2');
  const tabs = page.getByRole('tablist', { name: 'Vehicle categories' });
  await expect(tabs.getByRole('tab', { name: 'New cars' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const panel = page.getByRole('tabpanel');

  // 'New cars' says from which model year; every card is that year or newer.
  const note = await panel.getByText(/^Model year \d{4} or newer\./).textContent();
  const firstNew = Number(/(\d{4})/.exec(note!)![1]);
  await expect(panel.getByRole('article').first()).toBeVisible();
  for (const year of await yearsOf(panel)) expect(year).toBeGreaterThanOrEqual(firstNew);

  await tabs.getByRole('tab', { name: 'Used Cars' }).click();
  await expect(panel.getByText(/^Model year \d{4} or older/)).toBeVisible();
  await expect(panel.getByRole('article').first()).toBeVisible();
  const used = await yearsOf(panel);
  expect(used.length).toBeGreaterThan(0);
  for (const year of used) expect(year).toBeLessThan(firstNew);

  // 'In Stock' leaves out a car booked for today.
  await tabs.getByRole('tab', { name: 'In Stock' }).click();
  const cards = panel.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const link = cards.last().getByRole('link');
  const title = (await cards.last().getByRole('heading').textContent())!.trim();
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/inventory-page-single-v1\/\d+$/);
  const carId = Number(href.split('/').pop());
  await apiCreateBooking(request, await apiSignIn(request), {
    car_id: carId,
    start_date: dayFromToday(0),
    end_date: dayFromToday(0),
  });

  await page.reload();
  await page.getByRole('tab', { name: 'In Stock' }).click();
  await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: title })).toHaveCount(0);

  // A card opens the car's single page.
  await page.getByRole('tab', { name: 'New cars' }).click();
  const card = page.getByRole('tabpanel').getByRole('article').first();
  const cardTitle = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/inventory-page-single-v1\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: cardTitle })).toBeVisible();
});
