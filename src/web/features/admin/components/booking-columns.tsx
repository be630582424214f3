import { Link } from '../../../lib/router';
import type { AdminBookingSummary } from '../../../../shared/schemas/admin';
import { cedis, dateAndClock, formatShortRange, phone } from './admin-labels';
import { FlagBadge, PaymentBadge, StatusBadge } from '../../../components/booking-badges';
import { STAFF_PAYMENT_METHOD_LABELS } from '../../../lib/booking-labels';
import type { Column } from './data-table';
import { adminPaths } from '../admin-paths';

/** The columns of every list of bookings (all bookings, one customer's). */
export const bookingColumns: Column<AdminBookingSummary>[] = [
  {
    key: 'code',
    header: 'Booking',
    card: 'title',
    cell: (b) => (
      <Link to={adminPaths.adminBooking.getHref(b.booking_code)} className="row-link mono">
        {b.booking_code}
      </Link>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    card: 'badge',
    cell: (b) => <StatusBadge status={b.status} />,
  },
  {
    key: 'payment',
    header: 'Payment',
    card: 'badge',
    cell: (b) => (
      <span className="badge-stack">
        <PaymentBadge status={b.payment_status} />
        {b.flagged && <FlagBadge />}
      </span>
    ),
  },
  { key: 'car', header: 'Car', cell: (b) => b.car.title },
  {
    key: 'renter',
    header: 'Renter',
    cell: (b) => (
      <span className="two-line">
        <span>{b.renter.name}</span>
        <span className="muted">{phone(b.renter.msisdn)}</span>
      </span>
    ),
  },
  {
    key: 'dates',
    header: 'Dates',
    cell: (b) => (
      <span className="two-line">
        <span className="dates-cell">{formatShortRange(b.start_date, b.end_date)}</span>
        <span className="muted">{b.branch.name}</span>
      </span>
    ),
  },
  {
    key: 'total',
    header: 'Total',
    numeric: true,
    cell: (b) => (
      <span className="two-line">
        <span>{cedis(b.total_cost)}</span>
        <span className="muted">{STAFF_PAYMENT_METHOD_LABELS[b.payment_method]}</span>
      </span>
    ),
  },
  {
    key: 'created',
    header: 'Booked',
    card: 'hide',
    cell: (b) => {
      const { date, time } = dateAndClock(b.created_at);
      return (
        <span className="two-line nowrap">
          <span>{date}</span>
          <span className="muted">{time}</span>
        </span>
      );
    },
  },
];
