import { messages } from '../../../shared/messages';
import { pesewasToCedis } from '../../../shared/money';
import { priceBooking, type BookingPrice, type ExtrasChoice } from '../../../shared/pricing';
import type { Quote } from '../../../shared/schemas/bookings';
import type { Database } from '../../db/client';
import { HttpError } from '../../http-errors';
import type { BranchFacts } from '../branches/branches.repository';
import { findCarForBooking, type CatalogueSnapshot } from '../cars/car-catalogue';
import { hasOverlappingBooking } from '../cars/cars.repository';
import { apiLines } from './booking-pricing';
import { assertBookingRules } from './booking-rules';

/** The choices of a create, quote or change that the price depends on. */
export interface PricedChoice {
  start_date: string;
  end_date: string;
  pickup_time: string;
  return_time: string;
  destination_type: 1 | 2;
  chauffeur: boolean;
  child_seat: boolean;
  delivery_address: string | null;
}

/** What the renter chose, as the pricing reads it (PRICE-3, PRICE-4). */
export const extrasOf = (
  c: PricedChoice,
  branch: Pick<BranchFacts, 'isAirport'>,
): ExtrasChoice => ({
  chauffeur: c.chauffeur,
  childSeat: c.child_seat,
  delivery: c.delivery_address !== null,
  outsideAccra: c.destination_type === 2,
  airportPickup: branch.isAirport,
});

/** A price in the API's shape (cedis), for the quote and a change's re-quote. */
export function toApiQuote(
  carId: number,
  c: PricedChoice,
  price: BookingPrice,
  branch: Pick<BranchFacts, 'id' | 'name' | 'town'>,
  available: boolean,
): Quote {
  return {
    car_id: carId,
    start_date: c.start_date,
    end_date: c.end_date,
    pickup_time: c.pickup_time,
    return_time: c.return_time,
    days: price.days,
    price_per_day: pesewasToCedis(price.pricePerDayPesewas),
    line_cost: pesewasToCedis(price.lineCostPesewas),
    deposit: pesewasToCedis(price.depositPesewas),
    discount: pesewasToCedis(price.discountPesewas),
    extras: pesewasToCedis(price.extrasPesewas),
    total_cost: pesewasToCedis(price.totalPesewas),
    lines: apiLines(price.lines),
    branch: { id: branch.id, name: branch.name, town: branch.town },
    available,
  };
}

/**
 * GET /api/bookings/quote (PRICE-1): the same pricing as create, from the catalogue snapshot
 * (the car's prices, its branch and the extras' prices, reloaded whenever staff change any of
 * them), so a quote costs one query: whether the dates are free.
 */
export async function quoteBooking(
  db: Database,
  snapshot: CatalogueSnapshot,
  carId: number,
  c: PricedChoice,
): Promise<Quote> {
  const found = findCarForBooking(snapshot, carId);
  if (!found) throw new HttpError(404, messages.cars.notFound);
  assertBookingRules(c, found.branch);
  const price = priceBooking(
    found.prices,
    c.start_date,
    c.end_date,
    extrasOf(c, found.branch),
    snapshot.extraPrices,
  );
  const available = !(await hasOverlappingBooking(db, carId, c.start_date, c.end_date));
  return toApiQuote(carId, c, price, found.branch, available);
}
