import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from '../../../lib/router';
import { paidAtCounter } from '../../../../shared/constants';
import { formatCedis } from '../../../../shared/money';
import { messages } from '../../../../shared/messages';
import type { Booking } from '../../../../shared/schemas/bookings';
import { CarImage } from '../../../components/car-image';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useBooking } from '../api/bookings';
import { usePaymentVerification } from '../api/payments';
import {
  PAYMENT_METHOD_LABELS,
  daysLabel,
  formatClockTime,
  formatDateTime,
  paymentLabelOf,
  statusOf,
} from '../../../lib/booking-labels';
import { StatusBadge } from '../../../components/booking-badges';
import { formatRemaining, useCountdown } from '../use-countdown';
import { BackLink } from '../../../components/back-link';
import { CancelBooking } from './cancel-booking';
import { BookingChanges } from './booking-changes';
import { CostSummary } from './cost-summary';
import { ReturnCharges } from './return-charges';
import { TripLines } from './trip-lines';
import { TopUpPanel } from './top-up-panel';
import { PayNowPanel } from './pay-now-panel';
import { refundWords } from '../../../lib/refund-words';
import './booking-facts.css';
import './booking-detail.css';

// Only a trip that has started has a handover to show (HAND-9): its own chunk.
const BookingHandover = lazy(() => import('./booking-handover'));

/** /booking-history/:code: one booking in full, and cancelling it. */
export function BookingDetail({ code }: { code: string }) {
  const booking = useBooking(code);
  const [notice, setNotice] = useState<string | null>(null);

  let content;
  if (booking.isPending) {
    content = (
      <div className="center-state">
        <Spinner label="Loading booking…" />
        <p className="muted">Loading booking…</p>
      </div>
    );
  } else if (booking.isError) {
    const notFound = booking.error instanceof ApiError && booking.error.status === 404;
    content = (
      <div className="center-state" role="alert">
        <h1 className="detail-missing-title">
          {notFound ? messages.booking.notFound : "Couldn't load this booking"}
        </h1>
        <p className="muted">
          {notFound
            ? 'Check the booking code, or find the booking in your history.'
            : booking.error.message}
        </p>
        <div className="detail-missing-actions">
          {!notFound && (
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => void booking.refetch()}
            >
              Try again
            </button>
          )}
          <Link to={paths.bookingHistory.getHref()} className="btn btn-primary">
            Back to Booking History
          </Link>
        </div>
      </div>
    );
  } else {
    content = <BookingFacts booking={booking.data} notice={notice} onNotice={setNotice} />;
  }

  return (
    <div className="container page booking-detail">
      <BackLink fallback={paths.bookingHistory.getHref()} label="Back to bookings" icon="chevron" />
      {content}
    </div>
  );
}

