import type { Branch, PublicExtraPrices } from '../../shared/schemas/branches';
import type { Booking, Quote } from '../../shared/schemas/bookings';
import type { Car } from '../../shared/schemas/cars';

/*
 * Plain API answers for component tests: one place that follows the shared schemas, so a new
 * field is added here once rather than in every test.
 */

export const EAST_LEGON: Branch = {
  id: 1,
  name: 'East Legon office',
  town: 'Accra',
  address: '12 Lagos Avenue, East Legon',
  phone: '+233 30 290 0100',
  opens: '07:00',
  closes: '21:00',
  is_airport: false,
};

export const KUMASI: Branch = {
  id: 3,
  name: 'Kumasi office',
  town: 'Kumasi',
  address: '5 Harper Road, Adum',
  phone: '+233 32 202 0300',
  opens: '08:00',
  closes: '18:00',
  is_airport: false,
};

/** The migration's default prices, in cedis. */
export const EXTRA_PRICES: PublicExtraPrices = {
  chauffeur_per_day: 150,
  out_of_station_per_day: 100,
  child_seat_per_day: 30,
  delivery_fee: 80,
  airport_fee: 50,
};

const summaryOf = (b: Branch) => ({ id: b.id, name: b.name, town: b.town });

export function carFixture(overrides: Partial<Car> = {}): Car {
  return {
    id: 7,
    title: 'Toyota Corolla 2022',
    make: 'Toyota',
    model: 'Corolla',
    year: 2022,
    description: 'A saloon.',
    price: 450,
    oldPrice: null,
    images: [],
    transmission: 'automatic',
    no_of_doors: 4,
    seat_capacity: 5,
    has_airconditioning: true,
    has_bluetooth: true,
    usb_charger: true,
    body_type: 'sedan',
    fuel_type: 'petrol',
    colour: 'White',
    location: { city: 'Accra', lat: 5.6, long: -0.2 },
    branch: summaryOf(EAST_LEGON),
    weekly_price: null,
    deposit: 200,
    ...overrides,
  };
}

export function bookingFixture(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 1,
    booking_code: 'CL-7K3Q9M',
    status: 'pending',
    payment_status: 'unpaid',
    start_date: '2026-12-20',
    end_date: '2026-12-23',
    days: 3,
    price_per_day: 450,
    line_cost: 1350,
    discount: 0,
    extras: 0,
    deposit: 200,
    total_cost: 1550,
    lines: [
      { label: 'Car rental (3 days)', amount: 1350 },
      { label: 'Security deposit (refundable)', amount: 200 },
    ],
    destination: 'Kumasi',
    destination_type: 2,
    pickup_time: '09:00',
    return_time: '09:00',
    chauffeur: false,
    child_seat: false,
    delivery_address: null,
    branch: EAST_LEGON,
    payment_method: 'payOnPickup',
    hold_expires_at: null,
    created_at: '2026-12-01T10:00:00.000Z',
    can_cancel: true,
    can_change: false,
    can_extend: false,
    car: {
      id: 7,
      title: 'Toyota Corolla 2022',
      make: 'Toyota',
      model: 'Corolla',
      year: 2022,
      images: [],
    },
    payment: null,
    balance_due: 0,
    top_up_due: 0,
    cancel_refund: null,
    refund: null,
    return_charges: [],
    ...overrides,
  };
}

export function quoteFixture(overrides: Partial<Quote> = {}): Quote {
  return {
    car_id: 7,
    start_date: '2026-12-20',
    end_date: '2026-12-23',
    pickup_time: '09:00',
    return_time: '09:00',
    days: 3,
    price_per_day: 450,
    line_cost: 1350,
    deposit: 200,
    discount: 0,
    extras: 0,
    total_cost: 1550,
    lines: [
      { label: 'Car rental (3 days)', amount: 1350 },
      { label: 'Security deposit (refundable)', amount: 200 },
    ],
    branch: summaryOf(EAST_LEGON),
    available: true,
    ...overrides,
  };
}
