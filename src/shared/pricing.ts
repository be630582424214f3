import { SECURITY_DEPOSIT_PESEWAS } from './constants';
import type { IsoDate } from './dates';
import { rentalDays } from './rental';

/**
 * The price of a booking, all in pesewas (PRICE-1 to PRICE-6). One function prices the quote,
 * the create, a change and an extension, on the server; the web only shows its lines.
 */

/** The extras staff price (PRICE-3, PRICE-4), as stored in extra_prices.key. */
export const EXTRA_PRICE_KEYS = [
  'chauffeur_per_day',
  'out_of_station_per_day',
  'child_seat_per_day',
  'delivery_fee',
  'airport_fee',
] as const;
export type ExtraPriceKey = (typeof EXTRA_PRICE_KEYS)[number];
export type ExtraPrices = Record<ExtraPriceKey, number>;

export const EXTRA_PRICE_LABELS: Record<ExtraPriceKey, string> = {
  chauffeur_per_day: 'Chauffeur, per day',
  out_of_station_per_day: 'Chauffeur allowance outside Accra, per day',
  child_seat_per_day: 'Child seat, per day',
  delivery_fee: 'Delivery to an address in Accra',
  airport_fee: 'Airport pickup fee',
};

/** A car's own prices: daily, the optional weekly price, and its deposit. */
export interface CarPrices {
  pricePerDayPesewas: number;
  weeklyPricePesewas: number | null;
  depositPesewas: number;
}

/** What the renter chose beyond the car and dates. */
export interface ExtrasChoice {
  chauffeur: boolean;
  childSeat: boolean;
  /** True when the car is delivered to an address in Accra. */
  delivery: boolean;
  /** Destination 'Outside Accra' (2): a chauffeur is then paid an allowance per day. */
  outsideAccra: boolean;
  /** The pickup branch is the airport (branches.is_airport). */
  airportPickup: boolean;
}

export const NO_EXTRAS: ExtrasChoice = {
  chauffeur: false,
  childSeat: false,
  delivery: false,
  outsideAccra: false,
  airportPickup: false,
};

export interface PriceLine {
  label: string;
  /** Negative for the weekly price's saving. */
  amountPesewas: number;
}

export interface BookingPrice {
  days: number;
  pricePerDayPesewas: number;
  /** days × daily price, before any saving. */
  lineCostPesewas: number;
  /** The weekly price's saving on lineCost (≥ 0). */
  discountPesewas: number;
  extrasPesewas: number;
  depositPesewas: number;
  totalPesewas: number;
  /** Every amount that makes the total, in order; they sum to totalPesewas exactly. */
  lines: PriceLine[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The car's days at the cheaper of the daily and the weekly price (PRICE-2): whole weeks at the
 * weekly price, and the days left over at the daily price but never more than one more week.
 */
export function rentalCost(days: number, prices: CarPrices): number {
  const daily = days * prices.pricePerDayPesewas;
  const weekly = prices.weeklyPricePesewas;
  if (weekly === null || days < 7) return daily;
  const weeks = Math.floor(days / 7);
  const rest = Math.min((days % 7) * prices.pricePerDayPesewas, weekly);
  return Math.min(daily, weeks * weekly + rest);
}

/** The whole price of a booking: rental, saving, extras and deposit, with its lines. */
export function priceBooking(
  car: CarPrices,
  start: IsoDate,
  end: IsoDate,
  extras: ExtrasChoice,
  extraPrices: ExtraPrices,
): BookingPrice {
  const days = rentalDays(start, end);
  const lineCostPesewas = days * car.pricePerDayPesewas;
  const discountPesewas = lineCostPesewas - rentalCost(days, car);
  const lines: PriceLine[] = [
    { label: `Car rental (${plural(days, 'day')})`, amountPesewas: lineCostPesewas },
  ];
  if (discountPesewas > 0) {
    lines.push({ label: 'Weekly price saving', amountPesewas: -discountPesewas });
  }
  const extraLines: PriceLine[] = [];
  if (extras.chauffeur) {
    extraLines.push({
      label: `Chauffeur (${plural(days, 'day')})`,
      amountPesewas: days * extraPrices.chauffeur_per_day,
    });
    if (extras.outsideAccra) {
      extraLines.push({
        label: `Chauffeur allowance outside Accra (${plural(days, 'day')})`,
        amountPesewas: days * extraPrices.out_of_station_per_day,
      });
    }
  }
  if (extras.childSeat) {
    extraLines.push({
      label: `Child seat (${plural(days, 'day')})`,
      amountPesewas: days * extraPrices.child_seat_per_day,
    });
  }
  if (extras.delivery) {
    extraLines.push({ label: 'Delivery in Accra', amountPesewas: extraPrices.delivery_fee });
  }
  if (extras.airportPickup) {
    extraLines.push({ label: 'Airport pickup fee', amountPesewas: extraPrices.airport_fee });
  }
  const extrasPesewas = extraLines.reduce((sum, line) => sum + line.amountPesewas, 0);
  lines.push(...extraLines, {
    label: 'Security deposit (refundable)',
    amountPesewas: car.depositPesewas,
  });
  return {
    days,
    pricePerDayPesewas: car.pricePerDayPesewas,
    lineCostPesewas,
    discountPesewas,
    extrasPesewas,
    depositPesewas: car.depositPesewas,
    totalPesewas: lineCostPesewas - discountPesewas + extrasPesewas + car.depositPesewas,
    lines,
  };
}

/** The prices a car has when staff set none of its own (PRICE-5). */
export const defaultCarPrices = (pricePerDayPesewas: number): CarPrices => ({
  pricePerDayPesewas,
  weeklyPricePesewas: null,
  depositPesewas: SECURITY_DEPOSIT_PESEWAS,
});