function BookingFacts({
  booking,
  notice,
  onNotice,
}: {
  booking: Booking;
  notice: string | null;
  /** A cancel, change or extension is done: the server's words for it. */
  onNotice: (m: string) => void;
}) {
  const car = booking.car;
  const carTitle = `${car.year} ${car.make} ${car.model}`;
  const image = car.images[0];
  const status = statusOf(booking);
  const onHold =
    status === 'pending' && booking.payment_status === 'pending' && booking.hold_expires_at;

  return (
    <>
      <header className="detail-header">
        <div>
          <p className="detail-eyebrow">Booking</p>
          <h1 className="detail-code">{booking.booking_code}</h1>
        </div>
        <div className="detail-badges">
          <StatusBadge status={status} plain />
          <span className="badge badge-grey">{paymentLabelOf(booking)}</span>
        </div>
      </header>

      {notice && <DoneNotice key={notice} text={notice} />}
      {/* BOOK-22: where a cancelled booking's money went, not only a badge. */}
      {booking.refund && <p className="alert alert-info">{refundWords(booking.refund)}</p>}
      {onHold && <HoldNotice until={booking.hold_expires_at!} payment={booking.payment} />}
      {booking.payment?.message && booking.payment.status !== 'pending' && (
        <p className="alert alert-info">{booking.payment.message}</p>
      )}

      <div className="detail-grid">
        <section className="card detail-car" aria-label="Car">
          <CarImage
            src={image?.image_url}
            alt={image?.alt ?? carTitle}
            className="detail-car-image"
          />
          <p className="detail-car-title">{carTitle}</p>
        </section>

        <div className="card detail-facts">
          <h2 className="booking-section-title">Trip</h2>
          <TripLines trip={booking} branch={booking.branch}>
            <div>
              <dt>Length</dt>
              <dd>{daysLabel(booking.days)}</dd>
            </div>
            <div>
              <dt>Payment method</dt>
              <dd>{PAYMENT_METHOD_LABELS[booking.payment_method]}</dd>
            </div>
            <div>
              <dt>Booked on</dt>
              <dd>{formatDateTime(booking.created_at)}</dd>
            </div>
          </TripLines>

          <CostSummary title="Cost" price={booking} />
          <ReturnCharges booking={booking} />
          {/* BOOK-21: a change's difference paid by mobile money now. */}
          {booking.top_up_due > 0 && (status === 'confirmed' || status === 'active') && (
            <TopUpPanel booking={booking} onAsked={onNotice} />
          )}
          {/* HAND-10: what stays to pay at the counter (a cash booking changed or extended). */}
          {booking.balance_due - booking.top_up_due > 0 && (
            <p className="alert alert-info detail-balance">
              Still to pay: <strong>{formatCedis(booking.balance_due - booking.top_up_due)}</strong>
              . You pay it when you {status === 'active' ? 'return' : 'pick up'} the car.
            </p>
          )}

          {(status === 'active' || status === 'completed') && (
            <Suspense fallback={null}>
              <BookingHandover code={booking.booking_code} />
            </Suspense>
          )}

          {(booking.can_change || booking.can_extend) && (
            <BookingChanges booking={booking} onChanged={onNotice} />
          )}

          {/* BOOK-23: pay a pay-on-pickup booking online now (LIMIT-13's way on). */}
          {booking.payment_method === 'payOnPickup' &&
            status === 'pending' &&
            booking.payment_status === 'unpaid' &&
            booking.can_cancel && <PayNowPanel booking={booking} onAsked={onNotice} />}
          {booking.payment_status === 'paid' && (
            <p className="detail-receipt">
              <Link to={paths.invoice.getHref(booking.booking_code)} className="btn btn-outline">
                View and print receipt
              </Link>
            </p>
          )}
          {/* CONV-4: a message written from here is linked to this booking. */}
          <p className="detail-receipt">
            <Link
              to={paths.messages.getHref(booking.booking_code)}
              className="btn btn-outline detail-message"
            >
              Message us about this booking
            </Link>
          </p>
          {booking.can_cancel ? (
            <div className="detail-cancel">
              <p className="muted">
                You can cancel this booking until the day before pick-up
                {booking.payment_status === 'paid'
                  ? '; we refund your mobile money payment in full.'
                  : '.'}
              </p>
              <CancelBooking booking={booking} onCancelled={onNotice} />
            </div>
          ) : (
            (status === 'pending' || status === 'confirmed') && (
              <p className="muted detail-cancel">
                {/* BOOK-8: cash goes back over the counter, so the branch cancels it. */}
                {paidAtCounter(booking.payment_method, booking.payment_status)
                  ? messages.booking.paidInCash
                  : messages.booking.cannotCancel}
              </p>
            )
          )}
        </div>
      </div>
    </>
  );
}

/**
 * Focus lands here after a cancel, change or extension: the button that opened its dialog may
 * be gone. Keyed by its words, so a second change is announced and focused again.
 */
function DoneNotice({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} tabIndex={-1} className="alert alert-success detail-notice" role="status">
      {text}
    </p>
  );
}

function HoldNotice({ until, payment }: { until: string; payment: Booking['payment'] }) {
  const remaining = useCountdown(until);
  // Keeps asking the provider while the renter is on this page (the payment may land any second).
  usePaymentVerification(payment?.status === 'pending' ? payment.reference : null);
  if (remaining === 0) {
    return (
      <p className="alert alert-info">
        The mobile money hold ended at {formatClockTime(until)}. Without a payment the booking is
        cancelled and the dates are freed.
      </p>
    );
  }
  return (
    <p className="alert alert-info">
      Mobile money payment is pending. The car is held for you until{' '}
      <strong>{formatClockTime(until)}</strong>
      {remaining !== null && <> ({formatRemaining(remaining)} left)</>}.
      {payment?.status === 'pending' && payment.authorization_url && (
        <>
          {' '}
          <a
            href={
              payment.provider === 'sandbox'
                ? paths.sandboxPay.getHref(payment.reference)
                : payment.authorization_url
            }
            target={payment.provider === 'sandbox' ? '_blank' : undefined}
            rel="noopener"
          >
            {payment.provider === 'sandbox' ? 'Open the test phone prompt' : 'Continue to Paystack'}
          </a>
        </>
      )}
    </p>
  );
}
