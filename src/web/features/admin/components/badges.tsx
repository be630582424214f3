import type { BookingStatus, PaymentStatus } from '../../../../shared/constants';
import { BOOKING_STATUS_LABELS, PAYMENT_STATUS_LABELS } from './admin-labels';

/** The site's rule (PRODUCT.md P3): completed green, cancelled red, every other status amber. */
export function StatusBadge({ status }: { status: BookingStatus }) {
  const tone = status === 'completed' ? 'green' : status === 'cancelled' ? 'red' : 'amber';
  return <span className={`badge badge-${tone}`}>{BOOKING_STATUS_LABELS[status]}</span>;
}

/** Money in hand is green, money gone back grey, a failure red, anything still owed amber. */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  const tone =
    status === 'paid'
      ? 'green'
      : status === 'refunded'
        ? 'grey'
        : status === 'failed'
          ? 'red'
          : 'amber';
  return (
    <span className={`badge badge-outline badge-${tone}`}>{PAYMENT_STATUS_LABELS[status]}</span>
  );
}

export function FlagBadge() {
  return <span className="badge badge-red">Flagged</span>;
}
