import { z } from 'zod';
import { numberFromText } from './common';
import { REVIEW_COMMENT_MAX, reviewMessages } from '../reviews';

export { REVIEW_COMMENT_MAX, reviewMessages } from '../reviews';

/** Reviews of completed trips (REVIEW-1 to REVIEW-5); the counts are in shared/reviews.ts. */

export const CreateReviewInputSchema = z.object({
  rating: z.preprocess(
    numberFromText,
    z
      .number({ error: reviewMessages.ratingRequired })
      .int({ error: reviewMessages.ratingRequired })
      .min(1, { error: reviewMessages.ratingRequired })
      .max(5, { error: reviewMessages.ratingRequired }),
  ),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX, { error: reviewMessages.commentTooLong })
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
});
export type CreateReviewInput = z.input<typeof CreateReviewInputSchema>;

/**
 * A review as anyone may read it (REVIEW-3): the renter as first name and initial, never their
 * number or full name.
 */
export const PublicReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  /** 'Ama M.' */
  author: z.string(),
  car: z.string(),
  created_at: z.string(),
});
export type PublicReview = z.infer<typeof PublicReviewSchema>;

export const ReviewSummarySchema = z.object({
  /** Visible reviews only; null with none. One decimal. */
  average: z.number().nullable(),
  count: z.number().int(),
  reviews: z.array(PublicReviewSchema),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

/** The renter's own review of a booking, or null. */
export const OwnReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  created_at: z.string(),
});
export type OwnReview = z.infer<typeof OwnReviewSchema>;

export const BookingReviewResponseSchema = z.object({
  review: OwnReviewSchema.nullable(),
  /** True when the trip is completed and not reviewed yet. */
  can_review: z.boolean(),
});
export type BookingReviewResponse = z.infer<typeof BookingReviewResponseSchema>;

export const CreateReviewResponseSchema = z.object({
  message: z.string(),
  review: OwnReviewSchema,
});
export type CreateReviewResponse = z.infer<typeof CreateReviewResponseSchema>;

export const CarIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** The console's list: every review with who wrote it and whether it is hidden. */
export const AdminReviewSchema = PublicReviewSchema.extend({
  hidden: z.boolean(),
  booking_code: z.string(),
  car_id: z.number().int(),
  customer: z.object({ id: z.number().int(), name: z.string() }),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  hidden: z.enum(['true', 'false']).optional(),
});

export const AdminReviewListResponseSchema = z.object({
  reviews: z.array(AdminReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  last_page: z.number().int(),
});
export type AdminReviewListResponse = z.infer<typeof AdminReviewListResponseSchema>;

export const ReviewIdParamsSchema = z.object({
  reviewId: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const AdminReviewActionResponseSchema = z.object({
  message: z.string(),
  review: AdminReviewSchema,
});
export type AdminReviewActionResponse = z.infer<typeof AdminReviewActionResponseSchema>;
