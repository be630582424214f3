import { Suspense, useId } from 'react';
import { reviewMessages } from '../../../../shared/reviews';
import { lazyPart } from '../../../lib/lazy-part';
import { useBookingReview } from '../api/reviews';
import { Stars } from './stars';
import './reviews.css';

// Shown only for a completed trip, after the review's own request: a chunk of its own, so
// react-hook-form is not in the booking page's first load (PAGE-18).
const ReviewForm = lazyPart(() => import('./review-form').then((m) => m.ReviewForm));

/**
 * On a booking's page (REVIEW-1): the form once the trip is completed, the renter's review once
 * written, and nothing before (or when the review cannot be loaded: the booking is the page).
 */
export function BookingReview({ code }: { code: string }) {
  const id = useId();
  const review = useBookingReview(code);
  if (!review.data || (!review.data.review && !review.data.can_review)) return null;
  const own = review.data.review;
  return (
    <div className="container">
      <section className="booking-review card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{own ? 'Your review' : 'How was your trip?'}</h2>
        {own ? (
          <>
            <p className="alert alert-success">{reviewMessages.thanks}</p>
            <Stars rating={own.rating} size={20} />
            {own.comment && <p className="booking-review-comment">{own.comment}</p>}
          </>
        ) : (
          <>
            <p className="muted">Rate the car and our service. One review per trip.</p>
            <Suspense fallback={null}>
              <ReviewForm code={code} />
            </Suspense>
          </>
        )}
      </section>
    </div>
  );
}
