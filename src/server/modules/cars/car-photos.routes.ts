import type { FastifyPluginAsync } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { messages } from '../../../shared/messages';
import { UPLOAD_PATH_PATTERN } from './car-photo-files';

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
