import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages';
import { parseMsisdn } from '../../../shared/phone';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import { SandboxSmsQuerySchema, SandboxSmsResponseSchema } from '../../../shared/schemas/auth';
import { HttpError } from '../../http-errors';
import { listSandboxInbox } from '../sms/sandbox-sms';

/**
 * The sandbox phone (RUN-12): what the sandbox SMS provider "sent" to one number, newest
 * first, so a tester can read a code without a real phone. Registered only with the sandbox
 * provider and outside production (app.ts).
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/sms', {
    schema: {
      tags: ['sandbox'],
      summary: "The sandbox phone's inbox: messages sent to one number, newest first",
      description:
        'Exists only with SMS_PROVIDER=sandbox outside production. `to` may be written in any ' +
        'accepted form of the number.',
      querystring: SandboxSmsQuerySchema,
      response: { 200: SandboxSmsResponseSchema, 422: ErrorResponseSchema },
    },
    handler: async (request) => {
      const to = parseMsisdn(request.query.to);
      if (!to) throw new HttpError(422, messages.http.validation, { to: [messages.phone.invalid] });
      const rows = await listSandboxInbox(app.db, to);
      return {
        messages: rows.map((row) => ({
          to: row.to,
          body: row.body,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  });
};
