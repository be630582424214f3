import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  FavouriteCarParamsSchema,
  FavouriteIdsResponseSchema,
  FavouritesQuerySchema,
  FavouritesResponseSchema,
  MergeFavouritesInputSchema,
} from '../../../shared/schemas/favourites';
import { HttpError } from '../../http-errors';
import { findCar } from '../cars/car-catalogue';
import {
  countFavourites,
  deleteFavourite,
  findFavouriteCarIds,
  findFavouritesPage,
  insertFavourites,
} from './favourites.repository';

const doc = { tags: ['favourites'], security: [{ bearerAuth: [] }] };
const noContent = z.null().describe('No content');

/**
 * The signed-in person's favourites (AREA-5 to AREA-8): /api/favourites and below. Always the
 * session's own account: no id of an account is ever in the path.
 */
export const favouriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/favourites', {
    preHandler: app.requireUser,
    schema: {
      ...doc,
      summary: 'My favourite cars, newest first (keyset paging: `before` = `next_before`)',
      querystring: FavouritesQuerySchema,
      response: {
        200: FavouritesResponseSchema,
        401: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const userId = request.auth!.user.id;
      const { limit, before } = request.query;
      const [rows, total, snapshot] = await Promise.all([
        findFavouritesPage(app.db, userId, limit + 1, before),
        countFavourites(app.db, userId),
        app.carCatalogue.current(),
      ]);
      const page = rows.slice(0, limit);
      return {
        // A car retired between the query and the catalogue's snapshot is left out.
        favourites: page.flatMap((row) => {
          const car = findCar(snapshot, row.carId);
          return car
            ? [{ id: row.id, car_id: row.carId, saved_at: row.createdAt.toISOString(), car }]
            : [];
        }),
        total,
        next_before: rows.length > limit ? page[page.length - 1]!.id : null,
      };
    },
  });

  app.get('/favourites/ids', {
    preHandler: app.requireUser,
    schema: {
      ...doc,
      summary: "My favourite cars' ids, newest first: what this device shows as saved",
      response: { 200: FavouriteIdsResponseSchema, 401: ErrorResponseSchema },
    },
    handler: async (request) => ({
      car_ids: await findFavouriteCarIds(app.db, request.auth!.user.id),
    }),
  });

  app.put('/favourites/:carId', {
    preHandler: app.requireUser,
    schema: {
      ...doc,
      summary: 'Save a car to my favourites (saving it again changes nothing)',
      params: FavouriteCarParamsSchema,
      response: {
        204: noContent,
        401: ErrorResponseSchema,
        404: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const { carId } = request.params;
      // Only a car in the fleet: a retired or unknown one cannot be shown or booked.
      if (!findCar(await app.carCatalogue.current(), carId))
        throw new HttpError(404, messages.cars.notFound);
      await insertFavourites(app.db, request.auth!.user.id, [carId]);
      return reply.status(204).send(null);
    },
  });

  app.delete('/favourites/:carId', {
    preHandler: app.requireUser,
    schema: {
      ...doc,
      summary: 'Remove a car from my favourites (removing one not saved changes nothing)',
      params: FavouriteCarParamsSchema,
      response: { 204: noContent, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      await deleteFavourite(app.db, request.auth!.user.id, request.params.carId);
      return reply.status(204).send(null);
    },
  });

  app.post('/favourites/merge', {
    preHandler: app.requireUser,
    schema: {
      ...doc,
      summary: 'Merge the favourites this browser kept before sign-in into my account',
      description:
        'The car ids in the order the browser saved them (oldest first). Cars already saved keep ' +
        'their place; ids of cars not in the fleet are ignored. Answers every favourite of the ' +
        'account, which the browser keeps from then on. Sending the same list again changes nothing.',
      body: MergeFavouritesInputSchema,
      response: {
        200: FavouriteIdsResponseSchema,
        401: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const userId = request.auth!.user.id;
      const snapshot = await app.carCatalogue.current();
      const known = [...new Set(request.body.car_ids)].filter((id) => findCar(snapshot, id));
      await insertFavourites(app.db, userId, known);
      return { car_ids: await findFavouriteCarIds(app.db, userId) };
    },
  });
};
