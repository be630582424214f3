import {
  BUSINESS_TIME_ZONE,
  type BookingStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '../../shared/constants';
import { formatDate } from '../../shared/dates';
import { formatCedis } from '../../shared/money';
import type { Booking } from '../../shared/schemas/bookings';

/*
 * A booking's words, for the renter's pages and the staff console alike: one place for how a
 * status, a payment or a method reads, and which colour its badge has.
 */

/**
 * A booking's status. Staff read 'Active (car out)': whether the car is out is what they act
 * on. A renter's own list shows the status word itself (booking-badges.tsx).
 */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  active: 'Active (car out)',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** A payment's state as the staff console lists it (a renter reads paymentLabelOf). */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  pending: 'Payment pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
};

export type BadgeTone = 'green' | 'red' | 'amber' | 'grey';

/** The site's rule: completed green, cancelled red, anything else (pending when missing) amber. */
export function bookingStatusTone(status: string | undefined): BadgeTone {
  if (status === 'completed') return 'green';
  if (status === 'cancelled') return 'red';
  return 'amber';
}

/** Money in hand is green, money gone back grey, a failure red, anything still owed amber. */
export function paymentStatusTone(status: PaymentStatus): BadgeTone {
  if (status === 'paid') return 'green';
  if (status === 'refunded') return 'grey';
  if (status === 'failed') return 'red';
  return 'amber';
}

/**
 * Words for a booking's fields. Every field is treated as possibly missing because PAGE-9
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
    | 'balance_due'
  >
>;

/** A payment method as the renter chose it in the payment dialog. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  mobile_money: 'Mobile Money',
  payOnPickup: 'Payment on Pickup',
};
/** The same, in the staff console's tables (sentence case, as the rest of the console). */
export const STAFF_PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  mobile_money: 'Mobile money',
  payOnPickup: 'Pay on pickup',
};

export const bookingCodeOf = (b: BookingLike) => b.booking_code || 'N/A';

export function bookingDatesOf(b: BookingLike): string {
  if (!b.start_date || !b.end_date) return 'Not specified';
  return `${formatDate(b.start_date)} – ${formatDate(b.end_date)}`;
}

export function bookingTotalOf(b: BookingLike): string {
  return typeof b.total_cost === 'number' ? formatCedis(b.total_cost) : 'GHS 0';
}

export const statusOf = (b: BookingLike) => b.status || 'pending';

/** The payment states (BOOK-1), in the words a renter uses. */
export function paymentLabelOf(b: BookingLike): string {
  switch (b.payment_status) {
    case 'paid':
      // Cancelled after paying: the money is on its way back.
      if (b.status === 'cancelled') return 'Refund pending';
      // BOOK-21: a dearer change left a difference to pay (a top-up, or cash at the counter).
      return (b.balance_due ?? 0) > 0 ? 'Part paid' : 'Paid';
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

/** The cost line (MONEY-4): price times days, e.g. 'GH₵ 450.00 × 3 days'. */
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
/** A moment in Accra, e.g. '3 Mar 2026, 14:35'. */
export const formatDateTime = (iso: string) => dayAndTime.format(new Date(iso));
