import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { addDays, todayInAccra } from '../../../../shared/dates';
import type { AvailabilityResponse } from '../../../../shared/schemas/cars';
import { apiRequest } from '../../../lib/api-client';
import { carFixture, EAST_LEGON, EXTRA_PRICES, quoteFixture } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { BookingWizard } from './booking-wizard';

// The network stops at the app's one API client; everything above it runs as in the browser.
vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const car = carFixture();

const today = todayInAccra();

async function setDate(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
}

/** The server as the booking form meets it: branches, the dates' availability, the quote. */
function answer(path: string, query: Record<string, unknown> = {}) {
  if (path === '/branches') return { branches: [EAST_LEGON], extra_prices: EXTRA_PRICES };
  if (path === `/cars/${car.id}/availability`) {
    return {
      success: true,
      car_id: car.id,
      from: String(query.from),
      to: String(query.to),
      booked: [],
      available: true,
      next_free: null,
    } satisfies AvailabilityResponse;
  }
  if (path === '/bookings/quote') {
    return quoteFixture({
      start_date: String(query.start_date),
      end_date: String(query.end_date),
    });
  }
  throw new Error(`unexpected request ${path}`);
}

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (path, options) => answer(path, options?.query ?? {}));
});

const quoteCalls = () => api.mock.calls.filter(([path]) => path === '/bookings/quote');

describe('step 1 of the booking form', () => {
  test('says what is wrong with a field once the renter has left it, and not before', async () => {
    const user = userEvent.setup();
    renderWithApp(<BookingWizard car={car} />);
    expect(screen.queryByText('Destination is required')).toBeNull();

    await user.click(screen.getByLabelText('Destination'));
    await user.tab();
    expect(screen.getByText('Destination is required')).toBeTruthy();
    expect(screen.getByLabelText('Destination').getAttribute('aria-invalid')).toBe('true');
    // The destination type has not been visited yet: no message for it.
    expect(screen.queryByText('Please select a destination type')).toBeNull();
  });

  test('an end date before the start date is refused in words', async () => {
    const user = userEvent.setup();
    renderWithApp(<BookingWizard car={car} />);
    await setDate(user, 'Start date', addDays(today, 5));
    await setDate(user, 'End date', addDays(today, 3));
    await user.tab();
    expect(screen.getByText('End date cannot be before start date')).toBeTruthy();
    expect(screen.queryByText('Start date cannot be in the past')).toBeNull();
  });

  test('Proceed with every field empty lists what is missing and stays on the step', async () => {
    const user = userEvent.setup();
    renderWithApp(<BookingWizard car={car} />);
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getByText('Destination is required')).toBeTruthy();
    expect(screen.getByText('Please select a destination type')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Destination and Booking Dates',
    );
    expect(quoteCalls()).toHaveLength(0);
  });

  test('with valid dates the renter proceeds to the summary, priced by the server', async () => {
    const user = userEvent.setup();
    renderWithApp(<BookingWizard car={car} />);
    const start = addDays(today, 2);
    const end = addDays(today, 4);
    await setDate(user, 'Start date', start);
    await setDate(user, 'End date', end);
    await user.type(screen.getByLabelText('Destination'), 'Kumasi');
    await user.click(screen.getByLabelText('Outside Accra'));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Booking Summary' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Kumasi')).toBeTruthy();
    expect(api).toHaveBeenCalledWith(
      '/bookings/quote',
      expect.objectContaining({
        query: expect.objectContaining({
          car_id: car.id,
          start_date: start,
          end_date: end,
          destination_type: 2,
          pickup_time: '09:00',
          return_time: '09:00',
          chauffeur: 'false',
          child_seat: 'false',
        }),
      }),
    );
    expect(
      (await screen.findByRole('button', { name: 'Proceed to payment' })).hasAttribute('disabled'),
    ).toBe(false);
  });
});
