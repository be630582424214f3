import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '../../../lib/router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { AdminBookingDetail, AdminPayment } from '../../../../shared/schemas/bookings.staff';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import { BookingPage } from './booking-page';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const payment = (changes: Partial<AdminPayment>): AdminPayment => ({
  id: 1,
  provider: 'paystack',
  reference: 'CL-7K3Q9M-ABCDEFGHJK',
  amount: 1850,
  currency: 'GHS',
  status: 'refund_pending',
  network: 'mtn',
  wallet_msisdn: '233244123456',
  flagged_reason: 'refund_failed',
  refund_id: '15581000',
  refund_note: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...changes,
});

const booking = (p: AdminPayment): AdminBookingDetail => ({
  id: 9,
  booking_code: 'CL-7K3Q9M',
  status: 'cancelled',
  payment_status: 'paid',
  payment_method: 'mobile_money',
  start_date: '2026-12-01',
  end_date: '2026-12-03',
  days: 2,
  price_per_day: 825,
  total_cost: 1850,
  created_at: '2026-11-20T10:00:00.000Z',
  car: { id: 3, title: 'Toyota Corolla 2022' },
  renter: { id: 4, name: 'Ama Mensah', msisdn: '233244123456' },
  flagged: true,
  line_cost: 1650,
  deposit: 200,
  discount: 0,
  extras: 0,
  lines: [
    { label: 'Car rental (2 days)', amount: 1650 },
    { label: 'Security deposit (refundable)', amount: 200 },
  ],
  branch: { id: 1, name: 'East Legon office', town: 'Accra' },
  pickup_time: '09:00',
  return_time: '09:00',
  chauffeur: false,
  child_seat: false,
  delivery_address: null,
  destination: 'Accra',
  destination_type: 1,
  hold_expires_at: null,
  cancelled_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  allowed_actions: [],
  events: [],
  payments: [p],
  balance_due: 0,
});

function renderPage(staffRole: 'owner' | 'manager' | 'agent' = 'owner') {
  renderWithApp(
    <Routes>
      <Route path="/admin/bookings/:code" element={<BookingPage />} />
    </Routes>,
    { route: '/admin/bookings/CL-7K3Q9M', staffRole },
  );
}

beforeEach(() => api.mockReset());

