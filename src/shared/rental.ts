import { SECURITY_DEPOSIT_PESEWAS } from './constants';
import { daysBetween, type IsoDate } from './dates';

/**
 * Rental length (MONEY-3): end minus start, and a same-day rental is one day.
 * Returns 0 only for an end before the start, which validation rejects anyway.
 */
export function rentalDays(start: IsoDate, end: IsoDate): number {
  const diff = daysBetween(start, end);
  if (diff < 0) return 0;
  return Math.max(1, diff);
}

export interface RentalQuote {
  days: number;
  pricePerDayPesewas: number;
  lineCostPesewas: number;
  depositPesewas: number;
  totalPesewas: number;
}

/** The price of a rental, all in pesewas. The server's word is final (MONEY-2). */
export function quoteRentalPrice(
  pricePerDayPesewas: number,
  start: IsoDate,
  end: IsoDate,
): RentalQuote {
  const days = rentalDays(start, end);
  const lineCostPesewas = pricePerDayPesewas * days;
  return {
    days,
    pricePerDayPesewas,
    lineCostPesewas,
    depositPesewas: SECURITY_DEPOSIT_PESEWAS,
    totalPesewas: lineCostPesewas + SECURITY_DEPOSIT_PESEWAS,
  };
}
