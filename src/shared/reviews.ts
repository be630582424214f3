/**
 * Review numbers the home page needs without zod (its JavaScript budget, PAGE-17): the
 * schemas in schemas/reviews.ts use the same ones.
 */

/** The home page shows reviews and the rating only from this many visible reviews on (REVIEW-5). */
export const HOME_REVIEWS_MIN = 3;
export const CAR_RECENT_REVIEWS = 5;
export const HOME_RECENT_REVIEWS = 6;

/** 'Rated 4.3/5 on 12 reviews' and the like: one decimal, always. */
export const formatRating = (average: number) => average.toFixed(1);

/** True when the home page may show the reviews and the rating line (REVIEW-5). */
export const homeShowsReviews = (summary: { count: number; average: number | null } | undefined) =>
  !!summary && summary.average !== null && summary.count >= HOME_REVIEWS_MIN;

export const REVIEW_COMMENT_MAX = 1000;

export const reviewMessages = {
  ratingRequired: 'Choose a rating from 1 to 5 stars.',
  commentTooLong: `Keep your comment under ${REVIEW_COMMENT_MAX} characters.`,
  notCompleted: 'You can review a trip once it is completed.',
  alreadyReviewed: 'You have already reviewed this trip. Thank you!',
  thanks: 'Thank you for your review!',
  notFound: 'Review not found.',
  hidden: 'The review is hidden.',
  shown: 'The review is shown again.',
};
