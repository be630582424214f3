import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  TaxSettingsInputSchema,
  TaxSettingsResponseSchema,
} from '../../../shared/schemas/tax.staff';
import { adminDoc, authErrors } from '../../staff-api/openapi';
import { readTaxSettings, saveTaxSettings } from './tax-settings.repository';

/**
 * The company's TIN and the taxes it charges (STAFF-45), the owner's alone (STAFF_RULES).
 * Receipts split their all-in amounts by them (HAND-15); a save applies to cars returned from
 * then on, never to a receipt already given.
 */
export const adminTaxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/tax-settings', {
    schema: {
      ...adminDoc,
      summary: "The company's TIN and the taxes it charges (the owner's)",
      response: { 200: TaxSettingsResponseSchema, ...authErrors },
    },
    handler: async () => ({ tax_settings: await readTaxSettings(app.db) }),
  });

  app.put('/tax-settings', {
    schema: {
      ...adminDoc,
      summary: "Set the company's TIN and taxes, in force for cars returned from now on",
      body: TaxSettingsInputSchema,
      response: { 200: TaxSettingsResponseSchema, ...authErrors, 422: ErrorResponseSchema },
    },
    handler: async (request) => {
      await saveTaxSettings(app.db, request.body, request.auth!.user.id);
      return { tax_settings: await readTaxSettings(app.db) };
    },
  });
};
