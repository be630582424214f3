import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { addDays, todayInAccra } from '../../../../shared/dates';
import type { AvailabilityResponse } from '../../../../shared/schemas/cars';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { carFixture, EAST_LEGON, EXTRA_PRICES, quoteFixture } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { BookingWizard } from './booking-wizard';

// In a browser, step 1's rules and step 2's chunk arrive while the page is idle after its first
// render, before anyone has typed (lib/lazy-part.ts); a test types at once, so it loads them
// first rather than racing a cold module load.
beforeAll(() => Promise.all([import('./booking-details-rules'), import('./booking-step-two')]));

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
  if (path === '/bookings/unpaid') return { unpaid: 1, limit: 3, reached: false };
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

/** The clock at `time` in Accra (UTC all year) on today's date: times past today depend on it. */
const setClock = (time: string, date = today) => vi.setSystemTime(new Date(`${date}T${time}:00Z`));

beforeEach(() => {
  // Early morning unless a test says otherwise, so every pickup time of today is still ahead.
  vi.useFakeTimers({ toFake: ['Date'] });
  setClock('06:00');
  api.mockReset();
  api.mockImplementation(async (path, options) => answer(path, options?.query ?? {}));
});

afterEach(() => {
  vi.useRealTimers();
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
    // Focus moves in the effect after step 2 commits, which a busy machine may run a little later.
    await waitFor(() => expect(document.activeElement).toBe(heading));
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

describe('step 1: times, branch, extras and availability (BOOK-16, BOOK-17, PRICE-3)', () => {
  test('offers times in half hours within the branch hours, 09:00 first, and names the branch', async () => {
    renderWithApp(<BookingWizard car={car} />);
    const pickup = screen.getByLabelText('Pickup time') as HTMLSelectElement;
    expect(pickup.value).toBe('09:00');
    expect(await screen.findByText(EAST_LEGON.address)).toBeTruthy();
    const options = [...pickup.options].map((o) => o.value);
    expect(options[0]).toBe('07:00');
    expect(options.at(-1)).toBe('21:00');
    expect(options).toContain('13:30');
    expect(screen.getByText('Open 07:00–21:00')).toBeTruthy();
  });

  test('says at once that the chosen dates are free', async () => {
    renderWithApp(<BookingWizard car={car} />);
    expect(await screen.findByText('Available on these dates')).toBeTruthy();
    expect(api).toHaveBeenCalledWith(
      `/cars/${car.id}/availability`,
      expect.objectContaining({ query: { from: today, to: addDays(today, 1) } }),
    );
  });

  test('taken dates: says so before step 2, and the next free dates fill the form', async () => {
    const user = userEvent.setup();
    const free = { start_date: addDays(today, 9), end_date: addDays(today, 10) };
    api.mockImplementation(async (path, options) => {
      const query = options?.query ?? {};
      if (path === `/cars/${car.id}/availability` && query.from !== free.start_date) {
        return {
          success: true,
          car_id: car.id,
          from: String(query.from),
          to: String(query.to),
          booked: [{ start_date: today, end_date: addDays(today, 8) }],
          available: false,
          next_free: free,
        } satisfies AvailabilityResponse;
      }
      return answer(path, query);
    });
    renderWithApp(<BookingWizard car={car} />);
    expect(await screen.findByText('Booked on these dates.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Use / }));
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe(free.start_date);
    expect((screen.getByLabelText('End date') as HTMLInputElement).value).toBe(free.end_date);
    expect(await screen.findByText('Available on these dates')).toBeTruthy();
  });

  test('extras show their prices; outside Accra the note names the allowance', async () => {
    const user = userEvent.setup();
    renderWithApp(<BookingWizard car={car} />);
    expect(
      await screen.findByRole('checkbox', { name: /Chauffeur\s*GH₵ 150\.00 a day/ }),
    ).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Child seat\s*GH₵ 30\.00 a day/ })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    await user.click(screen.getByLabelText('Outside Accra'));
    await user.click(screen.getByRole('checkbox', { name: /Chauffeur/ }));
    expect(screen.getByRole('note').textContent).toMatch(
      /Leaving Accra.*allowance of GH₵ 100\.00 a day/,
    );
  });

  test('delivery is offered for a car at an Accra branch only, and then needs an address', async () => {
    const user = userEvent.setup();
    renderWithApp(<BookingWizard car={car} />);
    await user.click(await screen.findByRole('checkbox', { name: /Deliver the car/ }));
    await user.type(screen.getByLabelText('Destination'), 'Osu');
    await user.click(screen.getByLabelText('Within Accra'));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getByText('Enter the address in Accra to deliver the car to')).toBeTruthy();
    await user.type(screen.getByLabelText('Delivery address in Accra'), '14 Ring Road, Osu');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await screen.findByRole('heading', { name: 'Booking Summary' });
    expect(quoteCalls()[0]?.[1]?.query).toMatchObject({ delivery_address: '14 Ring Road, Osu' });
  });

  test('a car at the Kumasi branch: no delivery in Accra, and where to is within or outside Kumasi', async () => {
    const kumasiCar = carFixture({
      id: 9,
      branch: { id: 3, name: 'Kumasi office', town: 'Kumasi' },
    });
    renderWithApp(<BookingWizard car={kumasiCar} />);
    expect(await screen.findByRole('checkbox', { name: /Chauffeur/ })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Deliver the car/ })).toBeNull();
    expect(screen.getAllByText('Kumasi office').length).toBeGreaterThan(0);
    // Where to is said from the car's town, not Accra (PRICE-3).
    expect(screen.getByLabelText('Within Kumasi')).toBeTruthy();
    await userEvent.setup().click(screen.getByLabelText('Outside Kumasi'));
    expect(screen.getByRole('note').textContent).toMatch(/^Leaving Kumasi\./);
    expect(screen.queryByText(/Accra/)).toBeNull();
  });
});

