import { BUSINESS_TIME_ZONE, type PaymentMethod } from '../../../shared/constants';
import { formatDate } from '../../../shared/dates';
import { formatCedis } from '../../../shared/money';
import type { Booking } from '../../../shared/schemas/bookings';

/**
 * Words for a booking's fields. Every field is treated as possibly missing because SPEC §2
 * names fallbacks ('N/A', 'Not specified', 'GHS 0') for bookings older than this API.
 */
type BookingLike = Partial<
  Pick<
    Booking,
    | 'booking_code'
    | 'start_date'
    | 'end_date'
    | 'total_cost'
    | 'status'
    | 'payment_status'
    | 'payment_method'
  >
>;

export const DESTINATION_TYPE_LABELS: Record<number, string> = {
  1: 'Within Accra',
  2: 'Outside Accra',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  mobile_money: 'Mobile Money',
  payOnPickup: 'Payment on Pickup',
};

export const bookingCodeOf = (b: BookingLike) => b.booking_code || 'N/A';

export function bookingDatesOf(b: BookingLike): string {
  if (!b.start_date || !b.end_date) return 'Not specified';
  return `${formatDate(b.start_date)} – ${formatDate(b.end_date)}`;
}

export function bookingTotalOf(b: BookingLike): string {
  return typeof b.total_cost === 'number' ? formatCedis(b.total_cost) : 'GHS 0';
}

/** SPEC §4: completed green, cancelled red, anything else (pending when missing) amber. */
export function statusBadgeClass(status: string | undefined): string {
  if (status === 'completed') return 'badge badge-green';
  if (status === 'cancelled') return 'badge badge-red';
  return 'badge badge-amber';
}

export const statusOf = (b: BookingLike) => b.status || 'pending';

/** PRODUCT.md P3's payment states, in the words a renter uses. */
export function paymentLabelOf(b: BookingLike): string {
  switch (b.payment_status) {
    case 'paid':
      // Cancelled after paying: the money is on its way back.
      return b.status === 'cancelled' ? 'Refund pending' : 'Paid';
    case 'refunded':
      return 'Refunded';
    case 'failed':
      // A cancelled booking whose mobile money never arrived: nothing was taken.
      return b.status === 'cancelled' ? 'Not charged' : 'Payment failed';
    case 'pending':
      return 'Payment pending';
    case 'unpaid':
      if (b.status === 'cancelled') return 'Not charged';
      return b.payment_method === 'payOnPickup' ? 'Unpaid · pay at pickup' : 'Unpaid';
    default:
      return 'Payment not recorded';
  }
}

export const daysLabel = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** The cost line of SPEC §9: price times days, e.g. 'GH₵ 450.00 × 3 days'. */
export const priceTimesDays = (pricePerDay: number, days: number) =>
  `${formatCedis(pricePerDay)} × ${daysLabel(days)}`;

const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: BUSINESS_TIME_ZONE,
});
/** A time of day in Accra, e.g. '14:35'. */
export const formatClockTime = (iso: string) => clock.format(new Date(iso));

const dayAndTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: BUSINESS_TIME_ZONE,
});
export const formatDateTime = (iso: string) => dayAndTime.format(new Date(iso));
