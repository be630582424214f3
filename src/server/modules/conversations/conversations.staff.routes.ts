import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversationMessages as texts } from '../../../shared/conversations';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import { ThreadQuerySchema } from '../../../shared/schemas/conversations';
import {
  AssigneesResponseSchema,
  AssignInputSchema,
  ConversationActionResponseSchema,
  InboxQuerySchema,
  InboxResponseSchema,
  ReplyInputSchema,
  ReplyResponseSchema,
  StaffThreadResponseSchema,
} from '../../../shared/schemas/conversations.staff';
import { AdminIdParamsSchema } from '../../../shared/schemas/staff-api';
import { HttpError, validationError } from '../../http-errors';
import { adminDoc, authErrors } from '../../staff-api/openapi';
import {
  assignableStaff,
  closeConversation,
  inboxConversation,
  inboxPage,
  inboxUnreadCount,
  markStaffRead,
  setAssignee,
  threadPage,
} from './conversations.repository';
import { staffReply } from './conversations.service';

const notFound = { 404: ErrorResponseSchema } as const;

/**
 * Staff's side of renters' conversations (CONV-8 to CONV-12): the inbox by branch (unread
 * first), a thread, replying, assigning, closing. Branch scope is checked for `:id` by the
 * staff API's onRequest hook (ROLE-5); the inbox keeps to the staff member's branches itself.
 */
export const adminConversationRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (
  app,
  { publicUrl },
) => {
  // The page the reply text links to (CONV-12): the web app's /messages.
  const messagesUrl = `${publicUrl.replace(/\/$/, '')}/messages`;

  const conversationOr404 = async (id: number) => {
    const conversation = await inboxConversation(app.db, id);
    if (!conversation) throw new HttpError(404, texts.notFound);
    return conversation;
  };

  app.get('/conversations', {
    schema: {
      ...adminDoc,
      summary: 'The inbox: renters’ conversations, unread first, then the newest (keyset: cursor)',
      querystring: InboxQuerySchema,
      response: { 200: InboxResponseSchema, ...authErrors, 422: ErrorResponseSchema },
    },
    handler: async (request) => {
      const staff = request.auth!.staff!;
      const q = request.query;
      const [unread, lastMessageId] = q.cursor ? q.cursor.split('.').map(Number) : [];
      const [page, unreadTotal] = await Promise.all([
        inboxPage(app.db, {
          status: q.status,
          assigned: q.assigned,
          branchId: q.branch_id,
          staffId: staff.userId,
          branchIds: staff.branchIds,
          limit: q.limit,
          cursor: q.cursor ? { unread: unread as 0 | 1, lastMessageId: lastMessageId! } : undefined,
        }),
        inboxUnreadCount(app.db, staff.branchIds),
      ]);
      return {
        conversations: page.conversations,
        next_cursor: page.nextCursor,
        unread: unreadTotal,
      };
    },
  });

  app.get('/conversations/assignees', {
    schema: {
      ...adminDoc,
      summary: 'Staff a conversation may be assigned to: active staff at the asker’s branches',
      response: { 200: AssigneesResponseSchema, ...authErrors },
    },
    handler: async (request) => ({
      staff: await assignableStaff(app.db, request.auth!.staff!.branchIds),
    }),
  });

  app.get('/conversations/:id', {
    schema: {
      ...adminDoc,
      summary: 'A conversation and a page of its messages, newest first (keyset: before)',
      params: AdminIdParamsSchema,
      querystring: ThreadQuerySchema,
      response: {
        200: StaffThreadResponseSchema,
        ...authErrors,
        ...notFound,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const conversation = await conversationOr404(request.params.id);
      const { messages, nextBefore } = await threadPage(
        app.db,
        conversation.id,
        request.query.limit,
        request.query.before,
      );
      return { conversation, messages, next_before: nextBefore };
    },
  });

  app.post('/conversations/:id/messages', {
    schema: {
      ...adminDoc,
      summary: 'Reply to the renter; they get a text (no content, a link), one per burst',
      params: AdminIdParamsSchema,
      body: ReplyInputSchema,
      response: { 201: ReplyResponseSchema, ...authErrors, ...notFound, 422: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      const sent = await staffReply(
        app.db,
        request.params.id,
        request.auth!.staff!.userId,
        request.body.body,
        messagesUrl,
      );
      return reply.status(201).send({ message: texts.replied, sent });
    },
  });

  app.post('/conversations/:id/read', {
    schema: {
      ...adminDoc,
      summary: 'Mark the renter’s messages read',
      params: AdminIdParamsSchema,
      response: { 200: ConversationActionResponseSchema, ...authErrors, ...notFound },
    },
    handler: async (request) => {
      await markStaffRead(app.db, request.params.id);
      return {
        message: texts.markedRead,
        conversation: await conversationOr404(request.params.id),
      };
    },
  });

  app.post('/conversations/:id/assign', {
    schema: {
      ...adminDoc,
      summary: 'Assign the conversation to a staff member (null: nobody)',
      params: AdminIdParamsSchema,
      body: AssignInputSchema,
      response: {
        200: ConversationActionResponseSchema,
        ...authErrors,
        ...notFound,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const staffId = request.body.staff_id;
      await conversationOr404(request.params.id);
      if (staffId !== null) {
        const allowed = await assignableStaff(app.db, request.auth!.staff!.branchIds);
        if (!allowed.some((s) => s.id === staffId))
          throw validationError({ staff_id: [texts.assigneeNotStaff] });
      }
      await setAssignee(app.db, request.params.id, staffId);
      return {
        message: staffId === null ? texts.unassigned : texts.assigned,
        conversation: await conversationOr404(request.params.id),
      };
    },
  });

  app.post('/conversations/:id/close', {
    schema: {
      ...adminDoc,
      summary: 'Close the conversation; the renter’s next message opens it again',
      params: AdminIdParamsSchema,
      response: {
        200: ConversationActionResponseSchema,
        ...authErrors,
        ...notFound,
        409: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const current = await conversationOr404(request.params.id);
      if (current.status === 'closed') throw new HttpError(409, texts.alreadyClosed);
      await closeConversation(app.db, request.params.id);
      return { message: texts.closed, conversation: await conversationOr404(request.params.id) };
    },
  });
};
