import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { normalizeBookingCode } from '../../../shared/booking-code';
import { AdminBookingCodeParamsSchema } from '../../../shared/schemas/bookings.staff';
import { AdminIdParamsSchema } from '../../../shared/schemas/staff-api';
import { adminMessages } from '../../../shared/staff-messages';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  FailedSmsQuerySchema,
  FailedSmsResponseSchema,
  ResendSmsResponseSchema,
  SmsLogResponseSchema,
  smsLogMessages,
  type SmsLogEntry,
} from '../../../shared/schemas/sms-log';
import { HttpError } from '../../http-errors';
import {
  findMessage,
  findRentalIdByCode,
  listBookingMessages,
  listFailedMessages,
  listUserMessages,
  requeueCopy,
  type MessageLogRow,
} from './outbox.repository';
import { findRenterId } from '../auth/auth.repository';
import { adminDoc, authErrors } from '../../staff-api/openapi';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toEntry(row: MessageLogRow): SmsLogEntry {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as SmsLogEntry['status'],
    to: row.recipient,
    body: row.kind === 'code' ? '' : row.body,
    booking_id: row.bookingId,
    booking_code: row.bookingCode,
    attempts: row.attempts,
    last_error: row.lastError,
    due_at: row.dueAt.toISOString(),
    sent_at: iso(row.sentAt),
    delivered_at: iso(row.deliveredAt),
    created_at: row.createdAt.toISOString(),
    can_resend: row.kind !== 'code' && row.status !== 'queued' && row.status !== 'sending',
  };
}

/**
 * The SMS log of the staff console (MSG-10): each booking's and customer's messages, the
 * failed ones, and a resend. Staff only (staff-api.routes.ts checks it for the whole scope).
 */
export const adminSmsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/bookings/:code/sms', {
    schema: {
      ...adminDoc,
      summary: "A booking's text messages, newest first, with their status",
      params: AdminBookingCodeParamsSchema,
      response: { 200: SmsLogResponseSchema, ...authErrors, 404: ErrorResponseSchema },
    },
    handler: async (request) => {
      const id = await findRentalIdByCode(app.db, normalizeBookingCode(request.params.code));
      if (!id) throw new HttpError(404, adminMessages.bookingNotFound);
      return { messages: (await listBookingMessages(app.db, id)).map(toEntry) };
    },
  });

  app.get('/customers/:id/sms', {
    schema: {
      ...adminDoc,
      summary: "A customer's text messages, newest first, with their status",
      params: AdminIdParamsSchema,
      response: {
        200: SmsLogResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const customer = await findRenterId(app.db, request.params.id);
      if (!customer) throw new HttpError(404, adminMessages.customerNotFound);
      return { messages: (await listUserMessages(app.db, customer.id)).map(toEntry) };
    },
  });

  app.get('/sms/failed', {
    schema: {
      ...adminDoc,
      summary: 'Text messages that could not be sent, newest first (keyset paging)',
      querystring: FailedSmsQuerySchema,
      response: { 200: FailedSmsResponseSchema, ...authErrors, 422: ErrorResponseSchema },
    },
    handler: async (request) => {
      const { limit, before } = request.query;
      const rows = await listFailedMessages(
        app.db,
        limit + 1,
        before,
        request.auth!.staff!.branchIds,
      );
      const page = rows.slice(0, limit);
      return {
        messages: page.map(toEntry),
        next_before: rows.length > limit ? page[page.length - 1]!.id : null,
      };
    },
  });

  app.post('/sms/:id/resend', {
    schema: {
      ...adminDoc,
      summary: 'Queue a copy of a message that went, failed or was dropped',
      params: AdminIdParamsSchema,
      response: {
        201: ResendSmsResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const original = await findMessage(app.db, request.params.id);
      if (!original) throw new HttpError(404, smsLogMessages.notFound);
      if (!toEntry(original).can_resend) throw new HttpError(409, smsLogMessages.notResendable);
      const copyId = await requeueCopy(app.db, original.id);
      const copy = copyId ? await findMessage(app.db, copyId) : undefined;
      if (!copy) throw new HttpError(404, smsLogMessages.notFound);
      return reply.status(201).send({ message: smsLogMessages.resent, sms: toEntry(copy) });
    },
  });
};
