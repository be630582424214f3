import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { addDays, todayInAccra } from '../../../../shared/dates';
import type { Booking, CreateBookingResponse } from '../../../../shared/schemas/bookings';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import type { BookingDetailsOutput } from './booking-form-types';
import { PaymentModal } from './payment-modal';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const today = todayInAccra();
const details: BookingDetailsOutput = {
  start_date: addDays(today, 2),
  end_date: addDays(today, 4),
  destination: 'Kumasi',
  destination_type: 2,
};

function bookingOf(method: Booking['payment_method']): Booking {
  return {
    id: 1,
    booking_code: 'CLG-7Q2K9',
    status: 'confirmed',
    payment_status: 'unpaid',
    start_date: details.start_date,
    end_date: details.end_date,
    days: 3,
    price_per_day: 450,
    line_cost: 1350,
    deposit: 500,
    total_cost: 1850,
    destination: details.destination,
    destination_type: details.destination_type,
    payment_method: method,
    hold_expires_at: null,
    created_at: new Date().toISOString(),
    can_cancel: true,
    car: {
      id: 7,
      title: 'Toyota Corolla 2022',
      make: 'Toyota',
      model: 'Corolla',
      year: 2022,
      images: [],
    },
    payment: null,
  };
}

function renderModal() {
  const onClose = vi.fn();
  renderWithApp(
    <PaymentModal
      open
      carId={7}
      details={details}
      total={1850}
      onClose={onClose}
      onValidationFailure={() => {}}
    />,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Select Payment Method' }) };
}

/** The request body the modal sent to create the booking. */
const sentBooking = () => {
  const call = api.mock.calls.find(([path]) => path === '/bookings/create');
  return call?.[1]?.body;
};

beforeEach(() => {
  api.mockReset();
});

describe('the payment window', () => {
  test('asks for a method before anything is sent', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select a payment method');
    expect(api).not.toHaveBeenCalled();
  });

  test('pay on pickup books at once, with the dates and no wallet', async () => {
    const user = userEvent.setup();
    api.mockResolvedValue({
      message: 'Booked',
      booking: bookingOf('payOnPickup'),
    } satisfies CreateBookingResponse);
    renderModal();

    await user.click(screen.getByLabelText(/Payment on Pickup/));
    // Mobile money's own fields belong to mobile money only.
    expect(screen.queryByLabelText('Mobile money number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Booking Successful!' })).toBeTruthy();
    expect(screen.getByText('CLG-7Q2K9')).toBeTruthy();
    expect(sentBooking()).toEqual({ ...details, car_id: 7, payment_method: 'payOnPickup' });
  });

  test('mobile money needs a network and a Ghana number, then sends them', async () => {
    const user = userEvent.setup();
    api.mockReturnValue(new Promise(() => {}));
    renderModal();

    await user.click(screen.getByLabelText(/Mobile Money/));
    const wallet = screen.getByLabelText('Mobile money number');
    await user.clear(wallet);
    await user.type(wallet, '12345');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Please choose your mobile money network')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText('MTN MoMo'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(/Enter a valid Ghana mobile money number/)).toBeTruthy();
    expect(api).not.toHaveBeenCalled();

    await user.clear(wallet);
    await user.type(wallet, '0244123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Processing Booking...')).toBeTruthy();
    expect(sentBooking()).toEqual({
      ...details,
      car_id: 7,
      payment_method: 'mobile_money',
      network: 'mtn',
      wallet_msisdn: '0244123456',
    });
  });

  test('a refusal from the server is shown in words, and Try again goes back to the choice', async () => {
    const user = userEvent.setup();
    api.mockRejectedValue(new ApiError(409, 'This car is not available for the selected dates.'));
    renderModal();

    await user.click(screen.getByLabelText(/Payment on Pickup/));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Booking Failed' })).toBeTruthy();
    expect(screen.getByText('This car is not available for the selected dates.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  test('Escape closes it while nothing is being sent', async () => {
    const user = userEvent.setup();
    const { onClose } = renderModal();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
