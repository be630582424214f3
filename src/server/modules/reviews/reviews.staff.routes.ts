import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  AdminReviewActionResponseSchema,
  AdminReviewListQuerySchema,
  AdminReviewListResponseSchema,
  ReviewIdParamsSchema,
  reviewMessages,
} from '../../../shared/schemas/reviews';
import { HttpError } from '../../http-errors';
import { toAdminReview } from './review-mapper';
import { findReviewWithNames, listReviews, setReviewHidden } from './reviews.repository';
import { adminDoc, authErrors } from '../../staff-api/openapi';
import { paging } from '../../staff-api/paging';

/** Staff's review moderation (REVIEW-4). Staff only (staff-api.routes.ts checks the scope). */
export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/reviews', {
    schema: {
      ...adminDoc,
      summary: 'Every review, newest first, with its renter and booking; `hidden` filters',
      querystring: AdminReviewListQuerySchema,
      response: { 200: AdminReviewListResponseSchema, ...authErrors, 422: ErrorResponseSchema },
    },
    handler: async (request) => {
      const { page, limit, hidden } = request.query;
      const { rows, total } = await listReviews(
        app.db,
        { page, limit, hidden: hidden === undefined ? undefined : hidden === 'true' },
        request.auth!.staff!.branchIds,
      );
      return { reviews: rows.map(toAdminReview), ...paging(total, page, limit) };
    },
  });

  for (const action of ['hide', 'show'] as const) {
    app.post(`/reviews/:reviewId/${action}`, {
      schema: {
        ...adminDoc,
        summary:
          action === 'hide'
            ? 'Hide an abusive review: it counts nowhere and is shown nowhere else'
            : 'Show a hidden review again',
        params: ReviewIdParamsSchema,
        response: {
          200: AdminReviewActionResponseSchema,
          ...authErrors,
          404: ErrorResponseSchema,
        },
      },
      handler: async (request) => {
        const id = request.params.reviewId;
        if (!(await setReviewHidden(app.db, id, action === 'hide', request.auth!.user.id)))
          throw new HttpError(404, reviewMessages.notFound);
        const row = await findReviewWithNames(app.db, id);
        if (!row) throw new HttpError(404, reviewMessages.notFound);
        return {
          message: action === 'hide' ? reviewMessages.hidden : reviewMessages.shown,
          review: toAdminReview(row),
        };
      },
    });
  }
};
