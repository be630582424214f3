import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { LoginCodeResponse } from '../../../../shared/schemas/auth';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { getSessionState, logout } from '../../../lib/session-store';
import { renderWithApp } from '../../../testing/render';
import { LoginForm } from './login-form';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efghj`);
const signedIn: LoginCodeResponse = {
  status_code: '010',
  message: 'Login successful',
  user: {
    id: 9,
    name: 'Esi Boateng',
    msisdn: '233244111222',
    email: null,
    whatsapp: null,
    role: 'staff',
    staff_role: 'owner',
    phone_verified: true,
    sms_reminders: true,
  },
  access_token: 'staff-token',
  expires_at: new Date(Date.now() + 12 * 3_600_000).toISOString(),
};
const wrongCode = new ApiError(422, 'That code is not right or has expired.', {
  code: ['That code is not right or has expired.'],
});

beforeEach(async () => {
  api.mockReset();
  api.mockResolvedValue({ message: 'ok' });
  await logout().catch(() => {});
  api.mockReset();
});

async function signInWithPassword() {
  const person = userEvent.setup();
  const onSignedIn = vi.fn();
  renderWithApp(<LoginForm onSignedIn={onSignedIn} />);
  await person.type(screen.getByLabelText('Phone number'), '0244111222');
  await person.type(screen.getByLabelText('Password'), 'Strong@Pass1');
  await person.click(screen.getByRole('button', { name: 'Sign in' }));
  return { person, onSignedIn };
}

describe("a staff member's second step on the Sign in tab (ACCT-28)", () => {
  test('the first sign-in sets up the app; the session starts only once the recovery codes are saved', async () => {
    api.mockImplementation(async (path, options) => {
      if (path === '/auth/login')
        return {
          step: 'setup',
          ticket: 'ticket-setup',
          message: 'Scan the QR code.',
          otpauth_uri: 'otpauth://totp/x',
          secret: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
          qr_svg: 'data:image/svg+xml;base64,PHN2Zy8+',
        };
      if (path === '/auth/login/code') {
        const body = options?.body as { ticket: string; code: string };
        expect(body.ticket).toBe('ticket-setup');
        if (body.code !== '123456') throw wrongCode;
        return { ...signedIn, recovery_codes: codes };
      }
      throw new Error(`unexpected request ${path}`);
    });
    const { person, onSignedIn } = await signInWithPassword();

    const qr = await screen.findByRole('img', {
      name: 'QR code that adds your CarLink Ghana staff account to an authenticator app',
    });
    expect(qr.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByText('ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567')).toBeTruthy();

    await person.type(screen.getByLabelText('Code shown in the app'), '654321');
    await person.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('That code is not right or has expired.')).toBeTruthy();

    await person.clear(screen.getByLabelText('Code shown in the app'));
    await person.type(screen.getByLabelText('Code shown in the app'), '123456');
    await person.click(screen.getByRole('button', { name: 'Confirm' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(screen.getByRole('link', { name: 'Download codes' }).getAttribute('download')).toBe(
      'carlink-recovery-codes.txt',
    );
    const next = screen.getByRole('button', { name: 'Continue' });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    expect(getSessionState().isAuthenticated).toBe(false);

    await person.click(screen.getByLabelText('I have saved them'));
    await person.click(next);
    expect(onSignedIn).toHaveBeenCalledOnce();
    expect(getSessionState()).toMatchObject({
      isAuthenticated: true,
      token: 'staff-token',
      lifetimeMs: 12 * 3_600_000,
    });
  });

  test('later, a code from the app or a recovery code finishes the sign-in', async () => {
    api.mockImplementation(async (path, options) => {
      if (path === '/auth/login')
        return {
          step: 'code',
          method: 'totp',
          ticket: 'ticket-app',
          message: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
        };
      if (path === '/auth/login/code') {
        expect((options?.body as { code: string }).code).toBe('kf9xs-e4etp');
        return signedIn;
      }
      throw new Error(`unexpected request ${path}`);
    });
    const { person, onSignedIn } = await signInWithPassword();
    const field = await screen.findByLabelText('Code from your authenticator app');
    expect(screen.getByRole('status').textContent).toMatch(/authenticator app/);
    await person.type(field, 'kf9xs-e4etp');
    await person.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
  });
});
