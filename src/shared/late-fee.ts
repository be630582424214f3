import {
  LATE_GRACE_MINUTES,
  LATE_HOURLY_FEE_DIVISOR,
  LATE_HOURLY_UNTIL_MINUTES,
} from './constants';

/**
 * The late fee of a return (HAND-6, decision 023). Pure, so the console's return form shows the
 * same figure live that the server records. Accra keeps UTC all year, so the booking's return
 * time on its end date is read as UTC.
 */

export type LateBand = 'on_time' | 'grace' | 'hourly' | 'daily';

export interface LateFee {
  /** Whole minutes past the return time (0 when on time or early). */
  minutesLate: number;
  band: LateBand;
  /** Hours billed in the hourly band, days billed in the daily band (0 otherwise). */
  units: number;
  feePesewas: number;
}

/** When the car is due back: end date and return time ('HH:MM'), Accra time (= UTC). */
export const dueBackAt = (endDate: string, returnTime: string) =>
  new Date(`${endDate}T${returnTime}:00Z`);

/** A sixth of the daily price, to the pesewa (LATE_HOURLY_FEE_DIVISOR). */
export const hourlyLateFeePesewas = (pricePerDayPesewas: number) =>
  Math.round(pricePerDayPesewas / LATE_HOURLY_FEE_DIVISOR);

/**
 * The fee for a car back `minutesLate` minutes after it was due:
 * - up to 60 minutes: nothing (the grace);
 * - over 60 and up to 180: the hourly fee for each started hour after the grace
 *   (61-120 minutes one hour, 121-180 two);
 * - over 180: the daily price for each started 24 hours (181 minutes to 24 hours one day).
 */
export function lateFeeFor(minutesLate: number, pricePerDayPesewas: number): LateFee {
  const minutes = Math.max(0, Math.floor(minutesLate));
  if (minutes === 0) return { minutesLate: 0, band: 'on_time', units: 0, feePesewas: 0 };
  if (minutes <= LATE_GRACE_MINUTES)
    return { minutesLate: minutes, band: 'grace', units: 0, feePesewas: 0 };
  if (minutes <= LATE_HOURLY_UNTIL_MINUTES) {
    const hours = Math.ceil((minutes - LATE_GRACE_MINUTES) / 60);
    return {
      minutesLate: minutes,
      band: 'hourly',
      units: hours,
      feePesewas: hours * hourlyLateFeePesewas(pricePerDayPesewas),
    };
  }
  const days = Math.ceil(minutes / (24 * 60));
  return {
    minutesLate: minutes,
    band: 'daily',
    units: days,
    feePesewas: days * pricePerDayPesewas,
  };
}

/** The fee of a car returned at `returnedAt` for a booking due back at end date + return time. */
export const lateFeeOfReturn = (
  booking: { endDate: string; returnTime: string; pricePerDayPesewas: number },
  returnedAt: Date,
) =>
  lateFeeFor(
    (returnedAt.getTime() - dueBackAt(booking.endDate, booking.returnTime).getTime()) / 60_000,
    booking.pricePerDayPesewas,
  );

/** How late, as staff read it: '45 min', '18 h', '2 h 5 min' (HAND-6). */
export function lateness(minutesLate: number): string {
  const minutes = Math.max(0, Math.floor(minutesLate));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** Words for a fee, for receipts and the form: 'GHS' amounts are formatted by the caller. */
export function lateFeeDescription(fee: LateFee): string {
  switch (fee.band) {
    case 'on_time':
      return 'Returned on time';
    case 'grace':
      return `${lateness(fee.minutesLate)} late (within the ${LATE_GRACE_MINUTES}-minute grace)`;
    case 'hourly':
      return `${lateness(fee.minutesLate)} late: ${fee.units} hour${fee.units === 1 ? '' : 's'} after the grace`;
    case 'daily':
      return `${lateness(fee.minutesLate)} late: ${fee.units} day${fee.units === 1 ? '' : 's'} at the daily price`;
  }
}
