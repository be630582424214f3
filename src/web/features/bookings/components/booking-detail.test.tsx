import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { addDays, todayInAccra } from '../../../../shared/dates';
import { messages } from '../../../../shared/messages';
import type { Booking } from '../../../../shared/schemas/bookings';
import { apiRequest } from '../../../lib/api-client';
import { bookingFixture } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { BookingDetail } from './booking-detail';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
const today = todayInAccra();

function show(booking: Booking) {
  api.mockImplementation(async (path) => {
    if (path === `/bookings/${booking.booking_code}`) return { booking };
    throw new Error(`unexpected request ${path}`);
  });
  renderWithApp(<BookingDetail code={booking.booking_code} />);
}

beforeEach(() => {
  api.mockReset();
});

describe("cancelling from the renter's booking view (BOOK-8)", () => {
  const upcoming = { start_date: addDays(today, 10), end_date: addDays(today, 13) };

  test('offers Cancel for a booking the API says may be cancelled', async () => {
    show(bookingFixture({ ...upcoming, can_cancel: true }));
    expect(await screen.findByRole('button', { name: 'Cancel booking' })).toBeTruthy();
  });

  test('sends a booking paid in cash at the counter to the branch, with no Cancel button', async () => {
    // As the API answers once staff recorded the cash (PAY-9: the cash goes back at the desk).
    show(
      bookingFixture({
        ...upcoming,
        status: 'confirmed',
        payment_status: 'paid',
        payment_method: 'payOnPickup',
        can_cancel: false,
        payment: {
          provider: 'cash',
          reference: 'CASH-7K3Q9M-0A1B2C3D',
          status: 'success',
          network: null,
          wallet_msisdn: null,
          amount: 1550,
          currency: 'GHS',
          authorization_url: null,
          access_code: null,
          expires_at: null,
          message: null,
          step: null,
          display_text: null,
        },
      }),
    );
    expect(await screen.findByText(messages.booking.paidInCash)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(screen.queryByText(messages.booking.cannotCancel)).toBeNull();
  });

  test('says a booking from its start date on can no longer be cancelled', async () => {
    show(
      bookingFixture({
        start_date: today,
        end_date: addDays(today, 2),
        status: 'confirmed',
        payment_status: 'paid',
        payment_method: 'mobile_money',
        can_cancel: false,
      }),
    );
    expect(await screen.findByText(messages.booking.cannotCancel)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(screen.queryByText(messages.booking.paidInCash)).toBeNull();
  });
});

describe("what is still to pay on the renter's booking view (HAND-10)", () => {
  test('shows the balance an extension added to a picked-up, paid booking', async () => {
    show(
      bookingFixture({
        start_date: addDays(today, -1),
        end_date: addDays(today, 3),
        status: 'active',
        payment_status: 'paid',
        payment_method: 'payOnPickup',
        balance_due: 700,
      }),
    );
    const note = await screen.findByText(/Still to pay:/);
    expect(note.textContent).toContain('Still to pay: GH₵ 700.00');
  });

  test('says nothing of a balance when nothing is left to pay', async () => {
    show(
      bookingFixture({
        start_date: addDays(today, 5),
        end_date: addDays(today, 7),
        status: 'confirmed',
        payment_status: 'paid',
        payment_method: 'mobile_money',
        balance_due: 0,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Trip' })).toBeTruthy();
    expect(screen.queryByText(/Still to pay/)).toBeNull();
  });
});

describe("charges at the return on the renter's booking view (HAND-14)", () => {
  test('lists the late fee and staff’s charges and the total with them', async () => {
    show(
      bookingFixture({
        status: 'completed',
        payment_status: 'paid',
        total_cost: 1250,
        return_charges: [
          { reason: 'late_fee', amount: 75, note: null },
          { reason: 'damage', amount: 350, note: 'Wing mirror' },
        ],
      }),
    );
    const charges = await screen.findByRole('region', { name: 'Added at the return' });
    expect(charges.textContent).toContain('Late return');
    expect(charges.textContent).toContain('GH₵ 75.00');
    expect(charges.textContent).toContain('Damage (Wing mirror)');
    expect(charges.textContent).toContain('GH₵ 350.00');
    expect(charges.textContent).toMatch(/Total with the charges at the return\s*GH₵ 1,675.00/);
  });

  test('shows nothing of the kind before the return', async () => {
    show(bookingFixture({ status: 'confirmed', payment_status: 'paid' }));
    await screen.findByRole('heading', { name: 'Trip' });
    expect(screen.queryByRole('region', { name: 'Added at the return' })).toBeNull();
  });
});
