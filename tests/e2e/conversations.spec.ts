import { randomInt } from 'node:crypto';
import type { Browser } from '@playwright/test';
import sharp from 'sharp';
import { addDays, todayInAccra } from '../../src/shared/dates';
import { expectNoSeriousAxeViolations } from './support/a11y';
import {
  apiCreateBooking,
  apiSignIn,
  DEMO_STAFF,
  openSignedIn,
  signUpThroughApi,
} from './support/api';
import { expect, test } from './support/fixtures';

/*
 * A renter writes to the company from a booking with a photo, staff answer from the console's
 * inbox, and the renter is told by SMS and reads the reply (CONV-1 to CONV-13).
 */

const SHOTS = process.env.E2E_SHOTS_DIR;
const PHONE = { width: 360, height: 800 };
const LAPTOP = { width: 1366, height: 768 };

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();

async function staffPage(browser: Browser) {
  const context = await browser.newContext({ viewport: LAPTOP });
  const page = await context.newPage();
  await openSignedIn(page, await apiSignIn(page.request, DEMO_STAFF));
  return { context, page };
}

test('a renter writes from a booking with a photo, staff answer from the inbox, the renter is texted and reads the reply', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { renter, session } = await signUpThroughApi(page, { name: 'Esi Mirror' });
  const start = addDays(todayInAccra(), 120 + randomInt(55));
  const booking = await apiCreateBooking(page.request, session, {
    car_id: 1,
    start_date: start,
    end_date: addDays(start, 1),
  });
  const question = `The left mirror has a crack (${randomInt(1e6)}). Is that on record?`;

  // The renter, on a phone: from the booking's page to the conversation, linked to it.
  await page.setViewportSize(PHONE);
  await page.goto(`/booking-history/${booking.booking_code}`);
  await page.getByRole('link', { name: 'Message us about this booking' }).click();
  await expect(page).toHaveURL(/\/messages\?booking=/);
  await expect(page.getByText(`About booking ${booking.booking_code}`)).toBeVisible();
  await page.getByLabel('Your message').fill(question);
  await page.getByLabel(/Photos \(optional/).setInputFiles({
    name: 'mirror.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(),
  });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible();
  const thread = page.getByRole('list', { name: 'Messages with CarLink' });
  await expect(thread.getByText(question)).toBeVisible();
  await expect(thread.getByRole('img', { name: 'Photo 1 of 1 sent by you' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/renter-360.png`, fullPage: true });
  await page.setViewportSize(LAPTOP);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/renter-1366.png`, fullPage: true });

  // Staff, in the console's inbox: the unread conversation, its photo and booking, a reply.
  const staff = await staffPage(browser);
  await staff.page.goto('/admin/messages');
  const row = staff.page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: /Esi Mirror/ })
    .first();
  await expect(row).toContainText('unread');
  await row.click();
  const staffThread = staff.page.getByRole('list', { name: 'Messages with Esi Mirror' });
  await expect(staffThread.getByText(question)).toBeVisible();
  await expect(
    staffThread.getByRole('img', { name: /Photo 1 of 1 from Esi Mirror/ }),
  ).toBeVisible();
  await expect(staffThread.getByRole('link', { name: booking.booking_code })).toBeVisible();
  await expect(
    staff.page.getByRole('complementary', { name: "Customer's bookings" }).getByRole('link', {
      name: booking.booking_code,
    }),
  ).toBeVisible();
  const answer = 'Yes, it is on the pickup record. Nothing to pay. Kwame';
  await staff.page.getByLabel('Reply').fill(answer);
  await staff.page.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.page.getByRole('status').filter({ hasText: 'Reply sent' })).toBeVisible();
  await expect(staffThread.getByText(answer)).toBeVisible();
  await expectNoSeriousAxeViolations(staff.page);
  if (SHOTS) await staff.page.screenshot({ path: `${SHOTS}/staff-1366.png`, fullPage: true });
  await staff.page.setViewportSize(PHONE);
  if (SHOTS) await staff.page.screenshot({ path: `${SHOTS}/staff-360.png`, fullPage: true });
  await staff.page.goto('/admin/messages');
  await expect(staff.page.getByRole('list', { name: 'Conversations' })).toBeVisible();
  if (SHOTS) await staff.page.screenshot({ path: `${SHOTS}/staff-list-360.png`, fullPage: true });
  await staff.context.close();

  // The renter's phone: a text with no word of the reply, and a link to /messages (CONV-12).
  await page.goto(`/sandbox/phone?msisdn=${encodeURIComponent(renter.msisdn)}`);
  await expect(page.getByText(/our team has replied to your message/)).toBeVisible();
  const inbox = await page.request.get(`/api/sandbox/sms?to=${encodeURIComponent(renter.msisdn)}`);
  const texts = ((await inbox.json()) as { messages: { body: string }[] }).messages.map(
    (m) => m.body,
  );
  const notice = texts.find((t) => t.includes('replied'))!;
  expect(notice).toMatch(/\/messages$/);
  expect(notice).not.toContain('pickup record');

  // The account menu counts the unread reply; the page shows it and reads it (CONV-13).
  await page.goto('/');
  const account = page.getByRole('button', { name: /Account menu for/ });
  await expect(account).toHaveAccessibleDescription('1 unread message');
  await account.click();
  await page.getByRole('link', { name: /Messages\s*1 unread/ }).click();
  await expect(
    page.getByRole('list', { name: 'Messages with CarLink' }).getByText(answer),
  ).toBeVisible();
  // The demo staff member answered; their first name says who.
  await expect(page.getByText('Kwame at CarLink')).toBeVisible();
  await expect(account).not.toHaveAccessibleDescription(/unread/);
});
