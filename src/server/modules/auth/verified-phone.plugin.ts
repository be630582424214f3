import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../../shared/messages';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import { HttpError } from '../../http-errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Pre-handler: a verified phone number (else 403 'Verify your phone number to book.'),
     * ACCT-12. Put it after `requireUser`, which the auth plugin runs before the body is read;
     * on its own it checks the sign-in too.
     */
    requireVerifiedPhone: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Booking needs a number proven by an SMS code, so nobody books with someone else's number. */
export const verifiedPhonePlugin = fp(
  async (app: FastifyInstance) => {
    const requireVerifiedPhone = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.auth) await app.requireUser(request, reply);
      if (!request.auth?.user.phoneVerifiedAt) {
        throw new HttpError(403, messages.phone.verifyToBook);
      }
    };
    app.decorate('requireVerifiedPhone', requireVerifiedPhone);
    // A route that uses it can answer 403: the API description says so without each route
    // having to repeat it.
    app.addHook('onRoute', (route) => {
      const handlers = [route.preHandler ?? []].flat();
      const response = (route.schema as { response?: Record<number, unknown> } | undefined)
        ?.response;
      if (handlers.includes(requireVerifiedPhone) && response)
        response[403] ??= ErrorResponseSchema;
    });
  },
  { name: 'verified-phone' },
);
