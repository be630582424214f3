import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { normalizeBookingCode } from '../../../shared/booking-code';
import { AdminCancelBookingInputSchema } from '../../../shared/schemas/booking-changes.staff';
import {
  type AdminBookingAction,
  AdminBookingActionInputSchema,
  AdminBookingActionResponseSchema,
  AdminBookingCodeParamsSchema,
  AdminBookingListQuerySchema,
  AdminBookingListResponseSchema,
  AdminBookingResponseSchema,
  AdminRetryRefundInputSchema,
  AdminSettleRefundInputSchema,
} from '../../../shared/schemas/bookings.staff';
import { adminMessages } from '../../../shared/staff-messages';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import { HttpError } from '../../http-errors';
import { adminDoc, authErrors } from '../../staff-api/openapi';
import { estimatedPaging } from '../../staff-api/paging';
import { loadBookingDetail } from './booking-detail';
import {
  applyBookingAction,
  listAdminBookings,
  retryRefund,
  settleRefund,
} from './bookings.staff.service';

/**
 * The URL segment of each action (POST /api/admin/bookings/:code/<segment>). Cancel has its
 * own route below: it needs a reason (STAFF-21). Pick-up and return are records with a body
 * of their own: the handover module's routes (HAND-1, HAND-5).
 */
type NoteAction = Exclude<AdminBookingAction, 'cancel' | 'pick_up' | 'return'>;
const ACTION_PATHS: Record<NoteAction, { path: string; summary: string }> = {
  record_cash: { path: 'record-cash', summary: 'Record the cash of a pay-on-pickup booking' },
};

export const adminBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/bookings', {
    schema: {
      ...adminDoc,
      summary: 'Bookings, newest first, with filters and paging',
      querystring: AdminBookingListQuerySchema,
      response: { 200: AdminBookingListResponseSchema, ...authErrors, 422: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      const { page, limit } = request.query;
      // A report: on the report connections, cancelled if staff leave (LIMIT-11, LIMIT-12).
      const result = await app.runReport(reply, (db) =>
        listAdminBookings(db, request.query, request.auth!.staff!.branchIds),
      );
      return { bookings: result.bookings, ...estimatedPaging(result.count, page, limit) };
    },
  });

  app.get('/bookings/:code', {
    schema: {
      ...adminDoc,
      summary: 'One booking with its timeline, payments and the actions allowed now',
      params: AdminBookingCodeParamsSchema,
      response: { 200: AdminBookingResponseSchema, ...authErrors, 404: ErrorResponseSchema },
    },
    handler: async (request) => {
      const booking = await loadBookingDetail(app.db, normalizeBookingCode(request.params.code));
      if (!booking) throw new HttpError(404, adminMessages.bookingNotFound);
      return { booking };
    },
  });

  for (const [action, { path, summary }] of Object.entries(ACTION_PATHS) as [
    NoteAction,
    (typeof ACTION_PATHS)[NoteAction],
  ][]) {
    app.post(`/bookings/:code/${path}`, {
      schema: {
        ...adminDoc,
        summary,
        params: AdminBookingCodeParamsSchema,
        body: AdminBookingActionInputSchema,
        response: {
          200: AdminBookingActionResponseSchema,
          ...authErrors,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          422: ErrorResponseSchema,
        },
      },
      handler: async (request) =>
        applyBookingAction(
          app.payments,
          request.params.code,
          action,
          request.auth!.user.id,
          request.body.note,
        ),
    });
  }

  app.post('/bookings/:code/cancel', {
    schema: {
      ...adminDoc,
      summary: 'Cancel a booking that has not started (refund if paid), with a reason',
      params: AdminBookingCodeParamsSchema,
      body: AdminCancelBookingInputSchema,
      response: {
        200: AdminBookingActionResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) =>
      applyBookingAction(
        app.payments,
        request.params.code,
        'cancel',
        request.auth!.user.id,
        request.body.reason,
      ),
  });

  // A refund the provider failed or flagged for attention (PAY-18): retried, or settled by hand.
  const refundResponse = {
    200: AdminBookingActionResponseSchema,
    ...authErrors,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    422: ErrorResponseSchema,
  };
  app.post('/bookings/:code/retry-refund', {
    schema: {
      ...adminDoc,
      summary: 'Ask the provider again for a refund that failed or needs attention',
      params: AdminBookingCodeParamsSchema,
      // No body at all is the newest refund, as before a booking could have several.
      body: AdminRetryRefundInputSchema.nullish(),
      response: refundResponse,
    },
    handler: async (request) =>
      retryRefund(
        app.payments,
        request.params.code,
        request.auth!.user.id,
        request.body?.reference,
      ),
  });
  app.post('/bookings/:code/settle-refund', {
    schema: {
      ...adminDoc,
      summary: 'Record a failed refund as returned by hand, with a note saying how',
      params: AdminBookingCodeParamsSchema,
      body: AdminSettleRefundInputSchema,
      response: refundResponse,
    },
    handler: async (request) =>
      settleRefund(
        app.payments,
        request.params.code,
        request.auth!.user.id,
        request.body.note,
        request.body.reference,
      ),
  });
};
