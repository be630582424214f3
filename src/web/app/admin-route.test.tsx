import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { ApiError, apiRequest } from '../lib/api-client';
import { LOGIN_SUCCESS_STATUS_CODE } from '../../shared/constants';
import { login } from '../lib/session-store';
import { renderWithApp } from '../testing/render';
import AdminRoute from './routes/admin';

vi.mock(import('../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
const staff = { id: 1, name: 'Kwame Asante', msisdn: '0244000000', role: 'staff' };

beforeEach(async () => {
  api.mockReset();
  api.mockImplementation(async (path) => {
    if (path === '/auth/login') {
      return { status_code: LOGIN_SUCCESS_STATUS_CODE, access_token: 'token-1', user: staff };
    }
    throw new Error(`unexpected request ${path}`);
  });
  expect(await login({ msisdn: '0244000000', password: 'Staff@1234' })).toBe(true);
});

test('a staff member whose details cannot be fetched (no network) is offered a retry, not told the console does not exist', async () => {
  let online = false;
  api.mockImplementation(async (path) => {
    if (path !== '/auth/me') return new Promise(() => {});
    if (!online) throw new ApiError(0, 'Could not reach the server. Check your connection.');
    return { user: staff };
  });
  renderWithApp(<AdminRoute />, { route: '/admin' });
  const retry = await screen.findByRole('button', { name: 'Try again' });
  expect(screen.queryByRole('heading', { name: "Oops! It looks like you're lost." })).toBeNull();
  online = true;
  await userEvent.click(retry);
  expect(await screen.findByText('Kwame Asante')).toBeTruthy();
});

test('a signed-in renter is shown no console (ROUTE-4)', async () => {
  api.mockImplementation(async (path) => {
    if (path === '/auth/me') return { user: { ...staff, role: 'renter' } };
    return new Promise(() => {});
  });
  renderWithApp(<AdminRoute />, { route: '/admin' });
  expect(
    await screen.findByRole('heading', { name: "Oops! It looks like you're lost." }),
  ).toBeTruthy();
});
