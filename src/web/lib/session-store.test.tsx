import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse, User } from '../../shared/schemas/auth';
import { apiRequest } from './api-client';
import { queryClient } from './query-client';
import { getSessionState, login, logout, sessionKeys, setSignedInUser } from './session-store';

vi.mock(import('./api-client'), async (importOriginal) => ({
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
  phone_verified: false,
  sms_reminders: true,
};

afterEach(() => {
  api.mockReset();
  localStorage.clear();
  queryClient.clear();
});

describe('the session (ACCT-6): the token in storage, the user in the query cache', () => {
  it('signing in keeps the token and its time in storage and the user in the cache only', async () => {
    api.mockResolvedValue({
      status_code: '010',
      message: 'Login successful',
      access_token: 'tok-1',
      expires_at: '2026-11-28T13:00:00Z',
      user,
    } satisfies LoginResponse);
    expect(await login({ msisdn: '0551234567', password: 'Secret@123' })).toBe(true);

    expect(queryClient.getQueryData(sessionKeys.user)).toEqual(user);
    expect(localStorage.getItem('token')).toBe('tok-1');
    const stored = JSON.parse(localStorage.getItem('auth')!) as Record<string, unknown>;
    expect(stored).toEqual({
      token: 'tok-1',
      isAuthenticated: true,
      loginTimestamp: expect.any(Number),
    });
    expect(getSessionState()).not.toHaveProperty('user');

    // A change to the user (a verification, a profile edit) is written to the one copy.
    setSignedInUser({ ...user, phone_verified: true });
    expect(queryClient.getQueryData<User>(sessionKeys.user)?.phone_verified).toBe(true);
    expect(localStorage.getItem('auth')).not.toContain('phone_verified');

    api.mockResolvedValue({ message: 'Logged out' });
    await logout();
    expect(queryClient.getQueryData(sessionKeys.user)).toBeUndefined();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('auth')).toBeNull();
  });
});
