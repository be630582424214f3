import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DocumentStore } from '../documents/document-files';
import { sendRenterMessage } from '../conversations/conversations.service';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  ContactInputSchema,
  INBOX_THANKS,
  NewsletterInputSchema,
} from '../../../shared/schemas/inbox';
import { MessageResponseSchema } from '../../../shared/schemas/auth';
import { contactMessages, newsletterSubscriptions } from '../../db/schema/index';

/** Public forms: generous per-IP limits stop floods without blocking shared mobile IPs. */
const limit = { rateLimit: { max: 30, timeWindow: '10 minutes' } };

export const inboxRoutes: FastifyPluginAsyncZod<{ store: DocumentStore }> = async (
  app,
  { store },
) => {
  /** The signed-in renter sending the form, or null for a visitor (or a session that fails). */
  const signedInRenter = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers.authorization) return null;
    try {
      await app.requireUser(request, reply);
    } catch {
      return null;
    }
    return request.auth?.user.role === 'renter' ? request.auth.user.id : null;
  };

  app.post('/newsletter', {
    config: limit,
    schema: {
      tags: ['inbox'],
      summary: 'Sign up for the newsletter',
      body: NewsletterInputSchema,
      response: { 201: MessageResponseSchema, 422: ErrorResponseSchema, 429: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      // Signing up twice is not an error, and must not reveal who is subscribed.
      await app.db
        .insert(newsletterSubscriptions)
        .values({ email: request.body.email })
        .onConflictDoNothing();
      return reply.status(201).send({ message: INBOX_THANKS });
    },
  });

  app.post('/contact', {
    config: limit,
    schema: {
      tags: ['inbox'],
      summary: 'Send a message to the team',
      body: ContactInputSchema,
      response: { 201: MessageResponseSchema, 422: ErrorResponseSchema, 429: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      // CONV-15: a signed-in renter's message joins their conversation, under the same hourly
      // limit (CONV-6); a visitor's goes to the contact inbox as before.
      const renterId = await signedInRenter(request, reply);
      if (renterId !== null) {
        await sendRenterMessage(app.db, store, renterId, {
          fields: { body: request.body.message },
          photos: [],
          via: 'contact_form',
        });
        return reply.status(201).send({ message: INBOX_THANKS });
      }
      const { first_name, last_name, email, phone, message } = request.body;
      await app.db
        .insert(contactMessages)
        .values({ firstName: first_name, lastName: last_name, email, phone, message });
      return reply.status(201).send({ message: INBOX_THANKS });
    },
  });
};
