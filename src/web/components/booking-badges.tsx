import type { BookingStatus, PaymentStatus } from '../../shared/constants';
import {
  BOOKING_STATUS_LABELS,
  bookingStatusTone,
  PAYMENT_STATUS_LABELS,
  paymentStatusTone,
} from '../lib/booking-labels';

/**
 * A booking's status as a badge, coloured by the site's rule (lib/booking-labels.ts). Staff
 * see its label; the renter's pages pass `plain` and show the status word itself ('pending',
 * capitalised by the badge's style), as they always have (a booking older than the API may
 * have none: it reads as pending).
 */
export function StatusBadge({
  status,
  plain = false,
}: {
  status: BookingStatus | undefined;
  plain?: boolean;
}) {
  const shown = status ?? 'pending';
  return (
    <span className={`badge badge-${bookingStatusTone(shown)}`}>
      {plain ? shown : BOOKING_STATUS_LABELS[shown]}
    </span>
  );
}

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return (
    <span className={`badge badge-outline badge-${paymentStatusTone(status)}`}>
      {PAYMENT_STATUS_LABELS[status]}
    </span>
  );
}

export function FlagBadge() {
  return <span className="badge badge-red">Flagged</span>;
}
