import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayInAccra } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import {
  AccountExportSchema,
  accountDataMessages,
  CloseAccountInputSchema,
  CloseAccountResponseSchema,
} from '../../../shared/schemas/account';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import { HttpError } from '../../http-errors';
import { clearThrottle, countThrottledAttempt } from '../auth/auth.repository';
import { LOGIN_WINDOW_SECONDS, PASSWORD_CHANGE_FAILURES } from '../auth/auth.service';
import type { DocumentStore } from '../documents/document-files';
import { closeAccount } from './account-closure.service';
import { exportAccountData } from './account-export.service';
import { renterDashboard } from './dashboard.service';
import { DashboardResponseSchema } from '../../../shared/schemas/account-dashboard';

const bearerDoc = { tags: ['account'], security: [{ bearerAuth: [] }] };

/**
 * A renter's own data under /api/account (ACCT-30 to ACCT-32, Ghana's Data Protection Act,
 * 2012): download it all, and close the account.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ store: DocumentStore }> = async (
  app,
  { store },
) => {
  // AREA-1 to AREA-4: the renter's dashboard in one request, from the session's own account.
  app.get('/dashboard', {
    preHandler: app.requireUser,
    schema: {
      ...bearerDoc,
      summary:
        'My dashboard: the tiles’ figures, the trip under way or next, what I owe, my documents’ state, past trips to review and newest favourites',
      response: { 200: DashboardResponseSchema, 401: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      const snapshot = await app.carCatalogue.current();
      const dashboard = await renterDashboard(app.db, snapshot, request.auth!.user.id);
      return reply.header('cache-control', 'no-store').send(dashboard);
    },
  });

  app.get('/export', {
    preHandler: app.requireUser,
    schema: {
      ...bearerDoc,
      summary:
        'Download my data: profile, bookings, payments, texts sent to me, contact messages, reviews and documents’ details, as one JSON file',
      response: { 200: AccountExportSchema, 401: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      const data = await exportAccountData(app.db, request.auth!.user.id);
      return reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="carlink-my-data-${todayInAccra()}.json"`,
        )
        .send(data);
    },
  });

  app.post('/close', {
    preHandler: app.requireUser,
    config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    schema: {
      ...bearerDoc,
      summary:
        'Close my account (with my password): refused (409) while a trip is under way, a booking is not over or a payment is being settled',
      description:
        'Documents are deleted (except those staff hold for a dispute, deleted when released), every session ends, and the name and number on the bookings and payments kept for the company’s accounts are replaced; the number may register again.',
      body: CloseAccountInputSchema,
      response: {
        200: CloseAccountResponseSchema,
        401: ErrorResponseSchema,
        403: ErrorResponseSchema,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
        429: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const { user } = request.auth!;
      // Staff accounts are the owner's to manage, not closed from a profile.
      if (user.role !== 'renter') throw new HttpError(403, messages.http.forbidden);
      // Wrong passwords are counted like a password change's (a borrowed, signed-in phone).
      const throttleKey = `account-close:${user.id}`;
      const attempt = await countThrottledAttempt(app.db, throttleKey, LOGIN_WINDOW_SECONDS);
      if (attempt.count > PASSWORD_CHANGE_FAILURES)
        throw new HttpError(429, messages.http.tooManyRequests);
      const { keptHeld } = await closeAccount(app.db, store, user, request.body.password);
      await clearThrottle(app.db, throttleKey);
      return {
        message: keptHeld ? accountDataMessages.closedKeptHeld : accountDataMessages.closed,
      };
    },
  });
};
