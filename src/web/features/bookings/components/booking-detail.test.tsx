import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe("a change's top-up on the renter's booking view (BOOK-21)", () => {
  const declinedTopUp = {
    provider: 'sandbox' as const,
    reference: 'CL-7K3Q9M-TOPUP00001',
    status: 'failed' as const,
    network: 'mtn' as const,
    wallet_msisdn: '233244123456',
    amount: 3560,
    currency: 'GHS',
    authorization_url: null,
    access_code: null,
    expires_at: null,
    message: 'The payment was declined. Nothing was charged.',
    step: null,
    display_text: null,
  };
  const partPaid = bookingFixture({
    start_date: addDays(today, 5),
    end_date: addDays(today, 9),
    status: 'confirmed',
    payment_status: 'paid',
    payment_method: 'mobile_money',
    can_change: true,
    balance_due: 3560,
    top_up_due: 3560,
    payment: declinedTopUp,
  });

  test('is part paid, with the difference to pay now, not at the return desk', async () => {
    show(partPaid);
    expect(await screen.findByText('Part paid')).toBeTruthy();
    expect(screen.queryByText('Paid')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay GH₵ 3,560.00 now' })).toBeTruthy();
    expect(screen.queryByText(/when you return the car/)).toBeNull();
  });

  test('Pay now sends the prompt and says to approve it', async () => {
    const pending = {
      ...declinedTopUp,
      reference: 'CL-7K3Q9M-TOPUP00002',
      status: 'pending' as const,
      message: null,
      step: 'pay_offline' as const,
    };
    let asked = false;
    api.mockImplementation(async (path, init) => {
      if (path === `/bookings/${partPaid.booking_code}`)
        return { booking: asked ? { ...partPaid, payment: pending } : partPaid };
      if (path === `/bookings/${partPaid.booking_code}/top-up` && init?.method === 'POST') {
        asked = true;
        return {
          message: 'Approve the mobile money prompt for GH₵ 3,560.00 on your phone.',
          booking: { ...partPaid, payment: pending },
          payment: pending,
        };
      }
      if (path === `/payments/${pending.reference}/verify`)
        return { booking: { ...partPaid, payment: pending }, payment: pending };
      throw new Error(`unexpected request ${path}`);
    });
    renderWithApp(<BookingDetail code={partPaid.booking_code} />);
    (await screen.findByRole('button', { name: 'Pay GH₵ 3,560.00 now' })).click();
    expect(
      (await screen.findAllByText(/Approve the mobile money prompt for GH₵ 3,560.00/)).length,
    ).toBeGreaterThan(0);
    // The wallet written as people read it, not as stored.
    expect(await screen.findByText(/\(\+233 24 412 3456\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay GH₵ 3,560.00 now' })).toBeNull();
  });

  test('cash owed after a change is paid at the counter when the car is picked up', async () => {
    show(
      bookingFixture({
        start_date: addDays(today, 5),
        end_date: addDays(today, 9),
        status: 'confirmed',
        payment_status: 'paid',
        payment_method: 'payOnPickup',
        balance_due: 300,
        top_up_due: 0,
      }),
    );
    const note = await screen.findByText(/Still to pay:/);
    expect(note.textContent).toContain('You pay it when you pick up the car.');
    expect(screen.queryByRole('button', { name: /now$/ })).toBeNull();
    expect(screen.getByText('Part paid')).toBeTruthy();
  });
});

describe('cancelling names the refund (BOOK-22)', () => {
  const wallet = { wallet_msisdn: '233244123456', network: 'mtn' as const };

  test('the cancel dialog says the amount and the wallet before the renter confirms', async () => {
    show(
      bookingFixture({
        start_date: addDays(today, 10),
        end_date: addDays(today, 12),
        status: 'confirmed',
        payment_status: 'paid',
        payment_method: 'mobile_money',
        can_cancel: true,
        cancel_refund: { amount: 1550, ...wallet },
      }),
    );
    (await screen.findByRole('button', { name: 'Cancel booking' })).click();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'We refund GH₵ 1,550.00 to your MTN MoMo wallet +233 24 412 3456.',
    );
  });

  test('a cancelled booking says where its refund is', async () => {
    const cancelled = {
      start_date: addDays(today, 10),
      end_date: addDays(today, 12),
      status: 'cancelled' as const,
      payment_method: 'mobile_money' as const,
    };
    show(
      bookingFixture({
        ...cancelled,
        payment_status: 'paid',
        refund: { amount: 1550, ...wallet, status: 'pending' },
      }),
    );
    expect(
      await screen.findByText(
        'Refund of GH₵ 1,550.00 on its way to your MTN MoMo wallet +233 24 412 3456.',
      ),
    ).toBeTruthy();
  });

  test('a refund done says so', async () => {
    show(
      bookingFixture({
        start_date: addDays(today, 10),
        end_date: addDays(today, 12),
        status: 'cancelled',
        payment_method: 'mobile_money',
        payment_status: 'refunded',
        refund: { amount: 1550, ...wallet, status: 'refunded' },
      }),
    );
    expect(
      await screen.findByText('Refunded GH₵ 1,550.00 to your MTN MoMo wallet +233 24 412 3456.'),
    ).toBeTruthy();
  });
});

describe('paying a pay-on-pickup booking now (BOOK-23)', () => {
  test('Pay now by mobile money sends a prompt for the total to the chosen network', async () => {
    const onPickup = bookingFixture({
      start_date: addDays(today, 10),
      end_date: addDays(today, 12),
      status: 'pending',
      payment_status: 'unpaid',
      payment_method: 'payOnPickup',
      total_cost: 1550,
    });
    const pending = {
      provider: 'sandbox' as const,
      reference: 'CL-7K3Q9M-PAYNOW0001',
      status: 'pending' as const,
      network: 'mtn' as const,
      wallet_msisdn: '233244123456',
      amount: 1550,
      currency: 'GHS',
      authorization_url: null,
      access_code: null,
      expires_at: null,
      message: null,
      step: 'pay_offline' as const,
      display_text: null,
    };
    let asked = false;
    api.mockImplementation(async (path, init) => {
      if (path === `/bookings/${onPickup.booking_code}`)
        return { booking: asked ? { ...onPickup, payment: pending } : onPickup };
      if (path === `/bookings/${onPickup.booking_code}/pay-now` && init?.method === 'POST') {
        expect(init.body).toEqual({ network: 'mtn' });
        asked = true;
        return {
          message: 'Approve the mobile money prompt for GH₵ 1,550.00 on your phone.',
          booking: { ...onPickup, payment: pending },
          payment: pending,
        };
      }
      if (path === `/payments/${pending.reference}/verify`)
        return { booking: { ...onPickup, payment: pending }, payment: pending };
      throw new Error(`unexpected request ${path}`);
    });
    const user = userEvent.setup();
    renderWithApp(<BookingDetail code={onPickup.booking_code} />);
    await user.click(await screen.findByRole('button', { name: 'Pay now by mobile money' }));
    await user.selectOptions(screen.getByLabelText('Network'), 'mtn');
    await user.click(screen.getByRole('button', { name: 'Send the prompt' }));
    expect(
      await screen.findByText('Approve the mobile money prompt for GH₵ 1,550.00 on your phone.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay now by mobile money' })).toBeNull();
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
