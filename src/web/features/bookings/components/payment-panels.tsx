import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../../shared/dates';
import { messages } from '../../../../shared/messages';
import { formatCedis } from '../../../../shared/money';
import type { Booking } from '../../../../shared/schemas/bookings';
import { paths } from '../../../config/paths';
import { formatClockTime } from '../booking-labels';
import { formatRemaining, useCountdown } from '../use-countdown';
import type { BookingFailure } from './payment-modal';

/** Moves focus to a panel's heading when it appears, so screen readers read the outcome. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

export function ProcessingPanel() {
  return (
    <div className="pay-panel" role="status">
      <span className="spinner" aria-hidden="true" />
      <p className="pay-panel-title">Processing Booking...</p>
      <p className="muted">Please keep this window open.</p>
    </div>
  );
}

function BookingCode({ code }: { code: string }) {
  return (
    <div className="pay-code">
      <span className="pay-code-label">Booking Code</span>
      <strong className="pay-code-value">{code || 'N/A'}</strong>
    </div>
  );
}

function DoneLinks() {
  return (
    <div className="pay-actions">
      <Link to={paths.home.getHref()} className="btn btn-outline">
        Go Home
      </Link>
      <Link to={paths.bookingHistory.getHref()} className="btn btn-primary">
        View Bookings
      </Link>
    </div>
  );
}

const CheckIcon = () => (
  <svg viewBox="0 0 48 48" className="pay-icon pay-icon-success" aria-hidden="true">
    <circle cx="24" cy="24" r="22" />
    <path d="M14 24.5l7 7 13-14" fill="none" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** Pay on pickup: the booking stands, and the renter pays when collecting the car. */
export function BookingSuccessPanel({ booking }: { booking: Booking }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="pay-panel">
      <CheckIcon />
      <h3 ref={heading} tabIndex={-1} className="pay-panel-title">
        Booking Successful!
      </h3>
      <BookingCode code={booking.booking_code} />
      <p className="muted">
        Pay {formatCedis(booking.total_cost)} when you pick up the car on {formatDate(booking.start_date)}. Keep this
        code: we will ask for it at pickup.
      </p>
      <DoneLinks />
    </div>
  );
}

/**
 * Mobile money: the booking is only reserved until the payment is verified (PRODUCT.md P3),
 * so this panel must not claim success.
 */
export function BookingReservedPanel({ booking }: { booking: Booking }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const remaining = useCountdown(booking.hold_expires_at);
  const expired = remaining === 0;
  return (
    <div className="pay-panel">
      <svg viewBox="0 0 48 48" className="pay-icon pay-icon-pending" aria-hidden="true">
        <circle cx="24" cy="24" r="22" />
        <path d="M24 12v13l8 5" fill="none" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h3 ref={heading} tabIndex={-1} className="pay-panel-title">
        Booking reserved
      </h3>
      <BookingCode code={booking.booking_code} />
      {booking.hold_expires_at && (
        <p className="pay-hold">
          {expired ? (
            <>The hold ended at {formatClockTime(booking.hold_expires_at)}.</>
          ) : (
            <>
              Held until <strong>{formatClockTime(booking.hold_expires_at)}</strong>
              {remaining !== null && (
                <>
                  {' · '}
                  <span role="timer" aria-live="off" aria-label="Time left on the hold">
                    {formatRemaining(remaining)}
                  </span>{' '}
                  left
                </>
              )}
            </>
          )}
        </p>
      )}
      <p className="muted">
        {expired
          ? 'Without a payment, the booking is cancelled and the dates are freed.'
          : `Your mobile money payment of ${formatCedis(booking.total_cost)} is pending. We are holding the car for you until then; without a payment the booking is cancelled when the hold ends.`}
      </p>
      <DoneLinks />
    </div>
  );
}

const FIELD_NAMES: Record<string, string> = {
  start_date: 'Start date',
  end_date: 'End date',
  destination: 'Destination',
  destination_type: 'Destination type',
  payment_method: 'Payment method',
  car_id: 'Car',
};

export function BookingFailedPanel({ failure, onTryAgain }: { failure: BookingFailure; onTryAgain: () => void }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const fieldErrors =
    failure.status === 422
      ? Object.entries(failure.fieldErrors).flatMap(([field, list]) =>
          list.map((text) => ({ field, text: FIELD_NAMES[field] ? `${FIELD_NAMES[field]}: ${text}` : text })),
        )
      : [];
  return (
    <div className="pay-panel">
      <svg viewBox="0 0 48 48" className="pay-icon pay-icon-failed" aria-hidden="true">
        <circle cx="24" cy="24" r="22" />
        <path d="M16 16l16 16M32 16L16 32" fill="none" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h3 ref={heading} tabIndex={-1} className="pay-panel-title">
        Booking Failed
      </h3>
      <p>{failure.message || messages.booking.createFailed}</p>
      {fieldErrors.length > 0 && (
        <ul className="pay-field-errors">
          {fieldErrors.map((e) => (
            <li key={`${e.field}:${e.text}`}>{e.text}</li>
          ))}
        </ul>
      )}
      <div className="pay-actions">
        <Link to={paths.home.getHref()} className="btn btn-outline">
          Go Home
        </Link>
        <button type="button" className="btn btn-primary" onClick={onTryAgain}>
          Try again
        </button>
      </div>
    </div>
  );
}
