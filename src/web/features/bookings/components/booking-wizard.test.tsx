import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { addDays, todayInAccra } from '../../../../shared/dates';
import type { Quote } from '../../../../shared/schemas/bookings';
import type { Car } from '../../../../shared/schemas/cars';
import { apiRequest } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import { BookingWizard } from './booking-wizard';

// The network stops at the app's one API client; everything above it runs as in the browser.
vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const car: Car = {
  id: 7,
  title: 'Toyota Corolla 2022',
  make: 'Toyota',
  model: 'Corolla',
  year: 2022,
  description: 'A saloon.',
  price: 450,
  oldPrice: null,
  images: [],
  transmission: 'automatic',
  no_of_doors: 4,
  seat_capacity: 5,
  has_airconditioning: true,
  has_bluetooth: true,
  usb_charger: true,
  body_type: 'sedan',
  fuel_type: 'petrol',
  colour: 'White',
  location: { city: 'Accra', lat: 5.6, long: -0.2 },
  branch: { id: 1, name: 'East Legon office', town: 'Accra' },
  weekly_price: null,
  deposit: 200,
};

const today = todayInAccra();

async function setDate(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
}

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (path, options) => {
    if (path !== '/bookings/quote') throw new Error(`unexpected request ${path}`);
    const query = options?.query ?? {};
    return {
      car_id: car.id,
      start_date: String(query.start_date),
      end_date: String(query.end_date),
      days: 3,
      price_per_day: 450,
      line_cost: 1350,
      deposit: 500,
      discount: 0,
      extras: 0,
      total_cost: 1850,
      lines: [
        { label: 'Car rental (3 days)', amount: 1350 },
        { label: 'Security deposit (refundable)', amount: 500 },
      ],
      pickup_time: '09:00',
      return_time: '09:00',
      branch: { id: 1, name: 'East Legon office', town: 'Accra' },
      available: true,
    } satisfies Quote;
  });
});

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
    expect(api).not.toHaveBeenCalled();
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
        query: { car_id: car.id, start_date: start, end_date: end },
      }),
    );
    expect(
      (await screen.findByRole('button', { name: 'Proceed to payment' })).hasAttribute('disabled'),
    ).toBe(false);
  });
});
