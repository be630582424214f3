import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  CreateSavedSearchInputSchema,
  DeleteSavedSearchResponseSchema,
  ListSavedSearchesQuerySchema,
  ListSavedSearchesResponseSchema,
  RenameSavedSearchInputSchema,
  SavedSearchIdParamsSchema,
  SavedSearchResponseSchema,
} from '../../../shared/schemas/saved-searches';
import {
  deleteSearch,
  listRentersSearches,
  renameSearch,
  saveSearch,
} from './saved-searches.service';

const tags = ['saved searches'];
const bearer = { tags, security: [{ bearerAuth: [] }] };

/**
 * A renter's saved searches of the car list, under /api/saved-searches (SAVED-1 to SAVED-4):
 * only their own; another renter's id answers 404, as one that does not exist.
 */
export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  // At onRequest, before validation: a visitor is told to sign in, not that the body is wrong.
  app.addHook('onRequest', app.requireUser);

  app.get('/saved-searches', {
    schema: {
      ...bearer,
      summary: 'My saved searches, newest first (keyset paging), with the cars each finds now',
      querystring: ListSavedSearchesQuerySchema,
      response: {
        200: ListSavedSearchesResponseSchema,
        401: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) =>
      listRentersSearches(app, request.auth!.user.id, request.query.limit, request.query.before),
  });

  app.post('/saved-searches', {
    schema: {
      ...bearer,
      summary:
        "Save the car list's filters as a search; with dates, a text when a matching car frees up on them",
      body: CreateSavedSearchInputSchema,
      response: {
        201: SavedSearchResponseSchema,
        401: ErrorResponseSchema,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await saveSearch(app, request.auth!.user.id, request.body)),
  });

  app.patch('/saved-searches/:id', {
    schema: {
      ...bearer,
      summary: 'Rename one of my saved searches',
      params: SavedSearchIdParamsSchema,
      body: RenameSavedSearchInputSchema,
      response: {
        200: SavedSearchResponseSchema,
        401: ErrorResponseSchema,
        404: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) =>
      renameSearch(app, request.auth!.user.id, request.params.id, request.body.name),
  });

  app.delete('/saved-searches/:id', {
    schema: {
      ...bearer,
      summary: 'Delete one of my saved searches',
      params: SavedSearchIdParamsSchema,
      response: {
        200: DeleteSavedSearchResponseSchema,
        401: ErrorResponseSchema,
        404: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => deleteSearch(app, request.auth!.user.id, request.params.id),
  });
};
