import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import { PricesPage } from './prices-page';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
/** Answers may take a while on a busy two-core machine. */
const slow = { timeout: 5_000 };

const PRICES = {
  chauffeur_per_day: 150,
  out_of_station_per_day: 100,
  child_seat_per_day: 30,
  delivery_fee: 80,
  airport_fee: 50,
};

beforeEach(() => {
  api.mockReset();
});

describe('the Prices page (STAFF-12)', () => {
  test('shows the five extras in cedis and saves a changed one', async () => {
    api.mockImplementation(async (_path, options) =>
      options?.method === 'PUT'
        ? { prices: { ...PRICES, chauffeur_per_day: 175.5 }, updated_at: '2026-11-25T10:00:00Z' }
        : { prices: PRICES, updated_at: null },
    );
    renderWithApp(<PricesPage />);
    const user = userEvent.setup();
    const chauffeur = await screen.findByLabelText('Chauffeur, per day', undefined, slow);
    expect(chauffeur).toHaveProperty('value', '150');
    expect(screen.getByLabelText('Airport pickup fee')).toHaveProperty('value', '50');

    await user.clear(chauffeur);
    await user.type(chauffeur, '175.50');
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByRole('status', undefined, slow)).toHaveProperty(
      'textContent',
      'Prices saved. New quotes use them at once; bookings already made keep theirs.',
    );
    expect(api).toHaveBeenCalledWith('/admin/extra-prices', {
      method: 'PUT',
      body: { ...PRICES, chauffeur_per_day: 175.5 },
    });
  });

  test('an emptied price is an error on its field, not a free extra', async () => {
    api.mockResolvedValue({ prices: PRICES, updated_at: null });
    renderWithApp(<PricesPage />);
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Child seat, per day', undefined, slow));
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText('Enter an amount in cedis', undefined, slow)).toBeDefined();
    expect(screen.getByLabelText('Child seat, per day').getAttribute('aria-invalid')).toBe('true');
    expect(api).toHaveBeenCalledTimes(1);
  });

  test("puts the server's field messages on their fields", async () => {
    api.mockImplementation(async (_path, options) => {
      if (options?.method === 'PUT') {
        throw new ApiError(422, 'Please correct the highlighted fields.', {
          delivery_fee: ['An amount must be GH₵ 100,000 or less'],
        });
      }
      return { prices: PRICES, updated_at: null };
    });
    renderWithApp(<PricesPage />);
    const user = userEvent.setup();
    await screen.findByLabelText('Delivery to an address in Accra', undefined, slow);
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(
      await screen.findByText('An amount must be GH₵ 100,000 or less', undefined, slow),
    ).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the highlighted fields.');
  });
});
