import { StarIcon } from '../../../components/icons';
import './reviews.css';

/** A rating as five stars, read out as words (colour is not the only cue). */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  return (
    <span className="review-stars">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon
          key={n}
          size={size}
          className={n <= Math.round(rating) ? 'star-on' : 'star-off'}
        />
      ))}
      <span className="visually-hidden">{rating} out of 5 stars</span>
    </span>
  );
}
