import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminContactListResponseSchema,
  AdminContactMessageResponseSchema,
  AdminNewsletterListResponseSchema,
} from '../../../shared/schemas/inbox.staff';
import { AdminIdParamsSchema, AdminPageQuerySchema } from '../../../shared/schemas/staff-api';
import { adminMessages } from '../../../shared/staff-messages';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import { HttpError } from '../../http-errors';
import {
  listContactMessages,
  listNewsletterSubscriptions,
  markContactMessageRead,
} from './inbox.repository';
import { adminDoc, authErrors } from '../../staff-api/openapi';
import { paging } from '../../staff-api/paging';

/** STAFF-9: what visitors sent through the contact form and the newsletter box. */
export const adminMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/messages/contact', {
    schema: {
      ...adminDoc,
      summary: 'Contact-form messages, newest first',
      querystring: AdminPageQuerySchema,
      response: { 200: AdminContactListResponseSchema, ...authErrors, 422: ErrorResponseSchema },
    },
    handler: async (request) => {
      const { page, limit } = request.query;
      const { messages, unread, total } = await listContactMessages(app.db, page, limit);
      return { messages, unread, ...paging(total, page, limit) };
    },
  });

  app.post('/messages/contact/:id/read', {
    schema: {
      ...adminDoc,
      summary: 'Mark a contact message read',
      params: AdminIdParamsSchema,
      response: { 200: AdminContactMessageResponseSchema, ...authErrors, 404: ErrorResponseSchema },
    },
    handler: async (request) => {
      const message = await markContactMessageRead(app.db, request.params.id);
      if (!message) throw new HttpError(404, adminMessages.messageNotFound);
      return { message };
    },
  });

  app.get('/messages/newsletter', {
    schema: {
      ...adminDoc,
      summary: 'Newsletter sign-ups, newest first',
      querystring: AdminPageQuerySchema,
      response: { 200: AdminNewsletterListResponseSchema, ...authErrors, 422: ErrorResponseSchema },
    },
    handler: async (request) => {
      const { page, limit } = request.query;
      const { subscriptions, total } = await listNewsletterSubscriptions(app.db, page, limit);
      return { subscriptions, ...paging(total, page, limit) };
    },
  });
};
