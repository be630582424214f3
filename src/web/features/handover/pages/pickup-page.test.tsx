import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { AdminBookingDetail } from '../../../../shared/schemas/bookings.staff';
import type { CustomerDocument, DocumentStatus } from '../../../../shared/schemas/documents';
import { apiRequest } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/private-files';
import { Route, Routes } from '../../../lib/router';
import { renderWithApp } from '../../../testing/render';
import { PickupPage } from './pickup-page';

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

const booking: AdminBookingDetail = {
  id: 9,
  booking_code: 'CL-F7KAG8',
  status: 'confirmed',
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
  updated_at: '2026-11-21T10:00:00.000Z',
  allowed_actions: ['pick_up', 'cancel'],
  events: [],
  payments: [],
};

const doc = (kind: CustomerDocument['kind'], status: DocumentStatus): CustomerDocument => ({
  id: kind === 'ghana_card' ? 1 : 2,
  kind,
  status,
  ghana_card_pin: kind === 'ghana_card' ? 'GHA-123456789-0' : null,
  date_of_birth: kind === 'ghana_card' ? '1990-01-01' : null,
  licence_number: kind === 'driving_licence' ? 'DVLA-1' : null,
  licence_expiry: kind === 'driving_licence' ? '2029-03-31' : null,
  rejection_reason: status === 'rejected' ? 'Blurred' : null,
  reviewed_at: null,
  uploaded_at: '2026-11-25T08:00:00.000Z',
  image_url: '/api/documents/1/image?v=1',
  hold: null,
});

function renderPage(documents: CustomerDocument[]) {
  api.mockImplementation(async (path) => {
    if (String(path) === '/admin/customers/4/documents') return { documents };
    return { booking };
  });
  renderWithApp(
    <Routes>
      <Route path="/admin/bookings/:code/pick-up" element={<PickupPage />} />
    </Routes>,
    { route: '/admin/bookings/CL-F7KAG8/pick-up' },
  );
}

beforeEach(() => {
  api.mockReset();
  upload.mockReset();
});

describe(
  'the pickup form says where the renter’s documents stand (HAND-2)',
  { timeout: 20_000 },
  () => {
    test('each document’s state, a link to check them, and the reason asked only when needed', async () => {
      renderPage([doc('ghana_card', 'pending'), doc('driving_licence', 'verified')]);
      const list = await screen.findByRole('list', { name: 'Documents of Yaa Asantewaa' });
      const items = within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      expect(items).toEqual(['Ghana CardWaiting for a check', 'Driving licenceVerified']);
      expect(
        screen
          .getByRole('link', { name: 'Check them on Yaa Asantewaa’s page' })
          .getAttribute('href'),
      ).toBe('/admin/customers/4');
      expect(screen.getByLabelText('Reason to hand over without verified documents')).toBeTruthy();
    });

    test('a document that is not uploaded, and one that was rejected', async () => {
      renderPage([doc('driving_licence', 'rejected')]);
      const list = await screen.findByRole('list', { name: 'Documents of Yaa Asantewaa' });
      const items = within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      expect(items).toEqual(['Ghana CardNot uploaded', 'Driving licenceRejected']);
    });

    test('both verified: no reason asked, none sent', async () => {
      const user = userEvent.setup();
      upload.mockResolvedValue({ message: 'ok', booking, handover: {} });
      renderPage([doc('ghana_card', 'verified'), doc('driving_licence', 'verified')]);
      await screen.findByRole('list', { name: 'Documents of Yaa Asantewaa' });
      expect(screen.getByText('Both verified: nothing more to check.')).toBeTruthy();
      expect(screen.queryByLabelText('Reason to hand over without verified documents')).toBeNull();

      await user.type(screen.getByLabelText('Odometer (km)'), '45210');
      await user.click(screen.getByRole('radio', { name: '6/8' }));
      await user.click(screen.getByRole('button', { name: 'Hand over the car' }));
      expect(upload).toHaveBeenCalledTimes(1);
      const sent = JSON.parse(String((upload.mock.calls[0]![1] as FormData).get('data')));
      expect(sent).toEqual({ odometer_km: 45210, fuel_eighths: 6, damage_notes: '' });
    });
  },
);
