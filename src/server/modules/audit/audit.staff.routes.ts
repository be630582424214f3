import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuditFilterQuerySchema,
  AuditListQuerySchema,
  AuditListResponseSchema,
  AuditStaffResponseSchema,
} from '../../../shared/schemas/audit';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import { adminDoc, authErrors } from '../../staff-api/openapi';
import { listAuditEvents, listStaffMembers } from './audit.repository';
import { auditCsvStream, auditFilterOf, toAuditEvent } from './audit.service';

/**
 * The audit trail (AUDIT-8 to AUDIT-10): a page of it, its CSV, and who can be filtered by. The
 * owner's alone: their rows in STAFF_RULES say so, and the staff scope enforces it.
 */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/audit', {
    schema: {
      ...adminDoc,
      summary: 'The audit trail: staff writes and document views, newest first, keyset-paged',
      querystring: AuditListQuerySchema,
      response: { 200: AuditListResponseSchema, ...authErrors, 422: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      const { limit } = request.query;
      const rows = await app.runReport(reply, (db) =>
        listAuditEvents(db, auditFilterOf(request.query), limit + 1),
      );
      const page = rows.slice(0, limit);
      return {
        events: page.map(toAuditEvent),
        next_before: rows.length > limit ? page[page.length - 1]!.id : null,
      };
    },
  });

  app.get('/audit.csv', {
    schema: {
      ...adminDoc,
      summary: 'The audit trail under the same filters, as a CSV download (streamed, newest first)',
      querystring: AuditFilterQuerySchema,
      response: {
        200: z.string().describe('text/csv: one line per audit row'),
        ...authErrors,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const stream = auditCsvStream(auditFilterOf(request.query), (work) =>
        app.runReport(reply, work),
      );
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="audit-trail.csv"')
          .header('cache-control', 'no-store')
          // Streamed as it is read: the 200 schema documents it, nothing serializes it.
          .send(stream as unknown as string)
      );
    },
  });

  app.get('/audit/staff', {
    schema: {
      ...adminDoc,
      summary: 'Every staff account, for the audit trail’s filter',
      response: { 200: AuditStaffResponseSchema, ...authErrors },
    },
    handler: async () => ({ staff: await listStaffMembers(app.db) }),
  });
};
