import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_RENTER, readSandboxCode, uniquePhoneNumber, type Renter } from './auth';
import { finishSecondStepThroughApi, sandboxMessageKeys } from './staff-sign-in';

/**
 * The least a pickup and a return record need through the admin API (HAND-1, HAND-5), for
 * specs about something else than the handover.
 */
export const HANDOVER_TEST_BODIES: Record<string, object> = {
  'pick-up': { odometer_km: 12_000, fuel_eighths: 8, documents_override: 'Seen at the desk' },
  return: { odometer_km: 12_400, fuel_eighths: 8 },
};

export { DEMO_STAFF } from './staff-sign-in';

export interface ApiSession {
  token: string;
  user: { id: number; name: string; msisdn: string; email: string | null; whatsapp: string | null };
  headers: { authorization: string };
}

/**
 * Signs in through the API (not the form): for tests about something else than signing in.
 * Staff finish their second step (ACCT-22) with the code from the sandbox phone.
 */
export async function apiSignIn(
  request: APIRequestContext,
  who: Pick<Renter, 'msisdn' | 'password'> = DEMO_RENTER,
): Promise<ApiSession> {
  const before = await sandboxMessageKeys(request, who.msisdn);
  const response = await request.post('/api/auth/login', {
    data: { msisdn: who.msisdn, password: who.password },
  });
  expect([200, 202], await response.text()).toContain(response.status());
  const body =
    response.status() === 202
      ? await finishSecondStepThroughApi(request, await response.json(), who.msisdn, before)
      : ((await response.json()) as { access_token: string; user: ApiSession['user'] });
  return {
    token: body.access_token,
    user: body.user,
    headers: { authorization: `Bearer ${body.access_token}` },
  };
}

/**
 * Registers a new renter through the API (not the Register tab) and, unless told not to,
 * verifies their number with the code the sandbox phone received: for tests about something
 * after signing up. The Register tab itself is tested in register.spec.ts and
 * phone-account.spec.ts, and in the phone journey (phone.spec.ts).
 */
export async function apiSignUp(
  request: APIRequestContext,
  overrides: Partial<Renter> = {},
  { verifyPhone = true }: { verifyPhone?: boolean } = {},
): Promise<ApiSession & { renter: Renter }> {
  const renter: Renter = {
    name: 'Kofi Boateng',
    msisdn: uniquePhoneNumber(),
    password: 'Akwaaba@2026',
    ...overrides,
  };
  const registered = await request.post('/api/auth/register', { data: renter });
  expect(registered.status(), await registered.text()).toBe(201);
  const body = (await registered.json()) as { access_token: string; user: ApiSession['user'] };
  const headers = { authorization: `Bearer ${body.access_token}` };
  let user = body.user;
  if (verifyPhone) {
    const verified = await request.post('/api/auth/phone/verify', {
      headers,
      data: { code: await readSandboxCode(request, renter.msisdn) },
    });
    expect(verified.status(), await verified.text()).toBe(200);
    user = ((await verified.json()) as { user: ApiSession['user'] }).user;
  }
  return { token: body.access_token, user, headers, renter };
}

/**
 * Puts a session into the page's storage before its first page's scripts run, as the app itself
 * keeps it (PAGE-15: 'token' and 'auth'), so the page opens signed in. Only the tab's first
 * document gets it: a later sign-out, or a session a test ages or revokes, is not put back.
 */
export async function openSignedIn(page: Page, session: ApiSession) {
  await page.addInitScript(
    ({ token, user }) => {
      if (sessionStorage.getItem('e2e-session-placed')) return;
      sessionStorage.setItem('e2e-session-placed', 'yes');
      localStorage.setItem('token', token);
      localStorage.setItem(
        'auth',
        JSON.stringify({ user, token, isAuthenticated: true, loginTimestamp: Date.now() }),
      );
    },
    { token: session.token, user: session.user },
  );
}

/**
 * A new renter, registered and verified through the API, whose page opens signed in: for
 * tests about what a renter does after signing up.
 */
export async function signUpThroughApi(
  page: Page,
  overrides: Partial<Renter> = {},
  options: { verifyPhone?: boolean } = {},
): Promise<{ renter: Renter; session: ApiSession }> {
  const { renter, ...session } = await apiSignUp(page.request, overrides, options);
  await openSignedIn(page, session);
  return { renter, session };
}

/** Books a car through the API, as the payment modal would, and returns the booking. */
export async function apiCreateBooking(
  request: APIRequestContext,
  session: ApiSession,
  booking: { car_id: number; start_date: string; end_date: string; destination?: string },
) {
  const response = await request.post('/api/bookings/create', {
    headers: session.headers,
    data: {
      destination: 'Kumasi',
      destination_type: 2,
      payment_method: 'payOnPickup',
      ...booking,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (
    (await response.json()) as {
      booking: {
        booking_code: string;
        total_cost: number;
        line_cost: number;
        deposit: number;
        days: number;
      };
    }
  ).booking;
}
