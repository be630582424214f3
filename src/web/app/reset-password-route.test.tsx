import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { LoginResponse } from '../../shared/schemas/auth';
import ResetPasswordPage from './routes/reset-password';
import { apiRequest } from '../lib/api-client';
import { logout } from '../lib/session-store';
import { renderWithApp } from '../testing/render';

// The network stops at the app's one API client.
vi.mock(import('../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const signedIn: LoginResponse = {
  status_code: '010',
  message: 'Login successful',
  user: {
    id: 4,
    name: 'Kofi Boateng',
    msisdn: '233551234567',
    email: null,
    whatsapp: null,
    role: 'renter',
    staff_role: null,
    phone_verified: true,
    sms_reminders: true,
  },
  access_token: 'token-after-the-code',
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
};

beforeEach(async () => {
  api.mockReset();
  window.sessionStorage.clear();
  api.mockResolvedValue({ message: 'ok' });
  await logout().catch(() => {});
  api.mockReset();
});

describe('/reset-password sends the ticket this browser kept (ACCT-13, ACCT-16)', () => {
  test('the reset page sends the ticket kept by this browser', async () => {
    window.sessionStorage.setItem(
      'resetTicket',
      JSON.stringify({ msisdn: '233551234567', ticket: 'reset-1' }),
    );
    api.mockImplementation(async (path) => {
      if (path === '/auth/password/reset') return { message: 'changed' };
      if (path === '/auth/login') return signedIn;
      throw new Error(`unexpected request ${path}`);
    });
    const person = userEvent.setup();
    renderWithApp(<ResetPasswordPage />, { route: '/reset-password?msisdn=0551234567' });
    await person.type(screen.getByLabelText('Code from the SMS'), '123456');
    await person.type(screen.getByLabelText('New password'), 'Newpass@2026');
    await person.type(screen.getByLabelText('Confirm new password'), 'Newpass@2026');
    await person.click(screen.getByRole('button', { name: 'Set new password' }));
    await vi.waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        '/auth/password/reset',
        expect.objectContaining({
          body: {
            ticket: 'reset-1',
            code: '123456',
            password: 'Newpass@2026',
            password_confirmation: 'Newpass@2026',
          },
        }),
      ),
    );
    // Used: the ticket is no longer kept.
    await vi.waitFor(() => expect(window.sessionStorage.getItem('resetTicket')).toBeNull());
  });

  test('opened without a ticket (another browser, another number) it says so and offers a new code', async () => {
    window.sessionStorage.setItem(
      'resetTicket',
      JSON.stringify({ msisdn: '233240000000', ticket: 'for-another-number' }),
    );
    renderWithApp(<ResetPasswordPage />, { route: '/reset-password?msisdn=0551234567' });
    expect(screen.getByText(/This browser did not ask for a code for this number/)).toBeTruthy();
    expect(screen.queryByLabelText('Code from the SMS')).toBeNull();
    const link = screen.getByRole('link', { name: 'Send me a new code' });
    expect(link.getAttribute('href')).toBe('/forgot-password');
    expect(api).not.toHaveBeenCalled();
  });
});
