import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { pesewasToCedis } from '../../../shared/money';
import { priceBooking } from '../../../shared/pricing';
import type { Quote } from '../../../shared/schemas/bookings';
import type { Car } from '../../../shared/schemas/cars';
import type { Database } from '../../db/client';
import { branches } from '../../db/schema/index';
import { HttpError } from '../../http-errors';
import { branchColumns } from '../branches/branches.repository';
import { hasOverlappingBooking } from '../cars/cars.repository';
import { loadExtraPrices, apiLines } from './booking-pricing';

export interface QuoteRequest {
  car_id: number;
  start_date: string;
  end_date: string;
  pickup_time: string;
  return_time: string;
  destination_type: 1 | 2;
  chauffeur: boolean;
  child_seat: boolean;
  delivery_address: string | null;
}

/** GET /api/bookings/quote (PRICE-1): the same pricing as create, for a car of the catalogue. */
export async function quoteBooking(db: Database, car: Car, q: QuoteRequest): Promise<Quote> {
  const [branch] = await db
    .select(branchColumns)
    .from(branches)
    .where(eq(branches.id, car.branch.id));
  if (!branch) throw new HttpError(404, messages.cars.notFound);
  const price = priceBooking(
    {
      pricePerDayPesewas: Math.round(car.price * 100),
      weeklyPricePesewas: car.weekly_price === null ? null : Math.round(car.weekly_price * 100),
      depositPesewas: Math.round(car.deposit * 100),
    },
    q.start_date,
    q.end_date,
    {
      chauffeur: q.chauffeur,
      childSeat: q.child_seat,
      delivery: q.delivery_address !== null,
      outsideAccra: q.destination_type === 2,
      airportPickup: branch.isAirport,
    },
    await loadExtraPrices(db),
  );
  return {
    car_id: car.id,
    start_date: q.start_date,
    end_date: q.end_date,
    pickup_time: q.pickup_time,
    return_time: q.return_time,
    days: price.days,
    price_per_day: pesewasToCedis(price.pricePerDayPesewas),
    line_cost: pesewasToCedis(price.lineCostPesewas),
    deposit: pesewasToCedis(price.depositPesewas),
    discount: pesewasToCedis(price.discountPesewas),
    extras: pesewasToCedis(price.extrasPesewas),
    total_cost: pesewasToCedis(price.totalPesewas),
    lines: apiLines(price.lines),
    branch: { id: branch.id, name: branch.name, town: branch.town },
    available: !(await hasOverlappingBooking(db, car.id, q.start_date, q.end_date)),
  };
}
