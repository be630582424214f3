import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminBranchListResponseSchema,
  AdminBranchResponseSchema,
} from '../../../shared/schemas/branches.staff';
import { AdminIdParamsSchema } from '../../../shared/schemas/staff-api';
import { BranchInputSchema } from '../../../shared/schemas/branches';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import { adminDoc, authErrors } from '../../staff-api/openapi';
import { listAdminBranches } from './branches.staff.repository';
import { createBranch, updateBranch } from './branches.staff.service';

/** The pickup places (STAFF-10; the rules of each change are in branches.staff.service.ts). */
export const adminBranchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/branches', {
    schema: {
      ...adminDoc,
      summary: 'Every branch, by name, with the number of cars on offer at each',
      response: { 200: AdminBranchListResponseSchema, ...authErrors },
    },
    handler: async (request) => {
      // Every branch (a phone booking may name any); `yours` keeps the console's choices and
      // edit links to the staff member's own (ROLE-2, ROLE-8).
      const mine = request.auth!.staff!.branchIds;
      const branches = await listAdminBranches(app.db);
      return {
        branches: branches.map((b) => ({ ...b, yours: mine === null || mine.includes(b.id) })),
      };
    },
  });

  app.post('/branches', {
    schema: {
      ...adminDoc,
      summary: 'Add a branch; renters can pick cars up there once a car stands at it',
      body: BranchInputSchema,
      response: { 201: AdminBranchResponseSchema, ...authErrors, 422: ErrorResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ branch: await createBranch(app.db, request.body) }),
  });

  app.put('/branches/:id', {
    schema: {
      ...adminDoc,
      summary: 'Edit every field of a branch (bookings already made keep their times)',
      params: AdminIdParamsSchema,
      body: BranchInputSchema,
      response: {
        200: AdminBranchResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => ({
      branch: await updateBranch(app.db, request.params.id, request.body),
    }),
  });
};
