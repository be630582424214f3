import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { horizonEnd, nextFreeRange } from '../../../shared/availability';
import { addDays, daysBetween, todayInAccra } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  AvailabilityQuerySchema,
  AvailabilityResponseSchema,
  CarFacetsResponseSchema,
  CarFiltersSchema,
  CarIdParamsSchema,
  CarResponseSchema,
  ListCarsQuerySchema,
  ListCarsResponseSchema,
} from '../../../shared/schemas/cars';
import { HttpError } from '../../http-errors';
import {
  cachedCarResponse,
  cachedDatedFacetsResponse,
  cachedDatedListResponse,
  cachedFacetsResponse,
  cachedListResponse,
  findCar,
} from './car-catalogue';
import { findBookedRanges } from './cars.repository';

/** How far ahead the availability calendar looks when no window is given. */
const AVAILABILITY_DEFAULT_DAYS = 180;
const AVAILABILITY_MAX_DAYS = 400;

/** The car list keeps its first-version path (API-4); the rest live under /api/cars. */
export const carListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cars', {
    schema: {
      tags: ['cars'],
      summary: 'List the fleet, with paging and filters',
      querystring: ListCarsQuerySchema,
      response: { 200: ListCarsResponseSchema, 422: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      const query = request.query;
      const snapshot = await app.carCatalogue.current();
      if (query.start_date && query.end_date) {
        const busy = await app.busyCars.on(query.start_date, query.end_date);
        const body = cachedDatedListResponse(snapshot, query, busy);
        return reply.type('application/json; charset=utf-8').send(body as never);
      }
      // A string with a JSON content type is sent as it is: serialised once per snapshot.
      const body = cachedListResponse(snapshot, query);
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  });
};

export const carRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/facets', {
    schema: {
      tags: ['cars'],
      summary:
        "Counts for the inventory filters: each filter's values with the other filters applied",
      querystring: CarFiltersSchema,
      response: { 200: CarFacetsResponseSchema, 422: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      const filters = request.query;
      const snapshot = await app.carCatalogue.current();
      if (filters.start_date && filters.end_date) {
        const busy = await app.busyCars.on(filters.start_date, filters.end_date);
        const body = cachedDatedFacetsResponse(snapshot, filters, busy);
        return reply.type('application/json; charset=utf-8').send(body as never);
      }
      const body = cachedFacetsResponse(snapshot, filters);
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  });

  app.get('/:id', {
    schema: {
      tags: ['cars'],
      summary: 'One car',
      params: CarIdParamsSchema,
      response: { 200: CarResponseSchema, 404: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      const body = cachedCarResponse(await app.carCatalogue.current(), request.params.id);
      if (!body) throw new HttpError(404, messages.cars.notFound);
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  });

  app.get('/:id/availability', {
    schema: {
      tags: ['cars'],
      summary:
        'The date ranges a car is already booked for (nothing about who booked), whether from…to is free, and if not the next free dates',
      params: CarIdParamsSchema,
      querystring: AvailabilityQuerySchema,
      response: {
        200: AvailabilityResponseSchema,
        404: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const car = findCar(await app.carCatalogue.current(), request.params.id);
      if (!car) throw new HttpError(404, messages.cars.notFound);
      const from = request.query.from ?? todayInAccra();
      const to = request.query.to ?? addDays(from, AVAILABILITY_DEFAULT_DAYS);
      if (to < from || to > addDays(from, AVAILABILITY_MAX_DAYS)) {
        throw new HttpError(422, messages.http.validation, {
          to: [`Choose an end within ${AVAILABILITY_MAX_DAYS} days after the start`],
        });
      }
      // One query over the car's bookings answers the calendar, whether exactly from…to is
      // free, and the next free range up to the horizon (BOOK-17).
      const today = todayInAccra();
      const asked = request.query.from !== undefined && request.query.to !== undefined;
      const lastDay = asked ? addDays(horizonEnd(today), daysBetween(from, to)) : to;
      const ranges = await findBookedRanges(app.db, car.id, from, lastDay > to ? lastDay : to);
      const booked = ranges.filter((r) => r.start_date <= to);
      const available = !asked || booked.length === 0;
      return {
        success: true as const,
        car_id: car.id,
        from,
        to,
        booked,
        available,
        next_free: available ? null : nextFreeRange(ranges, from, to, today),
      };
    },
  });
};
