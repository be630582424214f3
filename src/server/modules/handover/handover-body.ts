import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HANDOVER_PHOTOS_MAX } from '../../../shared/constants';
import { handoverMessages as m } from '../../../shared/handover';
import { HttpError, validationError } from '../../http-errors';

/** Each photo at most 8 MB, as renters' documents and car photos are. */
export const HANDOVER_PHOTO_MAX_BYTES = 8 * 1024 * 1024;

/** The multipart plugin's limits for the pickup and return routes. */
export const handoverMultipartLimits = {
  fileSize: HANDOVER_PHOTO_MAX_BYTES,
  files: HANDOVER_PHOTOS_MAX,
  fields: 1,
  fieldSize: 20_000,
  parts: HANDOVER_PHOTOS_MAX + 1,
};

/** zod's issues as the API's errors object (VAL): field → messages. */
function issuesOf(error: z.ZodError) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'data';
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

/**
 * A pickup or return body (HAND-1, HAND-5): multipart, with the record as JSON in the field
 * "data" and up to HANDOVER_PHOTOS_MAX files in "photos" (the console's form), or plain JSON
 * without photos (an API client). Validated with `schema`; 422 with every field's problems.
 */
export async function readHandoverBody<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<{ input: z.infer<S>; photos: Buffer[] }> {
  let data: unknown = request.body ?? {};
  const photos: Buffer[] = [];
  if (request.isMultipart()) {
    data = undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'photos' && bytes.length) photos.push(bytes);
        } else if (part.fieldname === 'data') {
          try {
            data = JSON.parse(String(part.value));
          } catch {
            throw validationError({ data: [m.dataMissing] });
          }
        }
      }
    } catch (error) {
      const code = (error as { code?: string; statusCode?: number }).code;
      if (
        code === 'FST_REQ_FILE_TOO_LARGE' ||
        (error as { statusCode?: number }).statusCode === 413
      )
        throw new HttpError(413, m.photoTooLarge);
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
        throw validationError({ photos: [m.photosTooMany] });
      throw error;
    }
    if (data === undefined) throw validationError({ data: [m.dataMissing] });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw validationError(issuesOf(parsed.error));
  return { input: parsed.data, photos };
}
