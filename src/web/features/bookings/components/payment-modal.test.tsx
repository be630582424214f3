import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { addDays, todayInAccra } from '../../../../shared/dates';
import type { Booking, CreateBookingResponse } from '../../../../shared/schemas/bookings';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { bookingFixture } from '../../../testing/fixtures';
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
  pickup_time: '09:00',
  return_time: '09:00',
  chauffeur: true,
  child_seat: false,
  delivery_address: null,
};

function bookingOf(method: Booking['payment_method']): Booking {
  return bookingFixture({
    booking_code: 'CLG-7Q2K9',
    status: 'confirmed',
    start_date: details.start_date,
    end_date: details.end_date,
    destination: details.destination,
    destination_type: details.destination_type,
    payment_method: method,
    created_at: new Date().toISOString(),
  });
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
    // The first Submit may wait a moment for the form's rules (lib/lazy-resolver.ts).
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a payment method');
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
    // 'Successful' never stands beside an unexplained 'Pending': it says what is still to do.
    expect(screen.getByText('Pay at pickup')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Booking received' })).toBeTruthy();
    // No delivery is sent as no field at all: the API's input takes no null (PRICE-4).
    const { delivery_address: _none, ...sent } = details;
    expect(sentBooking()).toEqual({ ...sent, car_id: 7, payment_method: 'payOnPickup' });
  });

  test('mobile money: the network follows the number until the renter picks one, then both are sent', async () => {
    const user = userEvent.setup();
    api.mockReturnValue(new Promise(() => {}));
    renderModal();

    await user.click(screen.getByLabelText(/Mobile Money/));
    const send = () => user.click(screen.getByRole('button', { name: 'Send prompt to my phone' }));
    const wallet = screen.getByLabelText('Mobile money number');
    await user.clear(wallet);
    await user.type(wallet, '12345');
    await send();
    expect(screen.getByText('Please choose your mobile money network')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();

    await user.clear(wallet);
    await user.type(wallet, '020 123 456');
    expect((screen.getByLabelText('Telecel Cash') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/Chosen from the number/)).toBeTruthy();
    await send();
    expect(screen.getByText(/Enter a valid Ghana mobile money number/)).toBeTruthy();
    expect(api).not.toHaveBeenCalled();

    await user.clear(wallet);
    await user.type(wallet, '0244123456');
    expect((screen.getByLabelText('MTN MoMo') as HTMLInputElement).checked).toBe(true);
    // A ported number: the renter's choice wins over the guess.
    await user.click(screen.getByLabelText('AirtelTigo Money'));
    expect(screen.queryByText(/Chosen from the number/)).toBeNull();
    await send();
    expect(await screen.findByText('Processing Booking...')).toBeTruthy();
    const { delivery_address: _none, ...sent } = details;
    expect(sentBooking()).toEqual({
      ...sent,
      car_id: 7,
      payment_method: 'mobile_money',
      network: 'airteltigo',
      wallet_msisdn: '0244123456',
    });
  });

  test('Telecel Cash: the window asks for the voucher and sends it to the server', async () => {
    const user = userEvent.setup();
    const booking = { ...bookingOf('mobile_money'), status: 'pending', payment_status: 'pending' };
    const payment = {
      provider: 'paystack',
      reference: 'CLG-7Q2K9-ABCDEFGHJK',
      status: 'pending',
      network: 'telecel',
      wallet_msisdn: '233201234567',
      amount: 1850,
      currency: 'GHS',
      authorization_url: null,
      access_code: null,
      expires_at: new Date(Date.now() + 600_000).toISOString(),
      message: null,
      step: 'send_otp',
      display_text: 'Please dial *110# to generate a voucher code. Then input the voucher',
    } as const;
    api.mockImplementation(async (path) => {
      if (path === '/bookings/create')
        return { message: 'Booked', booking: { ...booking, payment }, payment };
      if (path.endsWith('/otp'))
        return { booking, payment: { ...payment, step: 'pending', display_text: null } };
      return { booking, payment };
    });
    renderModal();
    await user.click(screen.getByLabelText(/Mobile Money/));
    const wallet = screen.getByLabelText('Mobile money number');
    await user.clear(wallet);
    await user.type(wallet, '0201234567');
    await user.click(screen.getByRole('button', { name: 'Send prompt to my phone' }));

    expect(await screen.findByRole('dialog', { name: 'Enter your voucher' })).toBeTruthy();
    expect(screen.getByText(/dial \*110#/)).toBeTruthy();
    const code = screen.getByLabelText('Voucher code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await user.click(screen.getByRole('button', { name: 'Send voucher' }));
    expect(screen.getByText('Enter the voucher code from your phone.')).toBeTruthy();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Send voucher' }));
    expect(await screen.findByRole('heading', { name: 'Waiting for your network' })).toBeTruthy();
    const otpCall = api.mock.calls.find(([path]) => path.endsWith('/otp'));
    expect(otpCall?.[1]?.body).toEqual({ otp: '123456' });
  });

  test('a declined prompt says that nothing was charged', async () => {
    const user = userEvent.setup();
    const booking = { ...bookingOf('mobile_money'), status: 'pending', payment_status: 'pending' };
    const payment = {
      provider: 'sandbox',
      reference: 'CLG-7Q2K9-ABCDEFGHJK',
      status: 'pending',
      network: 'mtn',
      wallet_msisdn: '233244123456',
      amount: 1850,
      currency: 'GHS',
      authorization_url: null,
      access_code: null,
      expires_at: new Date(Date.now() + 600_000).toISOString(),
      message: null,
      step: 'pay_offline',
      display_text: null,
    } as const;
    api.mockImplementation(async (path) => {
      if (path === '/bookings/create')
        return { message: 'Booked', booking: { ...booking, payment }, payment };
      return {
        booking: { ...booking, status: 'cancelled', payment_status: 'failed' },
        payment: {
          ...payment,
          status: 'failed',
          step: null,
          message: 'Declined by the customer. Nothing was charged.',
        },
      };
    });
    renderModal();
    await user.click(screen.getByLabelText(/Mobile Money/));
    const wallet = screen.getByLabelText('Mobile money number');
    await user.clear(wallet);
    await user.type(wallet, '0244123456');
    await user.click(screen.getByRole('button', { name: 'Send prompt to my phone' }));
    expect(
      await screen.findByText(
        'Declined by the customer. Nothing was charged.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Payment not completed' })).toBeTruthy();
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
