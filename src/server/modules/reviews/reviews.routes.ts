import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BookingCodeParamsSchema } from '../../../shared/schemas/bookings';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  BookingReviewResponseSchema,
  CarIdParamsSchema,
  CreateReviewInputSchema,
  CreateReviewResponseSchema,
  reviewMessages,
  ReviewSummarySchema,
} from '../../../shared/schemas/reviews';
import {
  carReviewSummary,
  reviewBooking,
  reviewOfOwnBooking,
  siteReviewSummary,
} from './reviews.service';

const tags = ['reviews'];
const bearer = { tags, security: [{ bearerAuth: [] }] };
// A minute's staleness is fine for ratings, and spares the database on every home page view.
const PUBLIC_CACHE = 'public, max-age=60';

/** Reviews under /api (REVIEW-1 to REVIEW-5): a renter's own, a car's and the site's. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/reviews', {
    schema: {
      tags,
      summary:
        'The rating over every visible review and the newest ones with a comment (first name and initial only)',
      response: { 200: ReviewSummarySchema },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return siteReviewSummary(app.db);
    },
  });

  app.get('/cars/:id/reviews', {
    schema: {
      tags,
      summary: "A car's rating and its newest visible reviews",
      params: CarIdParamsSchema,
      response: { 200: ReviewSummarySchema, 404: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return carReviewSummary(app.db, request.params.id);
    },
  });

  app.get('/bookings/:code/review', {
    preHandler: app.requireUser,
    schema: {
      ...bearer,
      summary: 'My review of this booking, and whether I may write one',
      params: BookingCodeParamsSchema,
      response: {
        200: BookingReviewResponseSchema,
        401: ErrorResponseSchema,
        404: ErrorResponseSchema,
      },
    },
    handler: async (request) =>
      reviewOfOwnBooking(app.db, request.auth!.user.id, request.params.code),
  });

  app.post('/bookings/:code/review', {
    preHandler: app.requireUser,
    schema: {
      ...bearer,
      summary: 'Rate a completed trip, 1 to 5 stars with an optional comment (once per booking)',
      params: BookingCodeParamsSchema,
      body: CreateReviewInputSchema,
      response: {
        201: CreateReviewResponseSchema,
        401: ErrorResponseSchema,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const review = await reviewBooking(app.db, request.auth!.user.id, request.params.code, {
        rating: request.body.rating,
        comment: request.body.comment,
      });
      return reply.status(201).send({ message: reviewMessages.thanks, review });
    },
  });
};
