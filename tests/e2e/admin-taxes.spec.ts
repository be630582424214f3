import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/a11y';
import {
  apiCreateBooking,
  apiSignIn,
  apiSignUp,
  DEMO_STAFF,
  HANDOVER_TEST_BODIES,
  openSignedIn,
  type ApiSession,
} from './support/api';
import { dayFromToday } from './support/booking';
import { expect, test } from './support/fixtures';

// STAFF-45, HAND-15, HAND-16, PAGE-25: the owner sets the company's TIN and taxes in the
// console; a booking returned afterwards has a receipt that is a tax invoice, and its invoice
// page splits the same way. Screenshots at 360 and 1366 px when SHOTS_DIR is set.

const shotsDir = process.env.SHOTS_DIR;
async function shots(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  for (const size of [
    { width: 360, height: 800 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${shotsDir}/${name}-${size.width}.png`, fullPage: true });
  }
}

/** Other journeys share this server: the taxes go back to none once this one is done. */
async function clearTaxes(request: APIRequestContext, owner: ApiSession) {
  const res = await request.put('/api/admin/tax-settings', {
    headers: owner.headers,
    data: { tin: null, lines: [] },
  });
  expect(res.status()).toBe(200);
}

test('the owner sets the taxes; a booking returned afterwards has them on its receipt and invoice', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await apiSignIn(request, DEMO_STAFF);
  try {
    // The owner's Taxes section, reached from the console's menu.
    await openSignedIn(page, owner);
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Taxes', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Taxes', level: 1 })).toBeVisible();

    await page.getByLabel('TIN (Taxpayer Identification Number)').fill('c001 234 5678');
    for (const [name, rate] of [
      ['NHIL', '2.5'],
      ['GETFund Levy', '2.5'],
      ['VAT', '15'],
    ] as const) {
      await page.getByRole('button', { name: 'Add a tax' }).click();
      await page.getByLabel('Name').last().fill(name);
      await page.getByLabel('Rate (%)').last().fill(rate);
    }
    // The preview follows what is typed: GH₵ 1,000 all-in is 833.34 + 20.83 + 20.83 + 125.
    const preview = page.getByRole('table', { name: /splits into the value/ });
    await expect(preview.getByRole('row', { name: /VAT 15 %/ })).toContainText('GH₵ 125.00');
    await expect(preview.getByRole('row', { name: /Taxable value/ })).toContainText('GH₵ 833.34');
    await page.getByRole('button', { name: 'Save taxes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Tax settings saved' })).toBeVisible();
    await expect(page.getByLabel('TIN (Taxpayer Identification Number)')).toHaveValue(
      'C0012345678',
    );
    await expectNoSeriousAxeViolations(page);
    await shots(page, 'taxes-page');

    // A renter's booking, paid in cash, picked up and returned through the staff API.
    const renter = await apiSignUp(request, { name: 'Adwoa Taxpayer' });
    const free = await request.get(
      `/api/get/cars?start_date=${dayFromToday(0)}&end_date=${dayFromToday(1)}&limit=50`,
    );
    const cars = ((await free.json()) as { all_cars: { id: number }[] }).all_cars;
    const booking = await apiCreateBooking(request, renter, {
      car_id: cars[cars.length - 3]!.id,
      start_date: dayFromToday(0),
      end_date: dayFromToday(1),
    });
    const code = booking.booking_code;
    for (const action of ['record-cash', 'pick-up', 'return'])
      expect(
        (
          await request.post(`/api/admin/bookings/${code}/${action}`, {
            headers: owner.headers,
            data: HANDOVER_TEST_BODIES[action] ?? {},
          })
        ).status(),
      ).toBe(200);

    // The printed receipt: supplier, TIN, the all-in rental and its taxes.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`/admin/bookings/${code}/handover`);
    const tax = page.getByRole('region', { name: 'Tax invoice' });
    await expect(tax).toContainText('TIN C0012345678');
    const cedis = (amount: number) =>
      `GH₵ ${amount.toLocaleString('en-GH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const rental = booking.total_cost - booking.deposit;
    await expect(tax.getByRole('row', { name: /Total \(taxes included\)/ })).toContainText(
      cedis(rental),
    );
    for (const name of ['Taxable value', 'NHIL 2.5 %', 'GETFund Levy 2.5 %', 'VAT 15 %'])
      await expect(tax.getByRole('row', { name })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await shots(page, 'receipt');
    // On paper it is still one A4 page (HAND-9).
    await page.emulateMedia({ media: 'print' });
    const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
    await page.emulateMedia({ media: 'screen' });

    // The renter's invoice splits the same way, with the TIN and no VAT column of its own.
    const context = await browser.newContext();
    const renterPage = await context.newPage();
    await openSignedIn(renterPage, renter);
    await renterPage.goto(`/invoice?code=${code}`);
    await expect(renterPage.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible();
    await expect(renterPage.getByText('TIN C0012345678')).toBeVisible();
    await expect(renterPage.getByRole('columnheader', { name: /VAT/ })).toHaveCount(0);
    await expect(renterPage.getByText('NHIL 2.5 %')).toBeVisible();
    await expect(renterPage.getByText('Security deposit (refundable, no tax)')).toBeVisible();
    await expectNoSeriousAxeViolations(renterPage);
    await shots(renterPage, 'invoice');
    await context.close();
  } finally {
    await clearTaxes(request, owner);
  }
});
