import type { Ref } from 'react';
import { formatDate } from '../../../../shared/dates';
import { messages } from '../../../../shared/messages';
import type { Car } from '../../../../shared/schemas/cars';
import { CarImage } from '../../../components/car-image';
import { ApiError } from '../../../lib/api-client';
import { useQuote } from '../api/bookings';
import { DESTINATION_TYPE_LABELS } from '../../../lib/booking-labels';
import type { BookingDetailsOutput } from './booking-form-types';
import { CostSummary, CostSummarySkeleton } from './cost-summary';
import './booking-facts.css';

interface BookingSummaryStepProps {
  car: Car;
  details: BookingDetailsOutput;
  onBack: () => void;
  onProceed: () => void;
  /** Proceeding is being worked out (e.g. whether the number still needs verifying). */
  proceeding?: boolean;
  headingRef: Ref<HTMLHeadingElement>;
}

/** Step 2, 'Booking Summary', priced by the server (PAGE-8, MONEY-6). */
export function BookingSummaryStep({
  car,
  details,
  onBack,
  onProceed,
  proceeding = false,
  headingRef,
}: BookingSummaryStepProps) {
  const quote = useQuote({
    carId: car.id,
    startDate: details.start_date,
    endDate: details.end_date,
  });
  const carTitle = `${car.year} ${car.make} ${car.model}`;
  const image = car.images[0];
  const unavailable = quote.data?.available === false;

  return (
    <div className="card booking-panel">
      <h1 ref={headingRef} tabIndex={-1} className="booking-step-title">
        Booking Summary
      </h1>

      <div className="summary-grid">
        <figure className="summary-car">
          <CarImage
            src={image?.image_url}
            alt={image?.alt ?? carTitle}
            timeoutMs={5000}
            className="summary-car-image"
          />
          <figcaption>
            <span className="summary-car-title">{carTitle}</span>
          </figcaption>
        </figure>

        <div className="summary-details">
          <h2 className="booking-section-title">Trip</h2>
          <dl className="trip-lines">
            <div>
              <dt>Pick-up</dt>
              <dd>{formatDate(details.start_date)}</dd>
            </div>
            <div>
              <dt>Return</dt>
              <dd>{formatDate(details.end_date)}</dd>
            </div>
            <div>
              <dt>Destination</dt>
              <dd>
                {details.destination}
                <span className="muted">
                  {' '}
                  · {DESTINATION_TYPE_LABELS[details.destination_type]}
                </span>
              </dd>
            </div>
          </dl>

          {quote.isPending && <CostSummarySkeleton />}
          {quote.isError && (
            <div className="alert alert-error" role="alert">
              <p>{quoteErrorMessage(quote.error)}</p>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={() => void quote.refetch()}
              >
                Try again
              </button>
            </div>
          )}
          {quote.data && (
            <CostSummary
              pricePerDay={quote.data.price_per_day}
              days={quote.data.days}
              lineCost={quote.data.line_cost}
              deposit={quote.data.deposit}
              discount={quote.data.discount}
              total={quote.data.total_cost}
            />
          )}
          {unavailable && (
            <div className="alert alert-error" role="alert">
              <p>{messages.booking.unavailable}</p>
              <p className="summary-unavailable-hint">
                Go back to choose other dates, or pick another car.
              </p>
            </div>
          )}
        </div>
      </div>

      <div className="booking-actions">
        <button type="button" className="btn btn-outline" onClick={onBack}>
          Back
        </button>
        {!unavailable && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={onProceed}
            disabled={!quote.data || quote.isFetching || proceeding}
          >
            Proceed to payment
          </button>
        )}
      </div>
    </div>
  );
}

function quoteErrorMessage(error: Error): string {
  if (error instanceof ApiError) {
    const fieldMessages = Object.values(error.errors).flat();
    return fieldMessages.length > 0 ? fieldMessages.join(' ') : error.message;
  }
  return 'We could not get the price for these dates.';
}
