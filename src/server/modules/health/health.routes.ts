import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', {
    schema: {
      tags: ['health'],
      summary: 'Whether the server and its database answer',
      response: {
        200: z.object({ status: z.literal('ok'), database: z.literal('up') }),
        503: z.object({
          status: z.literal('degraded'),
          database: z.literal('down'),
          message: z.string(),
        }),
      },
    },
    handler: async (_request, reply) => {
      if (await app.dbHandle.ping()) return { status: 'ok' as const, database: 'up' as const };
      reply.header('Retry-After', '2');
      return reply.status(503).send({
        status: 'degraded' as const,
        database: 'down' as const,
        message: 'The database is not answering.',
      });
    },
  });
};
