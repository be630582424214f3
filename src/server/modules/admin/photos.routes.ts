import multipart from '@fastify/multipart';
import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { messages } from '../../../shared/messages';
import {
  AdminCarPhotoParamsSchema,
  AdminIdParamsSchema,
  adminMessages,
  AdminPhotoOrderInputSchema,
  AdminPhotosResponseSchema,
  AdminPhotoUploadFormSchema,
  AdminPhotoUploadResponseSchema,
  PHOTO_MAX_BYTES,
  PHOTOS_PER_CAR_MAX,
} from '../../../shared/schemas/admin';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import { carImages } from '../../db/schema/index';
import { HttpError } from '../../http-errors';
import { carTitle } from '../cars/car-mapper';
import { adminDoc, authErrors } from './admin-common';
import { findCarRow, lockCarRow, photosOfCar, toAdminPhoto } from './admin-cars.repository';
import {
  detectImageKind,
  filesOfPhotoUrl,
  removeFiles,
  storeCarPhoto,
  UnreadableImageError,
  UPLOAD_PATH_PATTERN,
} from './photos';

const carNotFound = () => new HttpError(404, adminMessages.carNotFound);
const invalidPhoto = (message: string) => new HttpError(422, message, { file: [message] });
const ALT_MAX = 200;

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

      let stored;
      try {
        stored = await storeCarPhoto(uploadsDir, carId, bytes, kind);
      } catch (error) {
        if (error instanceof UnreadableImageError)
          throw invalidPhoto(adminMessages.photoUnreadable);
        throw error;
      }

      try {
        const photo = await app.db.transaction(async (tx) => {
          if (!(await lockCarRow(tx, carId))) throw carNotFound();
          const [stats] = await tx
            .select({ photos: count(), last: max(carImages.position) })
            .from(carImages)
            .where(eq(carImages.carId, carId));
          const photos = Number(stats?.photos ?? 0);
          if (photos >= PHOTOS_PER_CAR_MAX) throw new HttpError(409, adminMessages.photoTooMany);
          const [row] = await tx
            .insert(carImages)
            .values({
              carId,
              url: stored.url,
              alt: (altValue || `${carTitle(car)}, photo ${photos + 1}`).slice(0, ALT_MAX),
              position: photos ? Number(stats?.last ?? 0) + 1 : 0,
            })
            .returning();
          return row!;
        });
        return reply.status(201).send({
          photo: toAdminPhoto(photo),
          photos: (await photosOfCar(app.db, carId)).map(toAdminPhoto),
        });
      } catch (error) {
        await removeFiles(stored.files);
        throw error;
      }
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
      const carId = request.params.id;
      const ids = request.body.photo_ids;
      await app.db.transaction(async (tx) => {
        if (!(await lockCarRow(tx, carId))) throw carNotFound();
        const current = await tx
          .select({ id: carImages.id })
          .from(carImages)
          .where(eq(carImages.carId, carId))
          .orderBy(asc(carImages.id));
        const expected = current.map((p) => p.id).sort((a, b) => a - b);
        const given = [...ids].sort((a, b) => a - b);
        if (expected.length !== given.length || expected.some((id, i) => id !== given[i])) {
          throw new HttpError(422, adminMessages.photoOrder, {
            photo_ids: [adminMessages.photoOrder],
          });
        }
        // One statement: the catalogue trigger fires once and no reader sees half an order.
        await tx.execute(sql`
          update ${carImages} set position = o.position - 1
          from unnest(array[${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}]::int[]) with ordinality as o(id, position)
          where ${carImages.id} = o.id and ${carImages.carId} = ${carId}`);
      });
      return { photos: (await photosOfCar(app.db, carId)).map(toAdminPhoto) };
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
      const [deleted] = await app.db
        .delete(carImages)
        .where(and(eq(carImages.id, photoId), eq(carImages.carId, carId)))
        .returning();
      if (!deleted) {
        if (!(await findCarRow(app.db, carId))) throw carNotFound();
        throw new HttpError(404, adminMessages.photoNotFound);
      }
      // After the row is gone, so no page is ever given a URL whose file was removed.
      await removeFiles(filesOfPhotoUrl(uploadsDir, deleted.url));
      return { photos: (await photosOfCar(app.db, carId)).map(toAdminPhoto) };
    },
  });
};

/** Serves the uploaded photos: /media/uploads/cars/<car>/<key>-<width>.webp, nothing else. */
export const uploadedMediaRoutes: FastifyPluginAsync<{ uploadsDir: string }> = async (
  app,
  { uploadsDir },
) => {
  app.get<{ Params: { carId: string; file: string } }>(
    '/cars/:carId/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const relative = `cars/${request.params.carId}/${request.params.file}`;
      // A strict name pattern: no dots, slashes or anything else that could leave the folder.
      if (!UPLOAD_PATH_PATTERN.test(relative))
        return reply.status(404).send({ message: messages.http.notFound });
      const path = join(uploadsDir, relative);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return reply.status(404).send({ message: messages.http.notFound });
      return (
        reply
          .header('content-type', 'image/webp')
          .header('content-length', info.size)
          // Names are random and never reused: a photo never changes under its URL.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(createReadStream(path))
      );
    },
  );
};
