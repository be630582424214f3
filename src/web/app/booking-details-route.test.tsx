import { screen } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { apiRequest } from '../lib/api-client';
import { carFixture, EAST_LEGON, EXTRA_PRICES } from '../testing/fixtures';
import { renderWithApp } from '../testing/render';
import BookingDetails from './routes/booking-details';

vi.mock(import('../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
const car = carFixture({ id: 12, make: 'Kia', model: 'Sorento' });

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (path) => {
    if (path === '/cars/12') return { success: true, car };
    if (path === '/branches') return { branches: [EAST_LEGON], extra_prices: EXTRA_PRICES };
    if (path === '/cars/12/availability') return new Promise(() => {});
    throw new Error(`unexpected request ${path}`);
  });
});

test('a reload or a shared link (?car=ID, no navigation state) books the same car', async () => {
  renderWithApp(<BookingDetails />, { route: '/booking-details?car=12' });
  expect(
    await screen.findByRole('heading', { name: 'Destination and Booking Dates' }),
  ).toBeTruthy();
  expect(screen.getByText('2022 Kia Sorento')).toBeTruthy();
  expect(screen.queryByText('No car selected')).toBeNull();
  expect(api).toHaveBeenCalledWith('/cars/12', expect.anything());
});

test('without a car in the address or in navigation state there is no car to book', () => {
  renderWithApp(<BookingDetails />, { route: '/booking-details' });
  expect(screen.getByRole('heading', { name: 'No car selected' })).toBeTruthy();
});

test('a car that is not in the fleet is not booked', async () => {
  api.mockRejectedValue(new Error('404'));
  renderWithApp(<BookingDetails />, { route: '/booking-details?car=99' });
  expect(await screen.findByRole('heading', { name: 'No car selected' })).toBeTruthy();
});
