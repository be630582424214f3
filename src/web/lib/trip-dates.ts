import { horizonEnd } from '../../shared/availability';
import { MAX_RENTAL_DAYS } from '../../shared/constants';
import { daysBetween, isIsoDate, todayInAccra } from '../../shared/dates';

/**
 * A renter's trip dates as the car list's filter holds them, carried in the address to the
 * car's page and on to the booking form, so the dates chosen once are not asked again (PAGE-8).
 */
export interface TripDates {
  start_date: string;
  end_date: string;
}

/** The dates in an address, if they could be booked: otherwise none, and the form's defaults. */
export function tripDatesFrom(
  params: URLSearchParams,
  today: string = todayInAccra(),
): TripDates | null {
  const start = params.get('start_date') ?? '';
  const end = params.get('end_date') ?? '';
  if (!isIsoDate(start) || !isIsoDate(end)) return null;
  if (start < today || start > horizonEnd(today) || end < start) return null;
  if (daysBetween(start, end) > MAX_RENTAL_DAYS) return null;
  return { start_date: start, end_date: end };
}

/** The address with the dates added to its query. */
export const withTripDates = (href: string, dates: TripDates | null | undefined) =>
  dates
    ? `${href}${href.includes('?') ? '&' : '?'}start_date=${dates.start_date}&end_date=${dates.end_date}`
    : href;
