import type { AdminReview, OwnReview, PublicReview } from '../../../shared/schemas/reviews';
import type { reviews } from '../../db/schema/index';
import { carTitle } from '../cars/car-mapper';
import { reviewAuthor } from './review-author';
import type { ReviewWithNames } from './reviews.repository';

/** Anyone's view: first name and initial, no number (REVIEW-3). */
export function toPublicReview(row: ReviewWithNames): PublicReview {
  return {
    id: row.review.id,
    rating: row.review.rating,
    comment: row.review.comment,
    author: reviewAuthor(row.authorName),
    car: carTitle(row.car),
    created_at: row.review.createdAt.toISOString(),
  };
}

export function toAdminReview(row: ReviewWithNames): AdminReview {
  return {
    ...toPublicReview(row),
    hidden: row.review.hiddenAt !== null,
    booking_code: row.bookingCode,
    car_id: row.car.id,
    customer: { id: row.review.userId, name: row.authorName },
  };
}

export const toOwnReview = (row: typeof reviews.$inferSelect): OwnReview => ({
  id: row.id,
  rating: row.rating,
  comment: row.comment,
  created_at: row.createdAt.toISOString(),
});
