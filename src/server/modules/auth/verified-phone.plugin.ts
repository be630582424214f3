import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../../shared/messages';
import { HttpError } from '../../http-errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Pre-handler: signed in (else 401) with a verified phone number (else 403 'Verify your
     * phone number to book.'), ACCT-12.
     */
    requireVerifiedPhone: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Booking needs a number proven by an SMS code, so nobody books with someone else's number. */
export const verifiedPhonePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('requireVerifiedPhone', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.requireUser(request, reply);
      if (!request.auth?.user.phoneVerifiedAt) {
        throw new HttpError(403, messages.phone.verifyToBook);
      }
    });
  },
  { name: 'verified-phone' },
);
