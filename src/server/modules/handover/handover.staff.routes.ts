import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { normalizeBookingCode } from '../../../shared/booking-code';
import {
  AdminBookingActionResponseSchema,
  AdminBookingCodeParamsSchema,
} from '../../../shared/schemas/bookings.staff';
import { adminMessages } from '../../../shared/staff-messages';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  HandoverReceiptResponseSchema,
  HandoverReceiptSchema,
  PickupFormSchema,
  PickupInputSchema,
  ReturnFormSchema,
  ReturnInputSchema,
} from '../../../shared/schemas/handover';
import { HttpError } from '../../http-errors';
import { adminDoc, authErrors } from '../../staff-api/openapi';
import { handoverMultipartLimits, readHandoverBody } from './handover-body';
import { staffReceipt } from './handover-access';
import { recordPickup, recordReturn } from './handover.service';

const HandoverActionResponseSchema = AdminBookingActionResponseSchema.extend({
  handover: HandoverReceiptSchema,
});

const actionResponse = {
  200: HandoverActionResponseSchema,
  ...authErrors,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  413: ErrorResponseSchema,
  422: ErrorResponseSchema,
};

/**
 * Staff's side of the handover, under /api/admin (staff only, checked for the whole scope by
 * staff-api/staff-api.routes.ts): the pickup and return records (HAND-1 to HAND-8) and the
 * receipt (HAND-9).
 */
export const adminHandoverRoutes: FastifyPluginAsyncZod<{ documentsDir: string }> = async (
  app,
  { documentsDir },
) => {
  // Only this scope reads multipart bodies: the record as JSON, then the photos.
  await app.register(multipart, { limits: handoverMultipartLimits });
  const ctx = () => ({ payments: app.payments, dir: documentsDir });

  app.post('/bookings/:code/pick-up', {
    schema: {
      ...adminDoc,
      summary:
        'Hand the car over: documents seen (or an override with its reason), odometer, fuel, damage, photos and the deposit taken (the booking becomes active)',
      consumes: ['multipart/form-data', 'application/json'],
      multipartBody: PickupFormSchema,
      params: AdminBookingCodeParamsSchema,
      response: actionResponse,
    },
    handler: async (request) => {
      const { input, photos } = await readHandoverBody(request, PickupInputSchema);
      return recordPickup(ctx(), request.params.code, request.auth!.user.id, input, photos);
    },
  });

  app.post('/bookings/:code/return', {
    schema: {
      ...adminDoc,
      summary:
        'Take the car back: time, odometer, fuel, damage, photos, the late fee and the deposit settled (the booking becomes completed)',
      consumes: ['multipart/form-data', 'application/json'],
      multipartBody: ReturnFormSchema,
      params: AdminBookingCodeParamsSchema,
      response: actionResponse,
    },
    handler: async (request) => {
      const { input, photos } = await readHandoverBody(request, ReturnInputSchema);
      return recordReturn(ctx(), request.params.code, request.auth!.user.id, input, photos);
    },
  });

  app.get('/bookings/:code/handover', {
    schema: {
      ...adminDoc,
      summary: 'The handover receipt: pickup and return facts, late fee and deposit outcome',
      params: AdminBookingCodeParamsSchema,
      response: { 200: HandoverReceiptResponseSchema, ...authErrors, 404: ErrorResponseSchema },
    },
    handler: async (request) => {
      const handover = await staffReceipt(app.db, normalizeBookingCode(request.params.code));
      if (!handover) throw new HttpError(404, adminMessages.bookingNotFound);
      return { handover };
    },
  });
};