describe('step 1 knows the calendar and the clock (LIMIT-14, BOOK-16)', () => {
  const optionsOf = (label: string) =>
    within(screen.getByLabelText(label))
      .getAllByRole('option')
      .map((option) => option.textContent);

  test('a start past the 180-day horizon is refused on step 1, not found free', async () => {
    const user = userEvent.setup();
    renderWithApp(<BookingWizard car={car} />);
    expect(screen.getByLabelText('Start date').getAttribute('max')).toBe(addDays(today, 180));
    await setDate(user, 'Start date', addDays(today, 200));
    await setDate(user, 'End date', addDays(today, 202));
    await user.tab();
    expect(await screen.findByText('Bookings open 180 days ahead.')).toBeTruthy();
    expect(screen.queryByText('Available on these dates')).toBeNull();
    const asked = api.mock.calls.filter(([path]) => path === `/cars/${car.id}/availability`);
    expect(asked.map(([, options]) => options?.query?.from)).not.toContain(addDays(today, 200));
  });

  test('the end date stops 90 days after the start', async () => {
    const user = userEvent.setup();
    renderWithApp(<BookingWizard car={car} />);
    await setDate(user, 'Start date', addDays(today, 10));
    expect(screen.getByLabelText('End date').getAttribute('max')).toBe(addDays(today, 100));
  });

  test('today offers only the pickup times still ahead', async () => {
    setClock('14:10');
    renderWithApp(<BookingWizard car={car} />);
    await screen.findByText(EAST_LEGON.address);
    const pickup = optionsOf('Pickup time');
    expect(pickup[0]).toBe('14:30');
    expect(pickup).not.toContain('09:00');
    expect((screen.getByLabelText('Pickup time') as HTMLSelectElement).value).toBe('14:30');
    // The return is on a later day: all of that day's times.
    expect(optionsOf('Return time')[0]).toBe('07:00');
  });

  test('another day offers every time again', async () => {
    const user = userEvent.setup();
    setClock('14:10');
    renderWithApp(<BookingWizard car={car} />);
    await setDate(user, 'Start date', addDays(today, 3));
    await setDate(user, 'End date', addDays(today, 5));
    expect(optionsOf('Pickup time')[0]).toBe('07:00');
  });

  test('after closing time the form starts tomorrow', async () => {
    setClock('21:40');
    renderWithApp(<BookingWizard car={car} />);
    const start = screen.getByLabelText('Start date') as HTMLInputElement;
    expect(start.value).toBe(addDays(today, 1));
    expect(start.getAttribute('min')).toBe(addDays(today, 1));
    expect((screen.getByLabelText('End date') as HTMLInputElement).value).toBe(addDays(today, 2));
  });
});

describe('dates chosen before the form (PAGE-8)', () => {
  test('the dates from the car list fill the form', async () => {
    const dates = { start_date: addDays(today, 12), end_date: addDays(today, 15) };
    renderWithApp(<BookingWizard car={car} initialDates={dates} />);
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe(dates.start_date);
    expect((screen.getByLabelText('End date') as HTMLInputElement).value).toBe(dates.end_date);
    expect(await screen.findByText('Available on these dates')).toBeTruthy();
    expect(api).toHaveBeenCalledWith(
      `/cars/${car.id}/availability`,
      expect.objectContaining({ query: { from: dates.start_date, to: dates.end_date } }),
    );
  });
});

