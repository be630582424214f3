import { useId } from 'react';
import { formatDate } from '../../../../shared/dates';
import { useCarReviews } from '../api/public-reviews';
import { Stars } from './stars';
import './reviews.css';

export const reviewCountLabel = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

/** Car details (REVIEW-3): the car's average from real reviews and the newest few. */
export function CarReviews({ carId }: { carId: number }) {
  const id = useId();
  const reviews = useCarReviews(carId);
  if (!reviews.data) return null;
  const { average, count, reviews: recent } = reviews.data;
  return (
    <section className="container car-reviews" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Reviews</h2>
      {count === 0 || average === null ? (
        <p className="muted">No reviews yet. Renters review a car after their trip.</p>
      ) : (
        <>
          <p className="car-reviews-average">
            <Stars rating={average} size={20} />
            <strong>{average.toFixed(1)}</strong>
            <span className="muted">out of 5 · {reviewCountLabel(count)}</span>
          </p>
          <ul className="car-reviews-list">
            {recent.map((review) => (
              <li key={review.id} className="card car-review">
                <Stars rating={review.rating} />
                {review.comment && <p className="car-review-comment">{review.comment}</p>}
                <p className="muted car-review-by">
                  {review.author} · {formatDate(review.created_at.slice(0, 10))}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
