import { z } from 'zod';
import {
  CONVERSATION_PAGE_SIZE,
  CONVERSATION_PHOTO_MAX_BYTES,
  CONVERSATION_PHOTOS_MAX,
  CONVERSATION_STATUSES,
  CONVERSATION_TEXT_MAX,
  conversationMessages,
} from '../conversations';
import { idField } from './common';

/**
 * The renter's conversation with the company, under /api/conversation (CONV-1 to CONV-7,
 * CONV-13). Staff's side is in conversations.staff.ts.
 */

export const ConversationPhotoSchema = z.object({
  id: z.number().int(),
  /** GET it with the same bearer token (the renter or staff; never cached). */
  url: z.string(),
});

export const ConversationMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(['renter', 'staff']),
  /** The staff member's first name on a reply ('Kofi at CarLink'); null for the renter's. */
  staff_name: z.string().nullable(),
  /** 'app' (the messages page) or 'contact_form' (CONV-15). */
  via: z.enum(['app', 'contact_form']),
  body: z.string(),
  booking_code: z.string().nullable(),
  photos: z.array(ConversationPhotoSchema),
  created_at: z.string(),
});
export type ConversationMessage = z.infer<typeof ConversationMessageSchema>;

export const ThreadQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int()
    .min(1)
    .max(100)
    .default(CONVERSATION_PAGE_SIZE),
  /** Keyset paging (CONV-14): the oldest message id of the page before. */
  before: idField.optional(),
});

export const MyConversationSchema = z.object({
  id: z.number().int(),
  status: z.enum(CONVERSATION_STATUSES),
  /** Staff replies not read yet (CONV-13). */
  unread: z.number().int(),
});

export const MyConversationResponseSchema = z.object({
  /** Null until the renter's first message. */
  conversation: MyConversationSchema.nullable(),
  /** Newest first. */
  messages: z.array(ConversationMessageSchema),
  /** Pass as `before` for older messages; null when there are none. */
  next_before: z.number().int().nullable(),
});
export type MyConversationResponse = z.infer<typeof MyConversationResponseSchema>;

/** The text fields of a renter's message, sent before the photos in the multipart body. */
export const ConversationFieldsSchema = z.object({
  body: z
    .string()
    .trim()
    .max(CONVERSATION_TEXT_MAX, { error: conversationMessages.tooLong })
    .default(''),
  booking_code: z.string().trim().max(20).optional(),
});

/** The multipart body, for the API document only (the handler checks each part itself). */
export const ConversationMessageFormSchema = z.object({
  body: z
    .string()
    .max(CONVERSATION_TEXT_MAX)
    .optional()
    .meta({
      description: `The message, at most ${CONVERSATION_TEXT_MAX} characters (may be empty with a photo).`,
    }),
  booking_code: z
    .string()
    .optional()
    .meta({ description: 'One of the renter’s bookings, when written from its page.' }),
  photos: z
    .array(z.file().max(CONVERSATION_PHOTO_MAX_BYTES))
    .max(CONVERSATION_PHOTOS_MAX)
    .optional()
    .meta({
      description: `Up to ${CONVERSATION_PHOTOS_MAX} JPG, PNG or WebP photos, at most 8 MB each, sent after the fields.`,
    }),
});

export const SendMessageResponseSchema = z.object({
  message: z.string(),
  sent: ConversationMessageSchema,
});
export type SendMessageResponse = z.infer<typeof SendMessageResponseSchema>;

export const UnreadResponseSchema = z.object({ unread: z.number().int() });
export type UnreadResponse = z.infer<typeof UnreadResponseSchema>;

export const PhotoParamsSchema = z.object({ photoId: idField });
