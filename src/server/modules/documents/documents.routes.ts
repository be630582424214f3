import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  DeleteDocumentsResponseSchema,
  DOCUMENT_MAX_BYTES,
  DocumentIdParamsSchema,
  DocumentListResponseSchema,
  documentMessages,
  DocumentUploadFormSchema,
  DocumentUploadResponseSchema,
} from '../../../shared/schemas/documents';
import { HttpError, validationError } from '../../http-errors';
import { auditActor } from '../audit/audit-actor';
import { insertAuditEvent } from '../audit/audit.repository';
import { readDocumentPhoto, type DocumentStore } from './document-files';
import { toCustomerDocument } from './document-mapper';
import { documentsOfUser } from './documents.repository';
import { deleteMyDocuments, readableDocument, uploadDocument } from './documents.service';

const bearerDoc = { tags: ['documents'], security: [{ bearerAuth: [] }] };
const authErrors = { 401: ErrorResponseSchema } as const;
const FIELD_NAMES = new Set([
  'kind',
  'ghana_card_pin',
  'date_of_birth',
  'licence_number',
  'licence_expiry',
]);

/**
 * A renter's identity documents under /api/documents (DOC-1 to DOC-6, DOC-13): upload, list, delete, and the
 * photo itself, private to its owner and staff and never cached.
 */
export const documentRoutes: FastifyPluginAsyncZod<{ store: DocumentStore }> = async (
  app,
  { store },
) => {
  // Only this scope reads multipart bodies: the text fields, then one file.
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 6, fieldSize: 200, parts: 7 },
  });

  app.get('/documents', {
    preHandler: app.requireUser,
    schema: {
      ...bearerDoc,
      summary: 'My documents (Ghana Card, driving licence) with where staff’s check stands',
      response: { 200: DocumentListResponseSchema, ...authErrors },
    },
    handler: async (request, reply) => {
      // The PIN and date of birth are as private as the photo (DOC-6).
      reply.header('cache-control', 'no-store');
      const rows = await documentsOfUser(app.db, request.auth!.user.id);
      return { documents: rows.map(toCustomerDocument) };
    },
  });

  app.post('/documents', {
    preHandler: app.requireUser,
    schema: {
      ...bearerDoc,
      summary:
        'Upload or replace a document: multipart fields "kind" and its details first, then "file" (JPG, PNG or WebP, at most 8 MB)',
      consumes: ['multipart/form-data'],
      multipartBody: DocumentUploadFormSchema,
      response: {
        201: DocumentUploadResponseSchema,
        ...authErrors,
        413: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw validationError({ file: [documentMessages.fileMissing] });
      const part = await request.file();
      let bytes: Buffer | null = null;
      const fields: Record<string, string> = {};
      if (part) {
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          if ((error as { statusCode?: number }).statusCode === 413)
            throw new HttpError(413, documentMessages.fileTooLarge);
          throw error;
        }
        for (const [name, value] of Object.entries(part.fields)) {
          if (!FIELD_NAMES.has(name) || !value || Array.isArray(value)) continue;
          if (value.type === 'field') fields[name] = String(value.value);
        }
      }
      const document = await uploadDocument(app.db, store, request.auth!.user.id, {
        fields,
        bytes,
      });
      return reply.status(201).send({ message: documentMessages.uploaded, document });
    },
  });

  // The photo: bytes, not JSON, so it stays out of the API document (image_url names it).
  app.get('/documents/:documentId/image', {
    preHandler: app.requireUser,
    schema: {
      hide: true,
      params: DocumentIdParamsSchema,
      querystring: z.object({ v: z.string().max(40).optional() }),
    },
    handler: async (request, reply) => {
      const row = await readableDocument(
        app.db,
        request.params.documentId,
        request.auth!.user,
        request.auth!.staff,
      );
      // Decrypted in memory (DOC-9): one photo is at most a few hundred kilobytes.
      const photo = await readDocumentPhoto(store, row.userId, row.fileKey);
      if (!photo) throw new HttpError(404, documentMessages.notFound);
      // Staff looking at someone's identity document is recorded before the bytes go (AUDIT-7);
      // a renter viewing their own is not.
      const viewer = auditActor(request.auth);
      if (viewer)
        await insertAuditEvent(app.db, {
          ...viewer,
          action: 'view_image',
          route: 'GET /api/documents/:documentId/image',
          entity: 'document',
          entityId: String(row.id),
          changes: {},
          reason: null,
          requestId: String(request.id),
        });
      return (
        reply
          .header('content-type', 'image/webp')
          .header('content-length', photo.length)
          // A person's identity document: no browser or proxy keeps a copy (DOC-6).
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .send(photo)
      );
    },
  });

  app.delete('/documents', {
    preHandler: app.requireUser,
    schema: {
      ...bearerDoc,
      summary:
        'Delete my documents (photos and details); refused (409) while a trip is under way. Documents staff hold for a dispute stay until released.',
      response: { 200: DeleteDocumentsResponseSchema, ...authErrors, 409: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return deleteMyDocuments(app.db, store, request.auth!.user.id);
    },
  });
};
