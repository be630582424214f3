import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCarBlockParamsSchema,
  AdminMaintenanceInputSchema,
  AdminMaintenanceListResponseSchema,
  AdminMaintenanceResponseSchema,
} from '../../../shared/schemas/cars.staff';
import { AdminIdParamsSchema, AdminMessageResponseSchema } from '../../../shared/schemas/staff-api';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import { adminDoc, authErrors } from '../../staff-api/openapi';
import {
  addMaintenanceBlock,
  listMaintenanceBlocks,
  removeMaintenanceBlock,
} from './maintenance.service';

/** Staff block a car's dates for maintenance (maintenance.service.ts has the rules). */
export const adminMaintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cars/:id/maintenance', {
    schema: {
      ...adminDoc,
      summary: "A car's maintenance blocks that end today or later",
      params: AdminIdParamsSchema,
      response: {
        200: AdminMaintenanceListResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
      },
    },
    handler: async (request) => ({
      blocks: await listMaintenanceBlocks(app.db, request.params.id),
    }),
  });

  app.post('/cars/:id/maintenance', {
    schema: {
      ...adminDoc,
      summary: 'Block dates for maintenance: no booking can take them',
      params: AdminIdParamsSchema,
      body: AdminMaintenanceInputSchema,
      response: {
        201: AdminMaintenanceResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const block = await addMaintenanceBlock(
        app.db,
        request.params.id,
        request.body,
        request.auth!.user.id,
      );
      return reply.status(201).send({ block });
    },
  });

  app.delete('/cars/:id/maintenance/:blockId', {
    schema: {
      ...adminDoc,
      summary: 'Remove a maintenance block, freeing its dates',
      params: AdminCarBlockParamsSchema,
      response: {
        200: AdminMessageResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const { id: carId, blockId } = request.params;
      await removeMaintenanceBlock(app.db, carId, blockId, request.auth!.user.id);
      return { message: 'Maintenance block removed.' };
    },
  });
};
