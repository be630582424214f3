import type { Locator, Page } from '@playwright/test';
import { apiSignIn, DEMO_STAFF, openSignedIn } from './support/api';
import { expect, test } from './support/fixtures';

/*
 * The console as a new staff member meets it on a laptop (1366 × 768, the sidebar open) and on
 * a phone: lists that fit (STAFF-30), charts that say when they have nothing to show (STAFF-31).
 */

const LAPTOP = { width: 1366, height: 768 };

async function openConsole(page: Page, request: Parameters<typeof apiSignIn>[0], path: string) {
  await openSignedIn(page, await apiSignIn(request, DEMO_STAFF));
  await page.goto(path);
}

/** How far a box's content reaches past its right edge, in pixels (0 when it fits). */
const overflowOf = (box: Locator) =>
  box.evaluate((element) => Math.max(0, element.scrollWidth - element.clientWidth));

test.describe('on a laptop', () => {
  test.use({ viewport: LAPTOP });

  test('the bookings table fits beside the sidebar, even with long names, a flag and dates across a new year', async ({
    page,
    request,
  }) => {
    // The demo's bookings, half of them stretched to the longest a real one gets: the widest
    // rows the table must hold without a sideways scroll (STAFF-5).
    await page.route('**/api/admin/bookings?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { bookings: Record<string, unknown>[] };
      // Every other row stays as the demo made it: real rows must fit too.
      body.bookings = body.bookings.map((booking, i) =>
        i % 2
          ? booking
          : {
              ...booking,
              payment_status: 'refund_pending',
              status: 'cancelled',
              flagged: true,
              start_date: '2026-12-30',
              end_date: '2027-01-02',
              total_cost: 99_999.99,
              car: {
                ...(booking.car as object),
                title: '2024 Mercedes-Benz GLE 450 4MATIC Coupé AMG Line',
              },
              renter: {
                ...(booking.renter as object),
                name: 'Nana Akosua Serwaa Oforiwaa-Boateng',
              },
              branch: {
                ...(booking.branch as object),
                name: 'Kotoka International Airport, Terminal 3',
              },
            },
      );
      await route.fulfill({ response, json: body });
    });
    await openConsole(page, request, '/admin/bookings');

    const table = page.getByRole('table', { name: 'Bookings' });
    // A header row and the demo's rows (a busy machine may take a while to render them).
    await expect(table.getByRole('row').nth(2)).toBeVisible({ timeout: 15_000 });
    await expect(table.getByText('Nana Akosua Serwaa Oforiwaa-Boateng').first()).toBeVisible();
    expect(await overflowOf(table.locator('..')), 'the table scrolls sideways').toBe(0);
    expect(await overflowOf(page.locator('html')), 'the page scrolls sideways').toBe(0);
    // Every column is on screen: the last one's right edge is inside the window.
    const booked = await table.getByRole('columnheader', { name: 'Booked' }).boundingBox();
    expect(booked!.x + booked!.width).toBeLessThanOrEqual(LAPTOP.width);
  });

  test('a dashboard with no money in either month says so instead of drawing a bare axis', async ({
    page,
    request,
  }) => {
    await page.route('**/api/admin/dashboard', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        revenue: {
          this_month: { amount: number; payments: number };
          last_month: { amount: number; payments: number };
          daily: { amount: number }[];
        };
      };
      for (const month of [body.revenue.this_month, body.revenue.last_month]) {
        month.amount = 0;
        month.payments = 0;
      }
      for (const day of body.revenue.daily) day.amount = 0;
      await route.fulfill({ response, json: body });
    });
    await openConsole(page, request, '/admin');

    const revenue = page.getByRole('region', { name: 'Revenue' });
    await expect(revenue.getByText('No data yet')).toBeVisible();
    await expect(
      revenue.getByText(/^No payments received in \w+ \d{4} or \w+ \d{4}\.$/),
    ).toBeVisible();
    await expect(revenue.locator('svg')).toHaveCount(0);
  });

  test('a dashboard with money draws the month, its days named in proper English', async ({
    page,
    request,
  }) => {
    await page.route('**/api/admin/dashboard', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { revenue: { daily: { amount: number }[] } };
      body.revenue.daily[0]!.amount = 1_250;
      await route.fulfill({ response, json: body });
    });
    await openConsole(page, request, '/admin');

    const revenue = page.getByRole('region', { name: 'Revenue' });
    await expect(revenue.getByText('No data yet')).toHaveCount(0);
    await expect(revenue.locator('svg text').first()).toBeAttached();
    const days = await revenue.locator('svg text').allTextContents();
    expect(days).toContain('1st');
    expect(days.some((label) => /^(28th|29th|30th|31st)$/.test(label))).toBe(true);
    expect(days.filter((label) => /^\d+(st|nd|rd|th)$/.test(label))).not.toContain('31th');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  // The dashboard, cars, new-car, customers and messages pages are checked in admin.spec.ts's
  // console sweep, which loads them on a phone anyway; it shows the completed bookings only.
  test('the whole bookings list does not scroll sideways', async ({ page, request }) => {
    await openConsole(page, request, '/admin/bookings');
    await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
    // The list has its rows (or its empty state) before the width is measured.
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    expect(await overflowOf(page.locator('html')), '/admin/bookings').toBe(0);
  });

  test('the section strip fades on the side where more sections are hidden', async ({
    page,
    request,
  }) => {
    await openConsole(page, request, '/admin');
    const nav = page.getByRole('navigation', { name: 'Console' });
    const strip = nav.getByRole('list');
    const fade = (side: 'before' | 'after') =>
      nav.evaluate((element, s) => getComputedStyle(element, `::${s}`).opacity, side);
    // The dashboard is the first section: the rest lie to the right.
    await expect.poll(() => fade('after')).toBe('1');
    expect(await fade('before')).toBe('0');

    await strip.evaluate((list) => list.scrollTo({ left: list.scrollWidth }));
    await expect.poll(() => fade('before')).toBe('1');
    await expect.poll(() => fade('after')).toBe('0');

    // The last section, opened, is scrolled into sight: the fade is on its left only.
    await nav.getByRole('link', { name: 'Staff', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
    await expect.poll(() => fade('before')).toBe('1');
    await expect.poll(() => fade('after')).toBe('0');
  });
});
