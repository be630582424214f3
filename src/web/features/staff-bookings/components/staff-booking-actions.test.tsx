import { describe, expect, it } from 'vitest';
import type { AdminBookingEvent } from '../../../../shared/schemas/bookings.staff';
import { describeChange } from './staff-booking-actions';

const event = (overrides: Partial<AdminBookingEvent>): AdminBookingEvent => ({
  id: 1,
  type: 'changed',
  actor: 'staff',
  actor_user: { id: 7, name: 'Abena Osei', msisdn: '233244000000' },
  note: 'Flight moved',
  created_at: '2026-11-25T10:00:00.000Z',
  data: {
    from: {
      start_date: '2026-12-03',
      end_date: '2026-12-05',
      pickup_time: '09:00',
      return_time: '09:00',
      total_pesewas: 80_000,
      chauffeur: false,
      child_seat: false,
      delivery_address: null,
    },
    to: {
      start_date: '2026-12-04',
      end_date: '2026-12-06',
      pickup_time: '09:00',
      return_time: '09:00',
      total_pesewas: 95_000,
      chauffeur: false,
      child_seat: true,
      delivery_address: null,
    },
    car: { from: 'Toyota Corolla', to: 'Honda Civic' },
  },
  ...overrides,
});

describe('the timeline line of a staff change (STAFF-22)', () => {
  it('says who, what moved from what to what, and why', () => {
    expect(describeChange(event({}))).toBe(
      'Changed by Abena Osei: dates 3–5 Dec 2026 → 4–6 Dec 2026; car Toyota Corolla → Honda Civic; ' +
        'extras none → child seat; total GH₵\u00a0800.00 → GH₵\u00a0950.00; reason: Flight moved',
    );
  });

  it('reads an extension, and leaves other events to the timeline as they are', () => {
    expect(describeChange(event({ type: 'extended' }))).toMatch(/^Extended by Abena Osei: /);
    expect(describeChange(event({ type: 'cancelled' }))).toBeNull();
  });
});
