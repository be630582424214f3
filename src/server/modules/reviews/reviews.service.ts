import { normalizeBookingCode } from '../../../shared/booking-code';
import { messages } from '../../../shared/messages';
import { CAR_RECENT_REVIEWS, HOME_RECENT_REVIEWS } from '../../../shared/reviews';
import {
  reviewMessages,
  type BookingReviewResponse,
  type OwnReview,
  type ReviewSummary,
} from '../../../shared/schemas/reviews';
import type { Executor } from '../../db/client';
import { HttpError } from '../../http-errors';
import { findUserBookingByCode } from '../bookings/bookings.repository';
import { toOwnReview, toPublicReview } from './review-mapper';
import {
  insertReview,
  recentCarReviews,
  recentCommentedReviews,
  reviewOfBooking,
  visibleRating,
} from './reviews.repository';

/** The renter's own booking, or 404 as if it did not exist (BOOK-11). */
async function ownBooking(db: Executor, userId: number, rawCode: string) {
  const found = await findUserBookingByCode(db, userId, normalizeBookingCode(rawCode));
  if (!found) throw new HttpError(404, messages.booking.notFound);
  return found.booking;
}

/** REVIEW-1: the renter's review of their booking, and whether they may write one now. */
export async function reviewOfOwnBooking(
  db: Executor,
  userId: number,
  code: string,
): Promise<BookingReviewResponse> {
  const booking = await ownBooking(db, userId, code);
  const review = await reviewOfBooking(db, booking.id);
  return {
    review: review ? toOwnReview(review) : null,
    can_review: !review && booking.status === 'completed',
  };
}

/** REVIEW-1, REVIEW-2: one review per completed booking, by its renter. */
export async function reviewBooking(
  db: Executor,
  userId: number,
  code: string,
  input: { rating: number; comment: string | null },
): Promise<OwnReview> {
  const booking = await ownBooking(db, userId, code);
  if (booking.status !== 'completed') throw new HttpError(409, reviewMessages.notCompleted);
  const row = await insertReview(db, {
    bookingId: booking.id,
    userId,
    carId: booking.carId,
    rating: input.rating,
    comment: input.comment,
  });
  if (!row) throw new HttpError(409, reviewMessages.alreadyReviewed);
  return toOwnReview(row);
}

/** REVIEW-3: a car's rating and newest visible reviews. */
export async function carReviewSummary(db: Executor, carId: number): Promise<ReviewSummary> {
  const [rating, rows] = await Promise.all([
    visibleRating(db, carId),
    recentCarReviews(db, carId, CAR_RECENT_REVIEWS),
  ]);
  return { ...rating, reviews: rows.map(toPublicReview) };
}

/** REVIEW-5: the site's rating and newest visible reviews with a comment. */
export async function siteReviewSummary(db: Executor): Promise<ReviewSummary> {
  const [rating, rows] = await Promise.all([
    visibleRating(db),
    recentCommentedReviews(db, HOME_RECENT_REVIEWS),
  ]);
  return { ...rating, reviews: rows.map(toPublicReview) };
}
