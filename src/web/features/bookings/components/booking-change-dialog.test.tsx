import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { addDays, todayInAccra } from '../../../../shared/dates';
import type { BookingChangeResponse } from '../../../../shared/schemas/bookings';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { bookingFixture, quoteFixture } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { BookingDetail } from './booking-detail';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
const today = todayInAccra();
const booking = bookingFixture({
  start_date: addDays(today, 10),
  end_date: addDays(today, 13),
  can_change: true,
});

const calls = (path: string) => api.mock.calls.filter(([p]) => p === path);

function serve(overrides: Record<string, () => unknown> = {}) {
  api.mockImplementation(async (path, options) => {
    if (overrides[path]) return overrides[path]();
    if (path === `/bookings/${booking.booking_code}`) return { booking };
    if (path === '/bookings/quote') {
      const q = options?.query ?? {};
      return quoteFixture({
        start_date: String(q.start_date),
        end_date: String(q.end_date),
        days: 4,
        line_cost: 1800,
        total_cost: 2000,
        lines: [
          { label: 'Car rental (4 days)', amount: 1800 },
          { label: 'Security deposit (refundable)', amount: 200 },
        ],
        difference: 450,
      });
    }
    throw new Error(`unexpected request ${path}`);
  });
}

beforeEach(() => {
  api.mockReset();
  serve();
});

async function openChange(user: ReturnType<typeof userEvent.setup>) {
  renderWithApp(<BookingDetail code={booking.booking_code} />);
  await user.click(await screen.findByRole('button', { name: 'Change booking' }));
  // The dialog is its own chunk: the first opening waits for it.
  return screen.findByRole('dialog', { name: 'Change your booking' }, { timeout: 5000 });
}

// The dialog's chunk loads on first opening, then userEvent types: seconds on a busy two-core machine.
describe('changing a booking before pickup (BOOK-18)', { timeout: 20_000 }, () => {
  test('re-quotes the new dates with the difference, then sends the change and says so', async () => {
    const user = userEvent.setup();
    const dialog = await openChange(user);
    const end = within(dialog).getByLabelText('End date');
    await user.clear(end);
    await user.type(end, addDays(today, 14));

    // Nothing paid yet: the whole new total is due at pickup, not only the difference (BOOK-18).
    expect(
      await within(dialog).findByText('GH₵ 450.00 more; you pay the whole GH₵ 2,000.00 at pickup.'),
    ).toBeTruthy();
    expect(calls('/bookings/quote').at(-1)?.[1]?.query).toMatchObject({
      booking_code: booking.booking_code,
      end_date: addDays(today, 14),
      car_id: booking.car.id,
    });
    const changed = { ...booking, end_date: addDays(today, 14) };
    serve({
      [`/bookings/${booking.booking_code}/change`]: () =>
        ({
          message: 'Booking changed. Pay the total of GH₵ 2,000.00 when you pick up the car.',
          booking: changed,
          difference: 450,
        }) satisfies BookingChangeResponse,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm change' }));

    const notice = await screen.findByText(/^Booking changed\. Pay the total of/);
    expect(document.activeElement).toBe(notice);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls(`/bookings/${booking.booking_code}/change`)[0]?.[1]?.body).toMatchObject({
      start_date: booking.start_date,
      end_date: addDays(today, 14),
      destination: booking.destination,
      destination_type: 2,
    });
  });

  test('a refusal (409) is said in the dialog, which stays open', async () => {
    const user = userEvent.setup();
    const dialog = await openChange(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Chauffeur' }));
    await within(dialog).findByText('GH₵ 450.00 more; you pay the whole GH₵ 2,000.00 at pickup.');
    serve({
      [`/bookings/${booking.booking_code}/change`]: () => {
        throw new ApiError(409, 'This car is not available for the selected dates.');
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm change' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This car is not available for the selected dates.',
    );
  });

  test('dates the car is booked on cannot be confirmed', async () => {
    const user = userEvent.setup();
    serve({ '/bookings/quote': () => quoteFixture({ available: false, difference: 0 }) });
    const dialog = await openChange(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Child seat' }));
    expect(
      await within(dialog).findByText('This car is not available for the selected dates.'),
    ).toBeTruthy();
    expect(
      within(dialog).getByRole('button', { name: 'Confirm change' }).hasAttribute('disabled'),
    ).toBe(true);
  });
});

describe('extending a trip under way (BOOK-19)', () => {
  test('offers a later return date only, and sends it', async () => {
    const user = userEvent.setup();
    // A trip under way was paid at pickup (the car is handed over only then).
    const active = {
      ...booking,
      status: 'active' as const,
      payment_status: 'paid' as const,
      can_change: false,
      can_extend: true,
    };
    serve({
      [`/bookings/${booking.booking_code}`]: () => ({ booking: active }),
      [`/bookings/${booking.booking_code}/extend`]: () =>
        ({
          message: 'Trip extended. Pay the extra GH₵ 450.00 when you return the car.',
          booking: { ...active, end_date: addDays(today, 15) },
          difference: 450,
        }) satisfies BookingChangeResponse,
    });
    renderWithApp(<BookingDetail code={booking.booking_code} />);
    expect(screen.queryByRole('button', { name: 'Change booking' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Extend trip' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Extend your trip' },
      { timeout: 5000 },
    );
    expect(within(dialog).queryByLabelText('Start date')).toBeNull();
    const end = within(dialog).getByLabelText('New return date');
    await user.clear(end);
    await user.type(end, booking.end_date);
    expect(
      within(dialog).getByText('The new return date must be after the current one'),
    ).toBeTruthy();
    await user.clear(end);
    await user.type(end, addDays(today, 15));
    await within(dialog).findByText('GH₵ 450.00 more, paid when you return the car.');
    await user.click(within(dialog).getByRole('button', { name: 'Extend trip' }));
    expect(await screen.findByText(/^Trip extended\./)).toBeTruthy();
    expect(calls(`/bookings/${booking.booking_code}/extend`)[0]?.[1]?.body).toEqual({
      end_date: addDays(today, 15),
      return_time: '09:00',
    });
  });
});
