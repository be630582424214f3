import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BranchesResponseSchema } from '../../../shared/schemas/branches';
import { cachedBranchesResponse } from '../cars/car-catalogue';

/**
 * How long a browser or proxy may keep the branch list: branches change rarely, and every
 * booking is checked against the branch as it is now (BOOK-16), so a minute-old list only
 * shows an old address or hours for that minute.
 */
const BRANCHES_MAX_AGE_SECONDS = 60;

/** GET /api/branches (BRANCH-1): the pickup places, public and cacheable. */
export const branchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    schema: {
      tags: ['branches'],
      summary: 'The pickup places, with their towns and opening hours',
      response: { 200: BranchesResponseSchema },
    },
    handler: async (_request, reply) => {
      const body = cachedBranchesResponse(await app.carCatalogue.current());
      return reply
        .header('cache-control', `public, max-age=${BRANCHES_MAX_AGE_SECONDS}`)
        .type('application/json; charset=utf-8')
        .send(body as never);
    },
  });
};
