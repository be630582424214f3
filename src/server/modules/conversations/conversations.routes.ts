import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  CONVERSATION_PHOTO_MAX_BYTES,
  CONVERSATION_PHOTOS_MAX,
  conversationMessages as texts,
} from '../../../shared/conversations';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  ConversationMessageFormSchema,
  MyConversationResponseSchema,
  PhotoParamsSchema,
  SendMessageResponseSchema,
  ThreadQuerySchema,
  UnreadResponseSchema,
} from '../../../shared/schemas/conversations';
import { HttpError, validationError } from '../../http-errors';
import { readDocumentPhoto, type DocumentStore } from '../documents/document-files';
import { conversationOfUser, threadPage } from './conversations.repository';
import {
  markRenterRead,
  readablePhoto,
  sendRenterMessage,
  unreadCountForRenter,
} from './conversations.service';

const bearerDoc = { tags: ['conversation'], security: [{ bearerAuth: [] }] };
const authErrors = { 401: ErrorResponseSchema } as const;
const FIELD_NAMES = new Set(['body', 'booking_code']);

/** The text fields and the photos of a multipart message, each photo at most 8 MB (CONV-2). */
export async function readMessageParts(request: FastifyRequest) {
  if (!request.isMultipart()) throw validationError({ body: [texts.empty] });
  const fields: Record<string, string> = {};
  const photos: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read past the limit only to say so; the bytes of a fourth photo are not kept.
        const bytes = await part.toBuffer();
        if (photos.length < CONVERSATION_PHOTOS_MAX + 1 && bytes.length) photos.push(bytes);
      } else if (FIELD_NAMES.has(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string; statusCode?: number }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, texts.photoTooLarge);
    if (code === 'FST_FILES_LIMIT') throw validationError({ photos: [texts.tooManyPhotos] });
    throw error;
  }
  return { fields, photos };
}

/**
 * The renter's conversation with the company under /api/conversation (CONV-1 to CONV-7,
 * CONV-13): the thread, sending a message with photos, the unread count, and a photo itself,
 * private to the renter and staff who reach it and never cached.
 */
export const conversationRoutes: FastifyPluginAsyncZod<{ store: DocumentStore }> = async (
  app,
  { store },
) => {
  await app.register(multipart, {
    limits: {
      fileSize: CONVERSATION_PHOTO_MAX_BYTES,
      files: CONVERSATION_PHOTOS_MAX + 1,
      fields: 4,
      fieldSize: 9000,
      parts: CONVERSATION_PHOTOS_MAX + 5,
    },
  });

  app.get('/conversation', {
    preHandler: app.requireUser,
    schema: {
      ...bearerDoc,
      summary: 'My conversation with the company, newest message first (keyset: before)',
      querystring: ThreadQuerySchema,
      response: { 200: MyConversationResponseSchema, ...authErrors, 422: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const conversation = await conversationOfUser(app.db, request.auth!.user.id);
      if (!conversation) return { conversation: null, messages: [], next_before: null };
      const { messages, nextBefore } = await threadPage(
        app.db,
        conversation.id,
        request.query.limit,
        request.query.before,
      );
      return {
        conversation: {
          id: conversation.id,
          status: conversation.status as 'open' | 'closed',
          unread: conversation.renterUnread,
        },
        messages,
        next_before: nextBefore,
      };
    },
  });

  app.post('/conversation/messages', {
    preHandler: app.requireUser,
    schema: {
      ...bearerDoc,
      summary: `Write to the company: multipart fields "body" and "booking_code", then up to ${CONVERSATION_PHOTOS_MAX} "photos" (JPG, PNG or WebP, 8 MB each)`,
      consumes: ['multipart/form-data'],
      multipartBody: ConversationMessageFormSchema,
      response: {
        201: SendMessageResponseSchema,
        ...authErrors,
        413: ErrorResponseSchema,
        422: ErrorResponseSchema,
        429: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const parts = await readMessageParts(request);
      const sent = await sendRenterMessage(app.db, store, request.auth!.user.id, parts);
      return reply.status(201).send({ message: texts.sent, sent });
    },
  });

  app.post('/conversation/read', {
    preHandler: app.requireUser,
    schema: {
      ...bearerDoc,
      summary: 'I have read the replies: the unread count goes to 0',
      response: { 200: UnreadResponseSchema, ...authErrors },
    },
    handler: async (request) => {
      await markRenterRead(app.db, request.auth!.user.id);
      return { unread: 0 };
    },
  });

  app.get('/conversation/unread', {
    preHandler: app.requireUser,
    schema: {
      ...bearerDoc,
      summary: 'How many replies I have not read (the account menu’s count)',
      response: { 200: UnreadResponseSchema, ...authErrors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { unread: await unreadCountForRenter(app.db, request.auth!.user.id) };
    },
  });

  // The photo: bytes, not JSON, so it stays out of the API document (a message's url names it).
  app.get('/conversation/photos/:photoId', {
    preHandler: app.requireUser,
    schema: { hide: true, params: PhotoParamsSchema },
    handler: async (request, reply) => {
      const photo = await readablePhoto(
        app.db,
        request.params.photoId,
        request.auth!.user,
        request.auth!.staff,
      );
      const bytes = await readDocumentPhoto(store, photo.userId, photo.fileKey);
      if (!bytes) throw new HttpError(404, texts.photoNotFound);
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', bytes.length)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(bytes);
    },
  });
};
