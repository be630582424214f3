import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCarInputSchema,
  AdminCarListQuerySchema,
  AdminCarListResponseSchema,
  AdminCarResponseSchema,
  AdminIdParamsSchema,
  adminMessages,
} from '../../../shared/schemas/admin';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import { cars } from '../../db/schema/index';
import { HttpError } from '../../http-errors';
import { adminDoc, authErrors, paging } from './admin-common';
import {
  carValuesOf,
  hasUnfinishedRental,
  listAdminCars,
  loadAdminCar,
  lockCarRow,
  photosOfCar,
  toAdminCar,
} from './admin-cars.repository';

const notFound = () => new HttpError(404, adminMessages.carNotFound);

/**
 * The fleet. Every write to cars or car_images bumps the catalogue version by trigger
 * (migrations 0003 and 0005), so the renters' pages show a change at once (docs/decisions/003).
 * A car's price is copied into each booking when it is made, so editing it never changes
 * existing bookings.
 */
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
      const result = await listAdminCars(app.db, request.query);
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
      const [car] = await app.db.insert(cars).values(carValuesOf(request.body)).returning();
      return reply.status(201).send({ car: toAdminCar(car!, []) });
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
      if (!car) throw notFound();
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
      const [car] = await app.db
        .update(cars)
        .set({ ...carValuesOf(request.body), updatedAt: sql`now()` })
        .where(eq(cars.id, request.params.id))
        .returning();
      if (!car) throw notFound();
      return { car: toAdminCar(car, await photosOfCar(app.db, car.id)) };
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
    handler: async (request) => {
      const id = request.params.id;
      const car = await app.db.transaction(async (tx) => {
        // The booking transaction locks the car row too: no booking slips in between the
        // check and the retirement.
        const locked = await lockCarRow(tx, id);
        if (!locked) throw notFound();
        if (locked.retiredAt) throw new HttpError(409, adminMessages.alreadyRetired);
        if (await hasUnfinishedRental(tx, id))
          throw new HttpError(409, adminMessages.retireWithBookings);
        const [row] = await tx
          .update(cars)
          .set({ retiredAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(cars.id, id), isNull(cars.retiredAt)))
          .returning();
        return row!;
      });
      return { car: toAdminCar(car, await photosOfCar(app.db, id)) };
    },
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
    handler: async (request) => {
      const id = request.params.id;
      const [car] = await app.db
        .update(cars)
        .set({ retiredAt: null, updatedAt: sql`now()` })
        .where(and(eq(cars.id, id), isNotNull(cars.retiredAt)))
        .returning();
      if (!car) {
        if (!(await loadAdminCar(app.db, id))) throw notFound();
        throw new HttpError(409, adminMessages.notRetired);
      }
      return { car: toAdminCar(car, await photosOfCar(app.db, id)) };
    },
  });
};
