import { z } from 'zod';
import {
  CONVERSATION_STATUSES,
  CONVERSATION_TEXT_MAX,
  INBOX_PAGE_SIZE,
  conversationMessages,
} from '../conversations';
import { idField } from './common';
import { ConversationMessageSchema } from './conversations';

/**
 * Staff's side of renters' conversations (CONV-8 to CONV-12), under
 * /api/admin/conversations: the inbox, a thread, replies, assigning and closing.
 */

export const InboxConversationSchema = z.object({
  id: z.number().int(),
  status: z.enum(CONVERSATION_STATUSES),
  customer: z.object({ id: z.number().int(), name: z.string(), msisdn: z.string() }),
  branch: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  booking_code: z.string().nullable(),
  assigned_to: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The renter's messages no staff member has read yet. */
  unread: z.number().int(),
  last_message: z.object({
    author: z.enum(['renter', 'staff']),
    /** The first characters of its text ('Photo' when it has none). */
    excerpt: z.string(),
    at: z.string(),
  }),
});
export type InboxConversation = z.infer<typeof InboxConversationSchema>;

/** `unread.last_message_id` of the last row of the page before. */
const INBOX_CURSOR = /^[01]\.\d{1,10}$/;

export const InboxQuerySchema = z.object({
  status: z.enum(CONVERSATION_STATUSES).default('open'),
  /** 'me': assigned to the staff member asking; 'nobody': not assigned. */
  assigned: z.enum(['anyone', 'me', 'nobody']).default('anyone'),
  branch_id: idField.optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int()
    .min(1)
    .max(100)
    .default(INBOX_PAGE_SIZE),
  /** Keyset paging (CONV-14): `next_cursor` of the page before. */
  cursor: z
    .string()
    .max(20)
    .regex(INBOX_CURSOR, { error: conversationMessages.badCursor })
    .optional(),
});
export type InboxQuery = z.infer<typeof InboxQuerySchema>;

export const InboxResponseSchema = z.object({
  conversations: z.array(InboxConversationSchema),
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: z.string().nullable(),
  /** Open conversations with unread messages, at the staff member's branches. */
  unread: z.number().int(),
});
export type InboxResponse = z.infer<typeof InboxResponseSchema>;

export const StaffThreadResponseSchema = z.object({
  conversation: InboxConversationSchema,
  /** Newest first. */
  messages: z.array(ConversationMessageSchema),
  next_before: z.number().int().nullable(),
});
export type StaffThreadResponse = z.infer<typeof StaffThreadResponseSchema>;

export const ReplyInputSchema = z.object({
  body: z
    .string({ error: conversationMessages.replyRequired })
    .trim()
    .min(1, { error: conversationMessages.replyRequired, abort: true })
    .max(CONVERSATION_TEXT_MAX, { error: conversationMessages.replyTooLong }),
});

export const ReplyResponseSchema = z.object({
  message: z.string(),
  sent: ConversationMessageSchema,
});

export const AssignInputSchema = z.object({
  /** The staff member to answer it; null to unassign. */
  staff_id: idField.nullable(),
});

export const ConversationActionResponseSchema = z.object({
  message: z.string(),
  conversation: InboxConversationSchema,
});
export type ConversationActionResponse = z.infer<typeof ConversationActionResponseSchema>;

export const AssigneesResponseSchema = z.object({
  staff: z.array(z.object({ id: z.number().int(), name: z.string(), role: z.string() })),
});
export type AssigneesResponse = z.infer<typeof AssigneesResponseSchema>;
