import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { LoginCodeResponse, PendingSignInResponse } from '../../../src/shared/schemas/auth';
import { currentTotpCode } from '../../../src/server/modules/auth/staff-second-step';
import { signInPanel } from './auth';
import { failedRequest, type BrowserErrors } from './fixtures';

/**
 * Staff sign in with a second step (ACCT-22): the demo staff read an SMS code on the sandbox
 * phone (RUN-18). Two workers may sign the demo staff in at once, so a code is taken only
 * from texts that arrived after this sign-in began, and one that is refused (the other
 * worker's) is passed over for the next.
 */

/** The demo staff account of the seed (README). */
export const DEMO_STAFF = { msisdn: '0244000000', password: 'Staff@1234' } as const;

const messageKey = (m: { body: string; created_at: string }) => `${m.created_at} ${m.body}`;

/** What the sandbox phone holds now: to tell later texts from these. */
export async function sandboxMessageKeys(
  request: APIRequestContext,
  msisdn: string,
): Promise<Set<string>> {
  const inbox = await request.get(`/api/sandbox/sms?to=${encodeURIComponent(msisdn)}`);
  expect(inbox.status()).toBe(200);
  const { messages } = (await inbox.json()) as {
    messages: { body: string; created_at: string }[];
  };
  return new Set(messages.map(messageKey));
}

/** Sign-in codes that arrived since `before`, newest first, waiting for at least one. */
async function newSignInCodes(
  request: APIRequestContext,
  msisdn: string,
  before: Set<string>,
  tried: Set<string>,
): Promise<string[]> {
  let codes: string[] = [];
  await expect
    .poll(
      async () => {
        const inbox = await request.get(`/api/sandbox/sms?to=${encodeURIComponent(msisdn)}`);
        const { messages } = (await inbox.json()) as {
          messages: { body: string; created_at: string }[];
        };
        codes = messages
          .filter((m) => !before.has(messageKey(m)))
          .map((m) => /sign-in code is (\d{6})/.exec(m.body)?.[1])
          .filter((code): code is string => !!code && !tried.has(code));
        return codes.length;
      },
      { message: `a new sign-in code on the sandbox phone ${msisdn}`, intervals: [100] },
    )
    .toBeGreaterThan(0);
  return codes;
}

/**
 * Finishes a sign-in that answered 202 through the API: the first code of an authenticator
 * being set up (computed from the key, as the app would), or the SMS code from the sandbox.
 */
export async function finishSecondStepThroughApi(
  request: APIRequestContext,
  pending: PendingSignInResponse,
  msisdn: string,
  before: Set<string>,
): Promise<LoginCodeResponse> {
  const send = (code: string) =>
    request.post('/api/auth/login/code', { data: { ticket: pending.ticket, code } });
  if (pending.step === 'setup') {
    const done = await send(currentTotpCode(pending.secret));
    expect(done.status(), await done.text()).toBe(200);
    return (await done.json()) as LoginCodeResponse;
  }
  const tried = new Set<string>();
  for (let attempt = 0; attempt < 4; attempt++) {
    for (const code of await newSignInCodes(request, msisdn, before, tried)) {
      const done = await send(code);
      if (done.status() === 200) return (await done.json()) as LoginCodeResponse;
      tried.add(code);
    }
  }
  throw new Error(`no sign-in code on the sandbox phone ${msisdn} finished the sign-in`);
}

/**
 * Signs staff in through the Sign in tab of /login (the page must be open already): the
 * password, then the code from the sandbox phone typed into the code step. Give the test's
 * `browserErrors` so that a code passed over (another worker's) is not a failure.
 */
export async function submitStaffSignIn(
  page: Page,
  who: { msisdn: string; password: string } = DEMO_STAFF,
  browserErrors?: BrowserErrors,
) {
  const before = await sandboxMessageKeys(page.request, who.msisdn);
  const panel = signInPanel(page);
  await panel.getByLabel('Phone number').fill(who.msisdn);
  await panel.getByLabel('Password', { exact: true }).fill(who.password);
  await panel.getByRole('button', { name: 'Sign in' }).click();
  const codeField = panel.getByLabel('Code from the SMS');
  await expect(codeField).toBeVisible();
  const tried = new Set<string>();
  for (let attempt = 0; attempt < 4; attempt++) {
    for (const code of await newSignInCodes(page.request, who.msisdn, before, tried)) {
      await codeField.fill(code);
      await panel.getByRole('button', { name: 'Sign in' }).click();
      // Signed in: the form goes away with the page. Else the code was another sign-in's.
      const refused = panel.getByText('That code is not right or has expired.');
      const outcome = await Promise.race([
        codeField
          .waitFor({ state: 'detached', timeout: 10_000 })
          .then(() => 'in' as const)
          .catch(() => 'unknown' as const),
        refused
          .waitFor({ state: 'visible', timeout: 10_000 })
          .then(() => 'refused' as const)
          .catch(() => 'unknown' as const),
      ]);
      if (outcome === 'in') return;
      // The browser logs the refused code's 422: expected here, not a fault of the page.
      browserErrors?.allow(failedRequest(422));
      tried.add(code);
    }
  }
  throw new Error(`no sign-in code on the sandbox phone ${who.msisdn} finished the sign-in`);
}
