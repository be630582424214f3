import type { Ref } from 'react';
import { messages } from '../../../../shared/messages';
import type { Car } from '../../../../shared/schemas/cars';
import { CarImage } from '../../../components/car-image';
import { ApiError } from '../../../lib/api-client';
import { useQuote } from '../api/bookings';
import type { BookingDetailsOutput } from './booking-form-types';
import { CostSummary, CostSummarySkeleton } from './cost-summary';
import { TripLines } from './trip-lines';
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
  const quote = useQuote({ carId: car.id, trip: details });
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
          <TripLines trip={details} branch={quote.data?.branch ?? car.branch} />

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
          {quote.data && <CostSummary price={quote.data} />}
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
