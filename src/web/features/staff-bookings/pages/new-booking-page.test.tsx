import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import { messages } from '../../../../shared/messages';
import { NewBookingPage } from './new-booking-page';

// The body's rules load after the page (bodyRules); a test types at once, so load them first.
beforeAll(() => import('../../../../shared/schemas/booking-changes.staff'));

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const branch = {
  id: 1,
  name: 'East Legon office',
  town: 'Accra',
  address: '12 Lagos Avenue',
  phone: '+233302900100',
  opens: '07:00',
  closes: '21:00',
  is_airport: false,
  car_count: 1,
  yours: true,
};

/** The console's answers for the form: no customer yet, one car, a quote; `create` decides. */
function answer(create: () => unknown) {
  api.mockImplementation(async (path, options) => {
    if (path === '/admin/customers/lookup') throw new ApiError(404, 'Not found.');
    if (path === '/admin/branches') return { branches: [branch] };
    if (path === '/admin/cars')
      return {
        cars: [
          {
            id: 3,
            title: 'Toyota Corolla 2022',
            branch: { id: 1, name: branch.name, town: 'Accra' },
          },
        ],
        total: 1,
        page: 1,
        limit: 100,
        last_page: 1,
      };
    if (path === '/admin/bookings/quote')
      throw new ApiError(422, 'Please correct the highlighted fields.');
    if (path === '/admin/bookings' && options?.method === 'POST') return create();
    throw new Error(`unexpected ${String(path)} ${JSON.stringify(options)}`);
  });
}

beforeEach(() => {
  api.mockReset();
});

describe('a phone booking (STAFF-14)', () => {
  test("the network follows the customer's number until staff choose one", async () => {
    const user = userEvent.setup();
    answer(() => ({}));
    renderWithApp(<NewBookingPage />);
    await user.type(screen.getByLabelText('Phone number'), '0201234567');
    await user.click(screen.getByLabelText(/Mobile money/));
    expect((screen.getByLabelText('Network') as HTMLSelectElement).value).toBe('telecel');
  }, 30_000);

  test('a field the server refused stops showing red once it is changed', async () => {
    const user = userEvent.setup();
    answer(() => {
      throw new ApiError(422, 'Please correct the highlighted fields.', {
        name: ["Enter the customer's name"],
      });
    });
    renderWithApp(<NewBookingPage />);
    await user.type(screen.getByLabelText('Phone number'), '0241234567');
    await user.type(screen.getByLabelText("Customer's name"), 'Y');
    await screen.findByRole('option', { name: /Toyota Corolla 2022/ });
    await user.selectOptions(screen.getByLabelText('Car', { exact: true }), '3');
    await user.type(screen.getByLabelText('Destination', { exact: true }), 'Tema');
    await user.click(screen.getByLabelText('Within Accra'));
    await user.click(screen.getByLabelText(/Pay on pickup/));
    await user.click(screen.getByRole('button', { name: /Create booking|Book/ }));
    expect(await screen.findByText("Enter the customer's name")).toBeTruthy();
    await user.type(screen.getByLabelText("Customer's name"), 'aw Boateng');
    expect(screen.queryByText("Enter the customer's name")).toBeNull();
  }, 30_000);
});

describe('the form says what is missing and stops once it is fixed (STAFF-16, BOOK-20)', () => {
  test('a trip field the form refused stops showing red once it is filled in', async () => {
    const user = userEvent.setup();
    answer(() => ({}));
    renderWithApp(<NewBookingPage />);
    await user.click(screen.getByRole('button', { name: 'Create booking' }));
    expect(await screen.findByText(messages.booking.destinationRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Destination', { exact: true }), 'Tema');
    expect(screen.queryByText(messages.booking.destinationRequired)).toBeNull();
  }, 30_000);

  test('a missing Where to is asked for, not taken as within the town', async () => {
    const user = userEvent.setup();
    answer(() => ({}));
    renderWithApp(<NewBookingPage />);
    const whereTo = screen.getByRole('group', { name: 'Where to' });
    for (const radio of within(whereTo).getAllByRole('radio'))
      expect((radio as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Create booking' }));
    expect(await within(whereTo).findByText(messages.booking.destinationTypeRequired)).toBeTruthy();
    expect(whereTo.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(within(whereTo).getAllByRole('radio')[1]!);
    expect(within(whereTo).queryByText(messages.booking.destinationTypeRequired)).toBeNull();
  }, 30_000);
});
