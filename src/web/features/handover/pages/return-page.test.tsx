import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { handoverMessages } from '../../../../shared/handover';
import type { AdminBookingDetail } from '../../../../shared/schemas/bookings.staff';
import type { HandoverReceipt } from '../../../../shared/schemas/handover';
import { apiRequest } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/private-files';
import { Route, Routes } from '../../../lib/router';
import { EAST_LEGON } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { ReturnPage } from './return-page';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
vi.mock(import('../../../lib/private-files'), async (importOriginal) => ({
  ...(await importOriginal()),
  uploadForm: vi.fn(),
}));
const api = vi.mocked(apiRequest);
const upload = vi.mocked(uploadForm);

const booking = {
  id: 9,
  booking_code: 'CL-F7KAG8',
  status: 'active',
  payment_status: 'paid',
  payment_method: 'payOnPickup',
  start_date: '2026-11-27',
  end_date: '2026-11-29',
  days: 2,
  price_per_day: 300,
  total_cost: 800,
  balance_due: 0,
  created_at: '2026-11-20T10:00:00.000Z',
  car: { id: 3, title: '2021 Kia Picanto' },
  renter: { id: 4, name: 'Yaa Asantewaa', msisdn: '233244000001' },
  flagged: false,
  line_cost: 600,
  deposit: 200,
  discount: 0,
  extras: 0,
  lines: [],
  branch: { id: 1, name: 'East Legon office', town: 'Accra' },
  pickup_time: '09:00',
  return_time: '17:00',
  chauffeur: false,
  child_seat: false,
  delivery_address: null,
  destination: 'Accra',
  destination_type: 1,
  hold_expires_at: null,
  cancelled_at: null,
  updated_at: '2026-11-27T09:00:00.000Z',
  allowed_actions: ['return'],
  events: [],
  payments: [],
} as AdminBookingDetail;

const receipt: HandoverReceipt = {
  booking_code: 'CL-F7KAG8',
  car: '2021 Kia Picanto',
  renter_name: 'Yaa Asantewaa',
  branch: EAST_LEGON,
  start_date: '2026-11-27',
  end_date: '2026-11-29',
  pickup_time: '09:00',
  return_time: '17:00',
  price_per_day: 300,
  deposit: 200,
  deposit_state: 'held',
  pickup: {
    at: '2026-11-27T09:05:00.000Z',
    odometer_km: 45_000,
    fuel_eighths: 8,
    damage_notes: null,
    staff_name: 'Kwame Asante',
    photos: [],
    documents: 'verified',
    documents_override: null,
    deposit: 200,
    deposit_method: 'cash',
  },
  return: null,
  tax: null,
};

beforeEach(() => {
  api.mockReset();
  upload.mockReset();
});

describe('the return form (HAND-12)', { timeout: 20_000 }, () => {
  test('a damage charge without damage notes is refused beside the damage notes, nothing sent', async () => {
    const user = userEvent.setup();
    api.mockImplementation(async (path) =>
      String(path).endsWith('/handover') ? { handover: receipt } : { booking },
    );
    renderWithApp(
      <Routes>
        <Route path="/admin/bookings/:code/return" element={<ReturnPage />} />
      </Routes>,
      { route: '/admin/bookings/CL-F7KAG8/return' },
    );
    await user.type(await screen.findByLabelText('Odometer (km)'), '45300');
    await user.click(screen.getByRole('radio', { name: '6/8' }));
    await user.click(screen.getByRole('button', { name: /Add a line/ }));
    await user.selectOptions(screen.getByLabelText('Reason'), 'damage');
    await user.type(screen.getByLabelText('Amount (GH₵)'), '80');
    await user.click(screen.getByRole('button', { name: /Take the car back|Record the return/ }));

    const notes = screen.getByLabelText('Damage notes');
    expect(notes.getAttribute('aria-invalid')).toBe('true');
    const described = (notes.getAttribute('aria-describedby') ?? '').split(' ');
    const messages = described.map((id) => document.getElementById(id)?.textContent);
    expect(messages).toContain(handoverMessages.damageNotesRequired);
    expect(upload).not.toHaveBeenCalled();
  });
});
