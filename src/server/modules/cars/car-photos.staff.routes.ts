import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PHOTO_MAX_BYTES } from '../../../shared/car-photos';
import {
  AdminCarPhotoParamsSchema,
  AdminPhotoOrderInputSchema,
  AdminPhotosResponseSchema,
  AdminPhotoUploadFormSchema,
  AdminPhotoUploadResponseSchema,
} from '../../../shared/schemas/cars.staff';
import { AdminIdParamsSchema } from '../../../shared/schemas/staff-api';
import { adminMessages } from '../../../shared/staff-messages';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import { HttpError } from '../../http-errors';
import { findCarRow } from './cars.staff.repository';
import { carNotFound } from './cars.staff.service';
import { adminDoc, authErrors } from '../../staff-api/openapi';
import { detectImageKind } from '../media/images';
import { addCarPhoto, deleteCarPhoto, invalidPhoto, reorderCarPhotos } from './car-photos.service';

/** Photo upload, reorder and delete, under /api/admin/cars/:id/photos. */
export const adminPhotoRoutes: FastifyPluginAsyncZod<{ uploadsDir: string }> = async (
  app,
  { uploadsDir },
) => {
  // Only this scope reads multipart bodies; one file, a few small fields, nothing else.
  await app.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 4, fieldSize: 1_000, parts: 5 },
  });

  app.post('/cars/:id/photos', {
    schema: {
      ...adminDoc,
      summary:
        'Upload a photo (multipart field "file": JPG, PNG or WebP, at most 8 MB; optional "alt" before it)',
      consumes: ['multipart/form-data'],
      multipartBody: AdminPhotoUploadFormSchema,
      params: AdminIdParamsSchema,
      response: {
        201: AdminPhotoUploadResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
        413: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const carId = request.params.id;
      if (!request.isMultipart()) throw invalidPhoto(adminMessages.photoMissing);
      const car = await findCarRow(app.db, carId);
      if (!car) throw carNotFound();

      const part = await request.file();
      if (!part) throw invalidPhoto(adminMessages.photoMissing);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 413)
          throw new HttpError(413, adminMessages.photoTooLarge);
        throw error;
      }
      if (!bytes.length) throw invalidPhoto(adminMessages.photoMissing);
      // The bytes decide, not the name or the declared type.
      const kind = detectImageKind(bytes);
      if (!kind) throw invalidPhoto(adminMessages.photoType);

      const altField = part.fields.alt;
      const altValue =
        altField && !Array.isArray(altField) && altField.type === 'field'
          ? String(altField.value).trim()
          : '';

      const added = await addCarPhoto(app.db, uploadsDir, car, { bytes, kind, alt: altValue });
      return reply.status(201).send(added);
    },
  });

  app.put('/cars/:id/photos/order', {
    schema: {
      ...adminDoc,
      summary: "Reorder a car's photos: every photo id once, the cover first",
      params: AdminIdParamsSchema,
      body: AdminPhotoOrderInputSchema,
      response: {
        200: AdminPhotosResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const photos = await reorderCarPhotos(app.db, request.params.id, request.body.photo_ids);
      return { photos };
    },
  });

  app.delete('/cars/:id/photos/:photoId', {
    schema: {
      ...adminDoc,
      summary: 'Delete a photo and its files',
      params: AdminCarPhotoParamsSchema,
      response: { 200: AdminPhotosResponseSchema, ...authErrors, 404: ErrorResponseSchema },
    },
    handler: async (request) => {
      const { id: carId, photoId } = request.params;
      return { photos: await deleteCarPhoto(app.db, uploadsDir, carId, photoId) };
    },
  });
};
