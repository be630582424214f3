import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo renter seeded into every fresh database (README). */
export const DEMO_RENTER = {
  name: 'Ama Mensah',
  msisdn: '0244000001',
  password: 'Demo@1234',
} as const;

export interface Renter {
  name: string;
  msisdn: string;
  password: string;
}

/**
 * A phone number nobody has used: random, so runs against a long-lived dev database and
 * parallel workers never collide (the server allows only 5 sign-up attempts per number).
 */
export function uniquePhoneNumber(): string {
  // 055 is an MTN range: the server takes only numbers a real network could reach (ACCT-1).
  return `055${randomInt(1_000_000, 10_000_000)}`;
}

export const signInPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Sign in' });
export const registerPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Register' });

/** Fills the Sign in tab of /login and submits it (the page must be open already). */
export async function submitSignIn(page: Page, msisdn: string, password: string) {
  const panel = signInPanel(page);
  await panel.getByLabel('Phone number').fill(msisdn);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the real form; lands on /available-cars (ROUTE-2). */
export async function signIn(page: Page, renter: Pick<Renter, 'msisdn' | 'password'>) {
  await page.goto('/login');
  await submitSignIn(page, renter.msisdn, renter.password);
  await expect(page).toHaveURL(/\/available-cars$/);
}

export const signInAsDemo = (page: Page) => signIn(page, DEMO_RENTER);

/**
 * Registers a new renter through the real Register tab and returns who they are. Registering
 * asks for the code from the SMS at once (ACCT-10): by default the helper types the code the
 * sandbox phone received into that form, as a renter would; `verifyPhone: false` skips it, so
 * the renter can only book after verifying in the booking flow (ACCT-12).
 */
export async function signUp(
  page: Page,
  overrides: Partial<Renter> = {},
  { verifyPhone = true }: { verifyPhone?: boolean } = {},
): Promise<Renter> {
  const renter: Renter = {
    name: 'Kofi Boateng',
    msisdn: uniquePhoneNumber(),
    password: 'Akwaaba@2026',
    ...overrides,
  };
  await page.goto('/login?tab=register');
  const panel = registerPanel(page);
  await panel.getByLabel('Full name').fill(renter.name);
  await panel.getByLabel('Phone number').fill(renter.msisdn);
  await panel.getByLabel('Password', { exact: true }).fill(renter.password);
  await panel.getByLabel('Confirm password', { exact: true }).fill(renter.password);
  await panel.getByRole('checkbox', { name: 'I accept the privacy policy' }).check();
  await panel.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  if (verifyPhone) await enterCodeFromSandboxPhone(page, renter.msisdn);
  else await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/available-cars$/);
  return renter;
}

/**
 * The newest code the sandbox phone received (RUN-12), read through its API: the journeys
 * about the sandbox phone page read it on the page instead.
 */
export async function readSandboxCode(
  from: Page | APIRequestContext,
  msisdn: string,
): Promise<string> {
  const request = 'request' in from ? from.request : from;
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const inbox = await request.get(`/api/sandbox/sms?to=${encodeURIComponent(msisdn)}`);
        expect(inbox.status()).toBe(200);
        const { messages } = (await inbox.json()) as { messages: { body: string }[] };
        code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
        return code;
      },
      { message: `a code on the sandbox phone ${msisdn}`, intervals: [100] },
    )
    .toBeTruthy();
  return code!;
}

/** Types the sandbox phone's newest code into the code form on screen and sends it. */
export async function enterCodeFromSandboxPhone(page: Page, msisdn: string) {
  await page.getByLabel('Code from the SMS').fill(await readSandboxCode(page, msisdn));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

/** What the app keeps in localStorage (PAGE-15). */
export async function readStoredSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    auth: JSON.parse(localStorage.getItem('auth') ?? 'null') as { loginTimestamp: number } | null,
  }));
}
