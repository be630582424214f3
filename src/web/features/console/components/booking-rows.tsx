import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import type { AdminBookingSummary } from '../../../../shared/schemas/bookings.staff';
import { cedis, formatShortRange, phone } from '../../../components/console/admin-labels';
import { FlagBadge, PaymentBadge, StatusBadge } from '../../../components/booking-badges';
import { adminPaths } from '../../../config/admin-paths';
import './booking-rows.css';

/**
 * A short list of bookings for the dashboard: code, car, renter and dates, each a link to
 * the booking. `extra` adds a line (why it needs action, how late it is).
 */
export function BookingRows({
  bookings,
  extra,
}: {
  bookings: AdminBookingSummary[];
  extra?: (booking: AdminBookingSummary) => ReactNode;
}) {
  return (
    <ul className="booking-rows">
      {bookings.map((booking) => (
        <li key={booking.id} className="booking-row">
          <div className="booking-row-main">
            <Link
              to={adminPaths.adminBooking.getHref(booking.booking_code)}
              className="row-link mono"
            >
              {booking.booking_code}
            </Link>
            <span className="booking-row-car">{booking.car.title}</span>
            <span className="booking-row-meta">
              {booking.renter.name} · {phone(booking.renter.msisdn)}
            </span>
            <span className="booking-row-meta">
              {formatShortRange(booking.start_date, booking.end_date)} · {cedis(booking.total_cost)}
            </span>
            <span className="booking-row-meta">
              {booking.branch.name} · pickup {booking.pickup_time}, return {booking.return_time}
            </span>
            {extra?.(booking)}
          </div>
          <div className="booking-row-badges">
            <StatusBadge status={booking.status} />
            <PaymentBadge status={booking.payment_status} />
            {booking.flagged && <FlagBadge />}
          </div>
        </li>
      ))}
    </ul>
  );
}
