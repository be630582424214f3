import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { registerPanel, uniquePhoneNumber } from './support/auth';
import { apiSignIn, signUpThroughApi } from './support/api';
import { expect, test } from './support/fixtures';

/** A real picture of the given kind and size, as a phone's gallery would hand it over. */
const picture = async (format: 'png' | 'jpeg' | 'gif', width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 11, g: 93, b: 59 } } })
    .toFormat(format)
    .toBuffer();

test('cars saved with Save are listed on My Favorites as real cards, until removed', async ({
  page,
}) => {
  await page.goto('/favorite');
  await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible();
  await expect(page.getByRole('heading', { name: "You haven't saved any cars yet" })).toBeVisible();

  for (const id of [3, 5]) {
    await page.goto(`/car-details?id=${id}`);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
  }
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('wishlist') ?? '[]'))).toEqual([
    3, 5,
  ]);

  await page.goto('/favorite');
  await expect(page.getByText('Showing 1 to 2 of 2 saved cars')).toBeVisible();
  // Newest first, with the fleet's real titles and prices.
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).getByRole('link')).toHaveAccessibleName(
    '2020 Nissan Navara Double Cab',
  );
  await expect(cards.nth(1).getByRole('link')).toHaveAccessibleName('2021 Kia Picanto');
  await expect(cards.nth(1)).toContainText('GH₵ 350/Day');

  await page.getByRole('button', { name: 'Remove 2020 Nissan Navara Double Cab' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'removed from your favorites' }),
  ).toBeVisible();
  await expect(cards).toHaveCount(1);
  await page.reload();
  await expect(page.getByText('Showing 1 to 1 of 1 saved car')).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('wishlist') ?? '[]'))).toEqual([
    3,
  ]);
});

test("a visitor's dashboard counts the cars saved in this browser, and a favourite opens its car's page", async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('wishlist', JSON.stringify([3, 5, 6])));
  await page.goto('/dashboard');
  // AREA-1: no sample figures; signing in is what shows the renter's own.
  await expect(page.getByText('Sample content.')).toBeHidden();
  await expect(
    page.getByText(
      'You have 3 cars saved in this browser: they join your account when you sign in.',
    ),
  ).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: 'My Favorites' })
    .click();
  await expect(page).toHaveURL(/\/favorite$/);
  await page.getByRole('link', { name: '2021 Kia Picanto' }).click();
  await expect(page).toHaveURL(/\/car-details\?id=3$/);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('a visitor on /profile is sent to sign in, and comes back to it afterwards', async ({
  page,
}) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('tab', { name: 'Register' }).click();
  const panel = registerPanel(page);
  await panel.getByLabel('Full name').fill('Yaa Asantewaa');
  await panel.getByLabel('Phone number').fill(uniquePhoneNumber());
  await panel.getByLabel('Password', { exact: true }).fill('Akwaaba@2026');
  await panel.getByLabel('Confirm password', { exact: true }).fill('Akwaaba@2026');
  await panel.getByRole('checkbox', { name: 'I accept the privacy policy' }).check();
  await panel.getByRole('button', { name: 'Register' }).click();
  // The code from the SMS can wait: the profile says so and offers it again (ACCT-10).
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(
    page.getByRole('heading', { name: 'Your phone number is not verified' }),
  ).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Yaa');
  await expect(page.getByLabel('Last name')).toHaveValue('Asantewaa');
});

test('a renter saves their name, email and WhatsApp number, and they are still there after a reload', async ({
  page,
  request,
}) => {
  const { renter } = await signUpThroughApi(page, { name: 'Kofi Boateng' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const first = page.getByLabel('First name');
  const last = page.getByLabel('Last name');
  const email = page.getByLabel('Email', { exact: true });
  const whatsapp = page.getByLabel('WhatsApp number');
  await expect(first).toHaveValue('Kofi');
  await expect(last).toHaveValue('Boateng');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(
    `+233 ${renter.msisdn.slice(1, 3)} ${renter.msisdn.slice(3, 6)} ${renter.msisdn.slice(6)}`,
  );

  // Checked before anything is sent, with the messages beside the fields.
  await first.fill('');
  await email.fill('kofi@');
  await whatsapp.fill('024-ABC');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('WhatsApp number must be only digits')).toBeVisible();

  await first.fill('Kofi');
  await last.fill('Mensah-Boateng');
  await email.fill('kofi.boateng@example.com');
  await whatsapp.fill('0244123456');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your profile has been saved.' }),
  ).toBeVisible();
  // The header knows the new name at once (the session's copy of the user).
  await expect(
    page.getByRole('button', { name: 'Account menu for Kofi Mensah-Boateng' }),
  ).toBeVisible();

  await page.reload();
  await expect(first).toHaveValue('Kofi');
  await expect(last).toHaveValue('Mensah-Boateng');
  await expect(email).toHaveValue('kofi.boateng@example.com');
  await expect(whatsapp).toHaveValue('+233 24 412 3456');
  await expect(
    page.getByRole('button', { name: 'Account menu for Kofi Mensah-Boateng' }),
  ).toBeVisible();

  // Stored on the server, not only in this browser.
  const session = await apiSignIn(request, renter);
  expect(session.user).toMatchObject({
    name: 'Kofi Mensah-Boateng',
    email: 'kofi.boateng@example.com',
    whatsapp: '233244123456',
  });
});

test('the profile photo is checked (kind, 1MB, 330x300) and only previewed', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Akosua Frimpong' });
  await page.goto('/profile');
  const picker = page.getByLabel('Choose a profile photo');
  const error = page.getByRole('alert');

  await picker.setInputFiles({
    name: 'me.gif',
    mimeType: 'image/gif',
    buffer: await picture('gif', 400, 400),
  });
  await expect(error).toHaveText('Please choose a .jpg or .png image.');

  // Over 1MB is refused before the picture is even opened.
  await picker.setInputFiles({
    name: 'huge.jpg',
    mimeType: 'image/jpeg',
    buffer: randomBytes(1024 * 1024 + 1),
  });
  await expect(error).toHaveText('The image is larger than 1MB. Please choose a smaller one.');

  await picker.setInputFiles({
    name: 'small.png',
    mimeType: 'image/png',
    buffer: await picture('png', 329, 400),
  });
  await expect(error).toHaveText('The image is smaller than 330x300. Please choose a larger one.');

  await picker.setInputFiles({
    name: 'me.jpg',
    mimeType: 'image/jpeg',
    buffer: await picture('jpeg', 330, 300),
  });
  await expect(page.getByRole('img', { name: 'Preview of your new profile photo' })).toBeVisible();
  await expect(error).toBeHidden();
  await expect(page.getByText('Max file size 1MB, minimum 330x300, .jpg and .png')).toBeVisible();
});

test('the owner pages are marked as sample content and share the dashboard menu', async ({
  page,
}) => {
  for (const [path, title] of [['/my-listings', 'My Listings']] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Sample content.')).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Account' });
    // AREA-9: a person who lists no car is offered the partner programme, not owner tools.
    await expect(menu.getByRole('link')).toHaveText([
      'Dashboard',
      'Earn with your car',
      'My Favorites',
      'Saved Search',
      'Messages',
      'Profile',
      'Sign in',
    ]);
  }
  await page.goto('/my-listings');
  await expect(page.getByRole('columnheader')).toHaveText([
    'Make',
    'Model',
    'Year',
    'Transmission',
    'FuelType',
    'Action',
  ]);
  await page.getByLabel('Search listings').fill('hilux');
  await expect(page.getByRole('row')).toHaveCount(2);
});
