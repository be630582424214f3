import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCarInputSchema,
  AdminCarListQuerySchema,
  AdminCarListResponseSchema,
  AdminCarResponseSchema,
} from '../../../shared/schemas/cars.staff';
import { AdminIdParamsSchema } from '../../../shared/schemas/staff-api';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import { adminDoc, authErrors } from '../../staff-api/openapi';
import { paging } from '../../staff-api/paging';
import { assertOwnBranch } from '../../staff-api/branch-scope';
import { listAdminCars, loadAdminCar } from './cars.staff.repository';
import { carNotFound, createCar, restoreCar, retireCar, updateCar } from './cars.staff.service';

/** The fleet (the rules of each change are in cars.staff.service.ts). */
export const adminCarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cars', {
    schema: {
      ...adminDoc,
      summary: 'The fleet, with search, filters and paging',
      querystring: AdminCarListQuerySchema,
      response: { 200: AdminCarListResponseSchema, ...authErrors, 422: ErrorResponseSchema },
    },
    handler: async (request) => {
      const { page, limit } = request.query;
      const result = await listAdminCars(app.db, request.query, request.auth!.staff!.branchIds);
      return { cars: result.cars, makes: result.makes, ...paging(result.total, page, limit) };
    },
  });

  app.post('/cars', {
    schema: {
      ...adminDoc,
      summary: 'Add a car; it is offered to renters at once',
      body: AdminCarInputSchema,
      response: { 201: AdminCarResponseSchema, ...authErrors, 422: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      assertOwnBranch(request.auth!.staff!, request.body.branch_id);
      return reply.status(201).send({ car: await createCar(app.db, request.body) });
    },
  });

  app.get('/cars/:id', {
    schema: {
      ...adminDoc,
      summary: 'One car, retired or not, with its photos',
      params: AdminIdParamsSchema,
      response: { 200: AdminCarResponseSchema, ...authErrors, 404: ErrorResponseSchema },
    },
    handler: async (request) => {
      const car = await loadAdminCar(app.db, request.params.id);
      if (!car) throw carNotFound();
      return { car };
    },
  });

  app.put('/cars/:id', {
    schema: {
      ...adminDoc,
      summary: 'Edit every field of a car (existing bookings keep their price)',
      params: AdminIdParamsSchema,
      body: AdminCarInputSchema,
      response: {
        200: AdminCarResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      // Moving a car is to one of the manager's own branches (ROLE-5).
      assertOwnBranch(request.auth!.staff!, request.body.branch_id);
      return { car: await updateCar(app.db, request.params.id, request.body) };
    },
  });

  app.post('/cars/:id/retire', {
    schema: {
      ...adminDoc,
      summary: 'Stop offering a car (its bookings must be finished first)',
      params: AdminIdParamsSchema,
      response: {
        200: AdminCarResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
      },
    },
    handler: async (request) => ({ car: await retireCar(app.db, request.params.id) }),
  });

  app.post('/cars/:id/restore', {
    schema: {
      ...adminDoc,
      summary: 'Offer a retired car again',
      params: AdminIdParamsSchema,
      response: {
        200: AdminCarResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
      },
    },
    handler: async (request) => ({ car: await restoreCar(app.db, request.params.id) }),
  });
};
