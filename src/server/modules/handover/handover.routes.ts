import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { normalizeBookingCode } from '../../../shared/booking-code';
import { handoverMessages } from '../../../shared/handover';
import {
  AdminBookingActionResponseSchema,
  AdminBookingCodeParamsSchema,
} from '../../../shared/schemas/bookings.staff';
import { adminMessages } from '../../../shared/staff-messages';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  HandoverPhotoParamsSchema,
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
import { handoverPhotoFile } from './handover-files';
import { renterReceipt, readablePhoto, staffReceipt } from './handover-access';
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
 * admin.routes.ts): the pickup and return records (HAND-1 to HAND-8) and the receipt (HAND-9).
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

/**
 * The renter's side (HAND-9) and the photos (HAND-4), under /api: the receipt of their own
 * booking, and a photo for staff or the booking's renter. Anyone else is told it does not
 * exist, so codes and ids cannot be probed.
 */
export const handoverRoutes: FastifyPluginAsyncZod<{ documentsDir: string }> = async (
  app,
  { documentsDir },
) => {
  app.get('/bookings/:code/handover', {
    preHandler: app.requireUser,
    schema: {
      tags: ['bookings'],
      security: [{ bearerAuth: [] }],
      summary: 'The handover receipt of my booking: pickup and return facts, late fee, deposit',
      params: AdminBookingCodeParamsSchema,
      response: {
        200: HandoverReceiptResponseSchema,
        401: ErrorResponseSchema,
        404: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const handover = await renterReceipt(app.db, request.params.code, request.auth!.user);
      reply.header('cache-control', 'no-store');
      return { handover };
    },
  });

  // The photo: bytes, not JSON, so it stays out of the API document (the receipt names it).
  app.get('/handover-photos/:handoverPhotoId', {
    preHandler: app.requireUser,
    schema: { hide: true, params: HandoverPhotoParamsSchema },
    handler: async (request, reply) => {
      const photo = await readablePhoto(app.db, request.params.handoverPhotoId, request.auth!.user);
      const path = handoverPhotoFile(documentsDir, photo.bookingId, photo.fileKey);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) throw new HttpError(404, handoverMessages.notFound);
      return (
        reply
          .header('content-type', 'image/webp')
          .header('content-length', info.size)
          // A renter's trip, as private as their documents: no browser or proxy keeps a copy.
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .send(createReadStream(path))
      );
    },
  });
};
