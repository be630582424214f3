import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { User } from '../../shared/schemas/auth';
import { ApiError, apiRequest } from '../lib/api-client';
import { renderWithApp } from '../testing/render';
import { VerifyPhoneForm } from './verify-phone-form';

// The network stops at the app's one API client.
vi.mock(import('../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const user: User = {
  id: 4,
  name: 'Kofi Boateng',
  msisdn: '233551234567',
  email: null,
  whatsapp: null,
  role: 'renter',
  staff_role: null,
  phone_verified: true,
  sms_reminders: true,
};

/** Answers as the server would; `sandbox` decides whether the sandbox phone exists (RUN-12). */
function answer({ sandbox = true, sendCode }: { sandbox?: boolean; sendCode?: () => unknown }) {
  api.mockImplementation(async (path, options) => {
    if (path === '/sandbox/sms') {
      if (!sandbox) throw new ApiError(404, 'Not found.');
      return { messages: [] };
    }
    if (path === '/auth/phone/send-code') return sendCode?.() ?? { message: 'sent' };
    if (path === '/auth/phone/verify') {
      const { code } = options?.body as { code: string };
      if (code !== '123456')
        throw new ApiError(422, 'That code is not right or has expired.', {
          code: ['That code is not right or has expired.'],
        });
      return { user };
    }
    throw new Error(`unexpected request ${path}`);
  });
}

beforeEach(() => {
  api.mockReset();
});

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

/** What a screen reader reads with a field: the texts its aria-describedby points at. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
afterEach(() => vi.useRealTimers());

describe('the code form (ACCT-10)', () => {
  test('after registering it names the number, waits a minute before Resend, and verifies', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer({});
    const onVerified = vi.fn();
    const person = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(
      <VerifyPhoneForm idPrefix="t" msisdn={user.msisdn} codeJustSent onVerified={onVerified} />,
    );

    expect(screen.getByText(/Enter the code we sent to/).textContent).toBe(
      'Enter the code we sent to +233 55 123 4567',
    );
    const code = screen.getByLabelText('Code from the SMS');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    // No code is asked for: registering sent one.
    expect(api).not.toHaveBeenCalledWith('/auth/phone/send-code', expect.anything());
    expect(button('Resend code in 1:00').disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(button('Resend code').disabled).toBe(false);

    await person.type(code, '654321');
    await person.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right or has expired.')).toBeTruthy();
    expect(onVerified).not.toHaveBeenCalled();

    await person.clear(code);
    await person.type(code, '123 456');
    await person.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledWith(user));
    const link = await screen.findByRole('link', { name: /Open the sandbox phone/ });
    expect(link.getAttribute('href')).toBe('/sandbox/phone?msisdn=233551234567');
  });

  test('elsewhere it asks for a code itself, and a 429 says how long to wait', async () => {
    answer({
      sandbox: false,
      sendCode: () => {
        throw new ApiError(
          429,
          'Too many codes for this number. Please try again in 40 minutes.',
          {},
          2400,
        );
      },
    });
    renderWithApp(<VerifyPhoneForm idPrefix="t" msisdn={user.msisdn} onVerified={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many codes for this number. Please try again in 40 minutes.',
    );
    expect(api).toHaveBeenCalledWith('/auth/phone/send-code', { method: 'POST' });
    expect(button('Resend code in 40:00').disabled).toBe(true);
    // No sandbox: no link to a phone that does not exist.
    expect(screen.queryByRole('link', { name: /sandbox phone/ })).toBeNull();
  });

  test('an empty or short code is refused before anything is sent', async () => {
    answer({});
    const person = userEvent.setup();
    renderWithApp(
      <VerifyPhoneForm idPrefix="t" msisdn={user.msisdn} codeJustSent onVerified={() => {}} />,
    );
    await person.click(screen.getByRole('button', { name: 'Verify' }));
    expect(description(screen.getByLabelText('Code from the SMS'))).toMatch(
      /Enter the 6-digit code$/,
    );
    await person.type(screen.getByLabelText('Code from the SMS'), '12');
    await person.click(screen.getByRole('button', { name: 'Verify' }));
    expect(description(screen.getByLabelText('Code from the SMS'))).toBe(
      '6 digits, from the text message The code is 6 digits',
    );
    expect(api).not.toHaveBeenCalledWith('/auth/phone/verify', expect.anything());
  });
});
