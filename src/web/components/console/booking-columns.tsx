import { Fragment } from 'react';
import { Link } from '../../lib/router';
import type { AdminBookingSummary } from '../../../shared/schemas/bookings.staff';
import { cedis, dateAndClock, formatShortRange, phone } from './admin-labels';
import { FlagBadge, PaymentBadge, StatusBadge } from '../booking-badges';
import { STAFF_PAYMENT_METHOD_LABELS } from '../../lib/booking-labels';
import type { Column } from './data-table';
import { adminPaths } from '../../config/admin-paths';

/**
 * A booking's days as one range that may break only at its dash, so a range across months or
 * years takes two short lines in a narrow column instead of widening the table.
 */
function DateRange({ start, end }: { start: string; end: string }) {
  const ends = formatShortRange(start, end).split(' – ');
  return (
    <span className="dates-cell">
      {ends.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && ' – '}
          <span className="nowrap">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}

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
    // The booking's state and its money in one column, one badge over the other: two narrow
    // columns of badges would push the table past a laptop's width beside the sidebar (STAFF-30).
    key: 'status',
    header: 'Status',
    card: 'badge',
    cell: (b) => (
      <span className="badge-stack badge-stack-column">
        <StatusBadge status={b.status} />
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
        <span className="muted nowrap">{phone(b.renter.msisdn)}</span>
      </span>
    ),
  },
  {
    key: 'dates',
    header: 'Dates',
    cell: (b) => (
      <span className="two-line">
        <DateRange start={b.start_date} end={b.end_date} />
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
