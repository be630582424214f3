import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { handoverMessages } from '../../../shared/handover';
import { AdminBookingCodeParamsSchema } from '../../../shared/schemas/bookings.staff';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  HandoverPhotoParamsSchema,
  HandoverReceiptResponseSchema,
} from '../../../shared/schemas/handover';
import { HttpError } from '../../http-errors';
import { handoverPhotoFile } from './handover-files';
import { renterReceipt, readablePhoto } from './handover-access';

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
      const photo = await readablePhoto(
        app.db,
        request.params.handoverPhotoId,
        request.auth!.user,
        request.auth!.staff,
      );
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