// A whole page with dialogs, typed into by userEvent: seconds on a busy two-core machine.
describe(
  'a refund Paystack could not complete, on the staff booking page',
  { timeout: 20_000 },
  () => {
    test('shows an agent why, and leaves settling it to a manager (ROLE-8)', async () => {
      api.mockImplementation(async (path) =>
        String(path).endsWith('/sms') ? { messages: [] } : { booking: booking(payment({})) },
      );
      renderPage('agent');
      expect(await screen.findByText('The refund failed at Paystack')).toBeTruthy();
      expect(screen.getByText('A manager settles this refund.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Settled by hand' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Retry refund' })).toBeNull();
    });

    test('shows why, and settles it by hand only with a note', async () => {
      const user = userEvent.setup();
      const settled = booking(
        payment({ status: 'refunded', flagged_reason: null, refund_note: 'Cash at the desk' }),
      );
      let current = booking(payment({}));
      api.mockImplementation(async (path) => {
        if (String(path).endsWith('/sms')) return { messages: [] };
        if (String(path).endsWith('/settle-refund')) current = settled;
        return { message: 'Refund recorded as settled by hand.', booking: current };
      });
      renderPage();
      expect(await screen.findByText('The refund failed at Paystack')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Settled by hand' }));
      const dialog = screen.getByRole('dialog', { name: 'Record the refund as settled by hand?' });
      await user.click(within(dialog).getByRole('button', { name: 'Record as settled' }));
      expect(within(dialog).getByRole('alert').textContent).toBe('Say how the money was returned.');
      expect(api.mock.calls.some(([path]) => String(path).endsWith('/settle-refund'))).toBe(false);

      await user.type(
        within(dialog).getByLabelText('How was the money returned?'),
        'Cash at the desk',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Record as settled' }));
      expect(await screen.findByText('Settled by hand: “Cash at the desk”')).toBeTruthy();
      const call = api.mock.calls.find(([path]) => String(path).endsWith('/settle-refund'));
      expect(call?.[1]?.body).toEqual({
        note: 'Cash at the desk',
        reference: 'CL-7K3Q9M-ABCDEFGHJK',
      });
      expect(screen.queryByRole('button', { name: 'Retry refund' })).toBeNull();
    });

    test('Retry refund asks the server for a new refund', async () => {
      const user = userEvent.setup();
      let current = booking(payment({ flagged_reason: 'refund_needs_attention' }));
      api.mockImplementation(async (path) => {
        if (String(path).endsWith('/sms')) return { messages: [] };
        if (String(path).endsWith('/retry-refund'))
          current = booking(payment({ flagged_reason: null, refund_id: '15581001' }));
        return { message: 'Refund asked for again.', booking: current };
      });
      renderPage();
      expect(await screen.findByText('Paystack says the refund needs attention')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Retry refund' }));
      await user.click(screen.getByRole('button', { name: /Retry refund of/ }));
      expect(api.mock.calls.some(([path]) => String(path).endsWith('/retry-refund'))).toBe(true);
      expect(await screen.findByText('Refund pending')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Retry refund' })).toBeNull();
    });
  },
);

describe('cash owed back at the counter, on the staff booking page', { timeout: 20_000 }, () => {
  test('offers only Handed back, which records the cash with a note', async () => {
    const user = userEvent.setup();
    const owed = payment({
      provider: 'cash',
      status: 'refund_pending',
      amount: 300,
      network: null,
      wallet_msisdn: null,
      refund_id: null,
      flagged_reason: 'refund_at_counter',
    });
    let current = { ...booking(owed), status: 'confirmed' };
    api.mockImplementation(async (path) => {
      if (String(path).endsWith('/sms')) return { messages: [] };
      if (String(path).endsWith('/settle-refund'))
        current = booking({ ...owed, status: 'refunded', flagged_reason: null });
      return { message: 'Refund recorded as settled by hand.', booking: current };
    });
    renderPage();
    expect(await screen.findByText('To hand back in cash at the counter')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry refund' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Handed back' }));
    const dialog = screen.getByRole('dialog', { name: 'Record the cash as handed back?' });
    await user.type(within(dialog).getByLabelText('How was the money returned?'), 'Cash, Kofi');
    await user.click(within(dialog).getByRole('button', { name: 'Record as handed back' }));
    expect(await screen.findByText('Refunded')).toBeTruthy();
    const call = api.mock.calls.find(([path]) => String(path).endsWith('/settle-refund'));
    expect(call?.[1]?.body).toEqual({ note: 'Cash, Kofi', reference: 'CL-7K3Q9M-ABCDEFGHJK' });
    expect(screen.queryByRole('button', { name: 'Handed back' })).toBeNull();
  });
});

describe('a payment attempt that ended unpaid (STAFF-35)', { timeout: 20_000 }, () => {
  test('says why under the attempt, in the provider’s words', async () => {
    const failed = payment({
      status: 'failed',
      flagged_reason: null,
      refund_id: null,
      failure_reason: 'Insufficient funds',
    });
    api.mockImplementation(async (path) =>
      String(path).endsWith('/sms') ? { messages: [] } : { booking: booking(failed) },
    );
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Payments' });
    expect(await within(panel).findByText('Why it failed: Insufficient funds')).toBeTruthy();
  });
});

describe('the SMS log follows what staff do on the page (MSG-10)', { timeout: 20_000 }, () => {
  const sms = (id: number, kind: string, body: string) => ({
    id,
    kind,
    status: 'queued' as const,
    to: '233244123456',
    body,
    booking_id: 9,
    booking_code: 'CL-7K3Q9M',
    attempts: 0,
    last_error: null,
    due_at: '2026-11-21T10:00:00.000Z',
    sent_at: null,
    delivered_at: null,
    created_at: '2026-11-21T10:00:00.000Z',
    can_resend: false,
  });
  const open: AdminBookingDetail = {
    ...booking(payment({})),
    status: 'pending',
    payment_status: 'unpaid',
    payment_method: 'payOnPickup',
    start_date: '2099-12-01',
    end_date: '2099-12-03',
    flagged: false,
    cancelled_at: null,
    allowed_actions: ['record_cash', 'cancel'],
    payments: [],
  };

  test('a cancel or a cash payment shows its text in the log without a reload', async () => {
    const user = userEvent.setup();
    let current = open;
    const texts = [sms(1, 'booking_received', 'CarLink: booking CL-7K3Q9M received.')];
    api.mockImplementation(async (path) => {
      const url = String(path);
      if (url.endsWith('/sms')) return { messages: [...texts].reverse() };
      if (url.endsWith('/record-cash')) {
        current = { ...current, status: 'confirmed', payment_status: 'paid' };
        texts.push(sms(2, 'payment_received', 'CarLink: cash payment received for CL-7K3Q9M.'));
        return { message: 'Cash payment recorded.', booking: current };
      }
      if (url.endsWith('/cancel')) {
        current = { ...current, status: 'cancelled', allowed_actions: [] };
        texts.push(sms(3, 'booking_cancelled', 'CarLink: booking CL-7K3Q9M is cancelled.'));
        return { message: 'Booking cancelled.', booking: current };
      }
      return { booking: current };
    });
    renderPage();
    expect(await screen.findByText('CarLink: booking CL-7K3Q9M received.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Record cash payment' }));
    await user.click(screen.getByRole('button', { name: /^Record GH₵/ }));
    expect(await screen.findByText('CarLink: cash payment received for CL-7K3Q9M.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel and refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel booking CL-7K3Q9M?' });
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Customer changed plans');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByText('CarLink: booking CL-7K3Q9M is cancelled.')).toBeTruthy();
  });
});

describe('a phone booking paid by mobile money in the sandbox (RUN-13)', () => {
  test('links to the sandbox phone of the wallet, where the prompt waits', async () => {
    const waiting: AdminBookingDetail = {
      ...booking(
        payment({
          provider: 'sandbox',
          status: 'pending',
          flagged_reason: null,
          refund_id: null,
          wallet_msisdn: '233244555124',
        }),
      ),
      status: 'pending',
      payment_status: 'pending',
      flagged: false,
      cancelled_at: null,
    };
    api.mockImplementation(async (path) =>
      String(path).endsWith('/sms') ? { messages: [] } : { booking: waiting },
    );
    renderPage();
    const link = await screen.findByRole('link', {
      name: 'Open the sandbox phone of +233 24 455 5124',
    });
    expect(link.getAttribute('href')).toBe('/sandbox/phone?msisdn=233244555124');
  });
});

describe('a declined prompt staff sent (STAFF-46)', { timeout: 20_000 }, () => {
  const declined = payment({
    status: 'failed',
    flagged_reason: null,
    refund_id: null,
    failure_reason: 'Declined by the customer',
  });
  const held = (payments: AdminPayment[]): AdminBookingDetail => ({
    ...booking(declined),
    status: 'pending',
    payment_status: 'pending',
    flagged: false,
    cancelled_at: null,
    // An hour ahead: the hold still runs.
    hold_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    payments,
  });

  test('keeps the booking held and sends the prompt again to the wallet staff give', async () => {
    const user = userEvent.setup();
    const second = payment({
      id: 2,
      reference: 'CL-7K3Q9M-MNPQRSTUVW',
      status: 'pending',
      network: 'telecel',
      wallet_msisdn: '233201234567',
      flagged_reason: null,
      refund_id: null,
    });
    let current = held([declined]);
    api.mockImplementation(async (path) => {
      if (String(path).endsWith('/sms')) return { messages: [] };
      if (String(path).endsWith('/prompt-again')) {
        current = held([declined, second]);
        return {
          message: 'Prompt sent to +233 20 123 4567. The booking is held until 11:00.',
          booking: current,
        };
      }
      return { booking: current };
    });
    renderPage();
    const actions = await screen.findByRole('region', { name: 'Next steps' });
    expect(
      within(actions).getByText(/did not approve the mobile money prompt/).textContent,
    ).toMatch(/\(Declined by the customer\)\. The booking is held until \d\d:\d\d/);
    // The last prompt's wallet and network, editable; the network follows a new number.
    const wallet = within(actions).getByLabelText('Mobile money number') as HTMLInputElement;
    expect(wallet.value).toBe('+233 24 412 3456');
    expect((within(actions).getByLabelText('Network') as HTMLSelectElement).value).toBe('mtn');
    await user.clear(wallet);
    await user.type(wallet, '020 123 4567');
    expect((within(actions).getByLabelText('Network') as HTMLSelectElement).value).toBe('telecel');

    await user.click(within(actions).getByRole('button', { name: 'Send the prompt again' }));
    const call = api.mock.calls.find(([path]) => String(path).endsWith('/prompt-again'));
    expect(call?.[1]).toMatchObject({
      method: 'POST',
      body: { network: 'telecel', wallet_msisdn: '020 123 4567' },
    });
    expect(await within(actions).findByText(/^Prompt sent to \+233 20 123 4567/)).toBeTruthy();
    // One prompt at a time: the new one is waited for.
    expect(within(actions).queryByRole('button', { name: 'Send the prompt again' })).toBeNull();
    expect(within(actions).getByText(/Waiting for the customer to approve/)).toBeTruthy();
  });

  test('says why the server refused, and offers nothing once the hold is over', async () => {
    const user = userEvent.setup();
    api.mockImplementation(async (path) => {
      if (String(path).endsWith('/sms')) return { messages: [] };
      if (String(path).endsWith('/prompt-again'))
        throw new ApiError(429, 'Too many payment attempts for this booking.');
      return { booking: held([declined]) };
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Send the prompt again' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many payment attempts for this booking.',
    );
  });

  test('a hold that ran out offers no prompt', async () => {
    api.mockImplementation(async (path) =>
      String(path).endsWith('/sms')
        ? { messages: [] }
        : {
            booking: {
              ...held([declined]),
              hold_expires_at: new Date(Date.now() - 1_000).toISOString(),
            },
          },
    );
    renderPage();
    expect(
      await screen.findByText('The hold has ended: the dates are being released.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send the prompt again' })).toBeNull();
  });
});
