import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminContactListResponseSchema,
  AdminContactMessageResponseSchema,
  AdminIdParamsSchema,
  adminMessages,
  AdminNewsletterListResponseSchema,
  AdminPageQuerySchema,
  type AdminContactMessage,
} from '../../../shared/schemas/admin';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import { contactMessages, newsletterSubscriptions } from '../../db/schema/index';
import { HttpError } from '../../http-errors';
import { adminDoc, authErrors, paging } from './admin-common';

const toContactMessage = (row: typeof contactMessages.$inferSelect): AdminContactMessage => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  phone: row.phone,
  message: row.message,
  user_id: row.userId,
  read_at: row.readAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** PRODUCT.md P2.11: what visitors sent through the contact form and the newsletter box. */
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
      const [rows, totals] = await Promise.all([
        app.db
          .select()
          .from(contactMessages)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db
          .select({
            total: count(),
            unread: sql<number>`count(*) filter (where ${isNull(contactMessages.readAt)})`.mapWith(
              Number,
            ),
          })
          .from(contactMessages),
      ]);
      return {
        messages: rows.map(toContactMessage),
        unread: totals[0]?.unread ?? 0,
        ...paging(Number(totals[0]?.total ?? 0), page, limit),
      };
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
      // The first reading counts: reading it again keeps the first time.
      const [row] = await app.db
        .update(contactMessages)
        .set({ readAt: sql`coalesce(${contactMessages.readAt}, now())` })
        .where(eq(contactMessages.id, request.params.id))
        .returning();
      if (!row) throw new HttpError(404, adminMessages.messageNotFound);
      return { message: toContactMessage(row) };
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
      const [rows, totals] = await Promise.all([
        app.db
          .select()
          .from(newsletterSubscriptions)
          .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ total: count() }).from(newsletterSubscriptions),
      ]);
      return {
        subscriptions: rows.map((r) => ({
          id: r.id,
          email: r.email,
          created_at: r.createdAt.toISOString(),
        })),
        ...paging(Number(totals[0]?.total ?? 0), page, limit),
      };
    },
  });
};
