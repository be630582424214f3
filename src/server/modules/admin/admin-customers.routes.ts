import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCustomerListQuerySchema,
  AdminCustomerListResponseSchema,
  AdminCustomerResponseSchema,
} from '../../../shared/schemas/console';
import { AdminIdParamsSchema, AdminPageQuerySchema } from '../../../shared/schemas/staff-api';
import { adminMessages } from '../../../shared/staff-messages';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import { HttpError } from '../../http-errors';
import { listRentalsOfRenter } from '../bookings/booking-summaries.repository';
import { findAdminCustomer, listAdminCustomers } from './admin-customers.repository';
import { adminDoc, authErrors } from '../../staff-api/openapi';
import { estimatedPaging, paging } from '../../staff-api/paging';

export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/customers', {
    schema: {
      ...adminDoc,
      summary: 'Renters, newest first, searchable by name or phone, with booking counts',
      querystring: AdminCustomerListQuerySchema,
      response: { 200: AdminCustomerListResponseSchema, ...authErrors, 422: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      const { page, limit } = request.query;
      // A report: on the report connections, cancelled if staff leave (LIMIT-11, LIMIT-12).
      const { customers, count } = await app.runReport(reply, (db) =>
        listAdminCustomers(db, request.query, request.auth!.staff!.branchIds),
      );
      return { customers, ...estimatedPaging(count, page, limit) };
    },
  });

  app.get('/customers/:id', {
    schema: {
      ...adminDoc,
      summary: 'One renter and a page of their bookings, newest first',
      params: AdminIdParamsSchema,
      querystring: AdminPageQuerySchema,
      response: {
        200: AdminCustomerResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const { page, limit } = request.query;
      const customer = await findAdminCustomer(app.db, request.params.id);
      if (!customer) throw new HttpError(404, adminMessages.customerNotFound);
      const bookings = await listRentalsOfRenter(app.db, customer.id, page, limit);
      return {
        customer,
        bookings,
        ...paging(customer.bookings_count, page, limit),
      };
    },
  });
};
