import { Link } from '../../../lib/router';
import type { Booking } from '../../../../shared/schemas/bookings';
import { CarImage } from '../../../components/car-image';
import { paths } from '../../../config/paths';
import {
  bookingCodeOf,
  bookingDatesOf,
  bookingTotalOf,
  paymentLabelOf,
  statusOf,
} from '../../../lib/booking-labels';
import { StatusBadge } from '../../../components/booking-badges';
import { PinIcon } from '../../../components/icons';
import { branchLabel } from '../../../lib/branch-label';

/** One booking in the history grid (PAGE-9); the whole card opens its detail page. */
export function BookingCard({ booking }: { booking: Booking }) {
  const car = booking.car;
  const carTitle = car ? `${car.year} ${car.make} ${car.model}` : 'Car';
  const image = car?.images?.[0];
  const code = bookingCodeOf(booking);
  const status = statusOf(booking);

  return (
    <article className="card booking-card">
      <CarImage src={image?.image_url} alt="" className="booking-card-image" loading="lazy" />
      <div className="booking-card-body">
        <div className="booking-card-top">
          <h2 className="booking-card-code">
            {booking.booking_code ? (
              <Link to={paths.booking.getHref(booking.booking_code)} className="booking-card-link">
                <span className="visually-hidden">Booking </span>
                {code}
              </Link>
            ) : (
              code
            )}
          </h2>
          <StatusBadge status={status} plain />
        </div>
        <p className="booking-card-car">{carTitle}</p>
        {booking.branch && (
          <p className="booking-card-branch">
            <PinIcon size={16} />
            <span className="visually-hidden">Pick-up at </span>
            {branchLabel(booking.branch)}
          </p>
        )}
        <p className="booking-card-dates">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <rect
              x="3.5"
              y="5"
              width="17"
              height="15"
              rx="2.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <path
              d="M3.5 10h17M8 3v4M16 3v4"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          {bookingDatesOf(booking)}
        </p>
        <p className="booking-card-payment">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <rect
              x="2.5"
              y="6"
              width="19"
              height="13"
              rx="2.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <path d="M2.5 10.5h19" stroke="currentColor" strokeWidth="2" />
          </svg>
          {paymentLabelOf(booking)}
        </p>
        <div className="booking-card-bottom">
          <span className="muted">Total</span>
          <span className="booking-card-total">{bookingTotalOf(booking)}</span>
        </div>
      </div>
    </article>
  );
}
