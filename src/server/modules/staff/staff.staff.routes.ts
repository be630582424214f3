import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  CreateStaffInputSchema,
  StaffListResponseSchema,
  StaffMemberResponseSchema,
  UpdateStaffInputSchema,
} from '../../../shared/schemas/staff-accounts';
import { AdminIdParamsSchema } from '../../../shared/schemas/staff-api';
import { staffAccountMessages as m } from '../../../shared/staff-messages';
import { HttpError } from '../../http-errors';
import { adminDoc, authErrors } from '../../staff-api/openapi';
import { listStaffMembers } from './staff.staff.repository';
import {
  addStaffMember,
  deactivateStaffMember,
  reactivateStaffMember,
  updateStaffMember,
} from './staff.staff.service';

/**
 * Staff accounts (STAFF-37 to STAFF-43), the owner's alone. The permission table says so too
 * (src/shared/staff-permissions.ts); the check is repeated here, at onRequest like the staff check
 * before it, so these routes never depend on a table row being right.
 */
export const adminStaffAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (request.auth?.staff?.role !== 'owner') throw new HttpError(403, m.ownerOnly);
  });
  const actorId = (request: { auth: { user: { id: number } } | null }) => request.auth!.user.id;
  const withIdErrors = {
    ...authErrors,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
  };

  app.get('/staff', {
    schema: {
      ...adminDoc,
      summary: 'Every staff account: role, branches, active or not, latest sign-in (owner only)',
      response: { 200: StaffListResponseSchema, ...authErrors },
    },
    handler: async () => ({ staff: await listStaffMembers(app.db) }),
  });

  app.post('/staff', {
    schema: {
      ...adminDoc,
      summary:
        'Add a staff member by phone number; they are texted how to set their password (owner only)',
      body: CreateStaffInputSchema,
      response: {
        201: StaffMemberResponseSchema,
        ...authErrors,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const { member, message } = await addStaffMember(app.db, request.body);
      return reply.status(201).send({ message, staff_member: member });
    },
  });

  app.patch('/staff/:id', {
    schema: {
      ...adminDoc,
      summary: "Change a staff member's name, role or branches (owner only)",
      params: AdminIdParamsSchema,
      body: UpdateStaffInputSchema,
      response: { 200: StaffMemberResponseSchema, ...withIdErrors, 422: ErrorResponseSchema },
    },
    handler: async (request) => {
      const member = await updateStaffMember(
        app.db,
        actorId(request),
        request.params.id,
        request.body,
      );
      return { message: m.saved(member.name), staff_member: member };
    },
  });

  app.post('/staff/:id/deactivate', {
    schema: {
      ...adminDoc,
      summary: 'Switch a staff account off: its sessions end at once (owner only)',
      params: AdminIdParamsSchema,
      response: { 200: StaffMemberResponseSchema, ...withIdErrors },
    },
    handler: async (request) => {
      const member = await deactivateStaffMember(app.db, actorId(request), request.params.id);
      return { message: m.deactivated(member.name), staff_member: member };
    },
  });

  app.post('/staff/:id/reactivate', {
    schema: {
      ...adminDoc,
      summary: 'Switch a staff account back on (owner only)',
      params: AdminIdParamsSchema,
      response: { 200: StaffMemberResponseSchema, ...withIdErrors },
    },
    handler: async (request) => {
      const member = await reactivateStaffMember(app.db, request.params.id);
      return { message: m.reactivated(member.name), staff_member: member };
    },
  });
};
