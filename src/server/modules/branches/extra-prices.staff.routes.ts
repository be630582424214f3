import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminExtraPricesResponseSchema } from '../../../shared/schemas/branches.staff';
import { ExtraPricesSchema } from '../../../shared/schemas/branches';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import { adminDoc, authErrors } from '../../staff-api/openapi';
import { readAdminExtraPrices, saveExtraPrices } from './extra-prices.repository';

/**
 * The prices of the extras (STAFF-12, PRICE-3, PRICE-4). Bookings keep the prices they were
 * charged (PRICE-6); new quotes use the new ones at once.
 */
export const adminExtraPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/extra-prices', {
    schema: {
      ...adminDoc,
      summary: "The extras' prices, in cedis",
      response: { 200: AdminExtraPricesResponseSchema, ...authErrors },
    },
    handler: async () => readAdminExtraPrices(app.db),
  });

  app.put('/extra-prices', {
    schema: {
      ...adminDoc,
      summary: "Set every extra's price, in cedis (existing bookings keep theirs)",
      body: ExtraPricesSchema,
      response: { 200: AdminExtraPricesResponseSchema, ...authErrors, 422: ErrorResponseSchema },
    },
    handler: async (request) => {
      await saveExtraPrices(app.db, request.body);
      return readAdminExtraPrices(app.db);
    },
  });
};