describe("the summary and the server's answer", () => {
  async function toSummary(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Destination'), 'Kumasi');
    await user.click(screen.getByLabelText('Outside Accra'));
    await user.click(await screen.findByRole('checkbox', { name: /Chauffeur/ }));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await screen.findByRole('heading', { name: 'Booking Summary' });
  }

  test("the Cost Summary shows the quote's lines with the weekly saving as the Discount", async () => {
    const user = userEvent.setup();
    api.mockImplementation(async (path, options) =>
      path === '/bookings/quote'
        ? quoteFixture({
            days: 7,
            line_cost: 3150,
            discount: 350,
            total_cost: 4800,
            lines: [
              { label: 'Car rental (7 days)', amount: 3150 },
              { label: 'Weekly price saving', amount: -350 },
              { label: 'Chauffeur (7 days)', amount: 1050 },
              { label: 'Chauffeur allowance outside Accra (7 days)', amount: 700 },
              { label: 'Security deposit (refundable)', amount: 200 },
            ],
          })
        : answer(path, options?.query ?? {}),
    );
    renderWithApp(<BookingWizard car={car} />);
    await toSummary(user);
    const summary = await screen.findByRole('region', { name: 'Cost Summary' });
    const rows = [...summary.querySelectorAll('.cost-line')].map((row) =>
      row.textContent?.replace(/\s+/g, ' '),
    );
    expect(rows).toEqual([
      'Car rental (7 days)GH₵ 450.00 × 7 daysGH₵ 3,150.00',
      'DiscountWeekly price saving− GH₵ 350.00',
      'Chauffeur (7 days)GH₵ 1,050.00',
      'Chauffeur allowance outside Accra (7 days)GH₵ 700.00',
      'Security deposit (refundable)GH₵ 200.00',
      'TotalGH₵ 4,800.00',
    ]);
    expect(quoteCalls()[0]?.[1]?.query).toMatchObject({ chauffeur: 'true', destination_type: 2 });
  });

  test('a 422 naming several fields shows them all next to their fields and focuses the first (BOOK-20)', async () => {
    const user = userEvent.setup();
    api.mockImplementation(async (path, options) => {
      if (path === '/bookings/create') {
        throw new ApiError(422, 'The given data was invalid.', {
          return_time: ['Return time must be between 07:00 and 21:00'],
          start_date: ['Bookings open 180 days ahead.'],
          pickup_time: ['Pickup time must be between 07:00 and 21:00'],
        });
      }
      return answer(path, options?.query ?? {});
    });
    renderWithApp(<BookingWizard car={car} />);
    await toSummary(user);
    await user.click(await screen.findByRole('button', { name: 'Proceed to payment' }));
    await user.click(await screen.findByLabelText(/Payment on Pickup/));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Booking Failed' });
    await user.click(screen.getByRole('button', { name: 'Correct the details' }));

    await screen.findByRole('heading', { level: 1, name: 'Destination and Booking Dates' });
    expect(screen.getByText('Bookings open 180 days ahead.')).toBeTruthy();
    expect(screen.getByText('Pickup time must be between 07:00 and 21:00')).toBeTruthy();
    expect(screen.getByText('Return time must be between 07:00 and 21:00')).toBeTruthy();
    expect(screen.getByLabelText('Pickup time').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Start date'));
  });
});

describe('the unpaid-bookings limit on step 1 (LIMIT-13)', () => {
  test('says the limit is reached before the last step, and how to go on', async () => {
    api.mockImplementation(async (path, options) =>
      path === '/bookings/unpaid'
        ? { unpaid: 3, limit: 3, reached: true }
        : answer(path, options?.query ?? {}),
    );
    renderWithApp(<BookingWizard car={car} />);
    const notice = await screen.findByText(/You have 3 unpaid bookings/);
    expect(notice.textContent).toContain('Pay or cancel one first, or choose mobile money');
    expect(screen.getByRole('link', { name: 'See your bookings' })).toBeTruthy();
  });

  test('says nothing under the limit', async () => {
    renderWithApp(<BookingWizard car={car} />);
    expect(await screen.findByLabelText('Destination')).toBeTruthy();
    await waitFor(() =>
      expect(api.mock.calls.some(([path]) => path === '/bookings/unpaid')).toBe(true),
    );
    expect(screen.queryByText(/unpaid bookings/)).toBeNull();
  });
});
