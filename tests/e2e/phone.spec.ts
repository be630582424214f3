import { signUp } from './support/auth';
import { dayFromToday, fillTripAndProceed, payWith, startBooking } from './support/booking';
import { expect, test } from './support/fixtures';
import { expectNoSeriousAxeViolations } from './support/a11y';

test.use({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

test('the main journey on a 360×800 phone: browse, sign up, book, see it in history', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Explore Our Vehicles' })).toBeVisible();
  // Nothing sticks out sideways on a small phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // Axe on the home page at this size is route-sweep.spec.ts's.

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign In and Register' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();

  await signUp(page, { name: 'Nana Adjei' });
  await startBooking(page, 10);
  await fillTripAndProceed(page, {
    start: dayFromToday(30),
    end: dayFromToday(31),
    destination: 'Tema',
    within: false,
  });
  const dialog = await payWith(page, 'Payment on Pickup');
  await expect(dialog.getByRole('heading', { name: 'Booking Successful!' })).toBeVisible();
  await dialog.getByRole('link', { name: 'View Bookings' }).click();
  await expect(page.getByText('Showing 1 to 1 of 1 bookings')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
