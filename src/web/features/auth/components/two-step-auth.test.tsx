import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { LoginResponse } from '../../../../shared/schemas/auth';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { getSessionState, logout } from '../../../lib/session-store';
import { renderWithApp } from '../../../testing/render';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';

// The network stops at the app's one API client.
vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
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
const wrongCode = new ApiError(422, 'That code is not right or has expired.', {
  code: ['That code is not right or has expired.'],
});

beforeEach(async () => {
  api.mockReset();
  window.sessionStorage.clear();
  api.mockResolvedValue({ message: 'ok' });
  await logout().catch(() => {});
  api.mockReset();
});

afterEach(() => vi.useRealTimers());

describe('Sign in past the number limit: the code step (ACCT-17)', () => {
  test('a 202 shows the code step; the code from the SMS finishes the sign-in', async () => {
    api.mockImplementation(async (path, options) => {
      if (path === '/sandbox/sms') throw new ApiError(404, 'Not found.');
      if (path === '/auth/login')
        return { step: 'code', ticket: 'ticket-1', message: 'We have sent a code to your phone.' };
      if (path === '/auth/login/code') {
        const body = options?.body as { ticket: string; code: string };
        expect(body.ticket).toBe('ticket-1');
        if (body.code !== '123456') throw wrongCode;
        return signedIn;
      }
      throw new Error(`unexpected request ${path}`);
    });
    const onSignedIn = vi.fn();
    const person = userEvent.setup();
    renderWithApp(<LoginForm onSignedIn={onSignedIn} />);
    await person.type(screen.getByLabelText('Phone number'), '0551234567');
    await person.type(screen.getByLabelText('Password'), 'Secret@123');
    await person.click(screen.getByRole('button', { name: 'Sign in' }));

    const code = await screen.findByLabelText('Code from the SMS');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByText(/Enter the code we sent to/).textContent).toBe(
      'Enter the code we sent to +233 55 123 4567',
    );
    // Why a code when the password was right: the server's words, as a status.
    expect(screen.getByRole('status').textContent).toBe('We have sent a code to your phone.');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(getSessionState().isAuthenticated).toBe(false);

    await person.type(code, '654321');
    await person.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('That code is not right or has expired.')).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();

    await person.clear(code);
    await person.type(code, '123456');
    await person.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(getSessionState().token).toBe('token-after-the-code');
    expect(api).toHaveBeenCalledWith(
      '/auth/login/code',
      expect.objectContaining({ body: { ticket: 'ticket-1', code: '123456' } }),
    );
  });

  test('Resend, a minute later, signs in again for a new code and ticket; a 429 is said in words', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let tickets = 0;
    api.mockImplementation(async (path, options) => {
      if (path === '/sandbox/sms') throw new ApiError(404, 'Not found.');
      if (path === '/auth/login') {
        expect(options?.body).toEqual({ msisdn: '0551234567', password: 'Secret@123' });
        tickets += 1;
        if (tickets === 3)
          throw new ApiError(
            429,
            'Too many codes for this number. Please try again in 40 minutes.',
            {},
            2400,
          );
        return { step: 'code', ticket: `ticket-${tickets}`, message: 'sent' };
      }
      if (path === '/auth/login/code') return signedIn;
      throw new Error(`unexpected request ${path}`);
    });
    const onSignedIn = vi.fn();
    const person = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<LoginForm onSignedIn={onSignedIn} />);
    await person.type(screen.getByLabelText('Phone number'), '0551234567');
    await person.type(screen.getByLabelText('Password'), 'Secret@123');
    await person.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByLabelText('Code from the SMS');
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Resend code in 1:00' }).disabled,
    ).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    await person.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('We have sent a code to your phone.')).toBeTruthy();
    expect(tickets).toBe(2);

    await act(() => vi.advanceTimersByTimeAsync(61_000));
    await person.click(screen.getByRole('button', { name: 'Resend code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many codes for this number. Please try again in 40 minutes.',
    );

    // The code of the newest ticket finishes the sign-in.
    await person.type(screen.getByLabelText('Code from the SMS'), '123456');
    await person.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(api).toHaveBeenCalledWith(
      '/auth/login/code',
      expect.objectContaining({ body: { ticket: 'ticket-2', code: '123456' } }),
    );
  });

  test('an ended ticket is said in words, and Back returns to the password', async () => {
    api.mockImplementation(async (path) => {
      if (path === '/sandbox/sms') throw new ApiError(404, 'Not found.');
      if (path === '/auth/login') return { step: 'code', ticket: 't', message: 'sent' };
      if (path === '/auth/login/code')
        throw new ApiError(422, 'This sign-in has ended. Please sign in again.', {
          ticket: ['This sign-in has ended. Please sign in again.'],
        });
      throw new Error(`unexpected request ${path}`);
    });
    const person = userEvent.setup();
    renderWithApp(<LoginForm onSignedIn={() => {}} />);
    await person.type(screen.getByLabelText('Phone number'), '0551234567');
    await person.type(screen.getByLabelText('Password'), 'Secret@123');
    await person.click(screen.getByRole('button', { name: 'Sign in' }));
    await person.type(await screen.findByLabelText('Code from the SMS'), '123456');
    await person.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sign-in has ended. Please sign in again.',
    );
    await person.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });
});

describe('a reset is tied to the browser that asked (ACCT-13, ACCT-16)', () => {
  test('forgot keeps the ticket for this browser; a 429 is shown in words', async () => {
    api.mockResolvedValueOnce({ message: 'If this number has an account…', ticket: 'reset-1' });
    const onSent = vi.fn();
    const person = userEvent.setup();
    renderWithApp(<ForgotPasswordForm onSent={onSent} />);
    await person.type(screen.getByLabelText('Phone number'), '0551234567');
    await person.click(screen.getByRole('button', { name: 'Send me a code' }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(JSON.parse(window.sessionStorage.getItem('resetTicket')!)).toEqual({
      msisdn: '233551234567',
      ticket: 'reset-1',
    });

    api.mockRejectedValueOnce(
      new ApiError(429, 'Please wait 42 seconds before asking for another code.', {}, 42),
    );
    await person.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please wait 42 seconds before asking for another code.',
    );
  });
});
