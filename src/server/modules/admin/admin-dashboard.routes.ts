import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminDashboardResponseSchema } from '../../../shared/schemas/console';
import { buildDashboard } from './admin-dashboard.service';
import { adminDoc, authErrors } from '../../staff-api/openapi';

export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dashboard', {
    schema: {
      ...adminDoc,
      summary: "Today's pickups and returns, bookings needing action, utilisation and revenue",
      response: { 200: AdminDashboardResponseSchema, ...authErrors },
    },
    // A report: on the report connections, cancelled if staff leave (LIMIT-11, LIMIT-12).
    handler: async (request, reply) =>
      app.runReport(reply, (db) => buildDashboard(db, undefined, request.auth!.staff!)),
  });
};
