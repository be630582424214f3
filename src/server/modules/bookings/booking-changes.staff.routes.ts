import { carInScope } from '../../staff-api/branch-scope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeBookingCode } from '../../../shared/booking-code';
import { messages } from '../../../shared/messages';
import {
  AdminBookingChangeResponseSchema,
  AdminChangeBookingInputSchema,
  AdminCreateBookingInputSchema,
  AdminCreateBookingResponseSchema,
  AdminCustomerLookupQuerySchema,
  AdminCustomerLookupResponseSchema,
  AdminExtendBookingInputSchema,
  AdminPromptAgainInputSchema,
  AdminQuoteQuerySchema,
} from '../../../shared/schemas/booking-changes.staff';
import {
  AdminBookingActionResponseSchema,
  AdminBookingCodeParamsSchema,
} from '../../../shared/schemas/bookings.staff';
import { QuoteResponseSchema } from '../../../shared/schemas/bookings';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import { HttpError } from '../../http-errors';
import { adminMessages } from '../../../shared/staff-messages';
import { findCarForBooking } from '../cars/car-catalogue';
import { bookingRuleErrors, lenientFacts, zodFieldErrors, type FieldErrors } from './booking-rules';
import { quoteBooking } from './booking-quote';
import { sendPromptAgain } from './booking-prompt-again.staff.service';
import { adminDoc, authErrors } from '../../staff-api/openapi';
import {
  changeBookingByStaff,
  createStaffBooking,
  customerFieldErrors,
  lookUpCustomer,
} from './booking-changes.staff.service';

const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(100, { error: 'Idempotency-Key must be 100 characters or less' })
    .regex(/^[\x21-\x7e]+$/, { error: 'Idempotency-Key must be printable ASCII' })
    .optional(),
});

const changeErrors = {
  200: AdminBookingChangeResponseSchema,
  ...authErrors,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ErrorResponseSchema,
  502: ErrorResponseSchema,
};

/**
 * Phone and walk-in bookings and staff changes (STAFF-14 to STAFF-22, decision 022), under
 * /api/admin (staff only: staff-api.routes.ts checks before anything here runs).
 */
export const adminStaffBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const branchOfCar = async (carId: number) =>
    findCarForBooking(await app.carCatalogue.current(), carId)?.branch;

  /**
   * One 422 with every failing field (BOOK-20): the schema's, the server's booking rules
   * (branch hours, delivery, horizon) and the customer's (a number that is no mobile number,
   * a new number without a name). When none of the server's fails, the schema's own 422
   * follows as usual.
   */
  const gatherCreateErrors = async (request: { body: unknown }) => {
    const raw = request.body;
    const facts = lenientFacts(raw);
    const branch = facts.car_id === undefined ? undefined : await branchOfCar(facts.car_id);
    const serverErrors: FieldErrors = {
      ...bookingRuleErrors(facts, branch),
      ...(raw && typeof raw === 'object'
        ? await customerFieldErrors(app.db, raw as Record<string, unknown>)
        : {}),
    };
    if (!Object.keys(serverErrors).length) return;
    const parsed = AdminCreateBookingInputSchema.safeParse(raw);
    const errors = parsed.success ? {} : zodFieldErrors(parsed.error);
    for (const [field, list] of Object.entries(serverErrors))
      errors[field] = [...new Set([...(errors[field] ?? []), ...list])];
    throw new HttpError(422, messages.http.validation, errors);
  };

  app.post('/bookings', {
    preValidation: gatherCreateErrors,
    schema: {
      ...adminDoc,
      summary: 'Book a car for a customer by phone or at the counter',
      description:
        "Takes the renter's create body plus the customer's msisdn, and name when the number " +
        'has no account yet (one is opened, without a password). Priced and checked exactly as ' +
        "the renter's create; a mobile money prompt goes to the customer's number. Send an " +
        'Idempotency-Key to make retries safe.',
      headers: IdempotencyHeadersSchema,
      body: AdminCreateBookingInputSchema,
      response: {
        201: AdminCreateBookingResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
        429: ErrorResponseSchema,
        502: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      // Only a car at the staff member's branches (ROLE-5); any customer may be served.
      if (!(await carInScope(app.db, request.auth!.staff!, request.body.car_id)))
        throw new HttpError(404, adminMessages.carNotFound);
      const result = await createStaffBooking(
        app.payments,
        request.auth!.user.id,
        request.body,
        request.headers['idempotency-key'],
      );
      if (result.status === 409) return reply.status(409).send(result.body);
      return reply.status(201).send(result.body);
    },
  });

  app.get('/bookings/quote', {
    preValidation: async (request) => {
      const facts = lenientFacts(request.query);
      const branch = facts.car_id === undefined ? undefined : await branchOfCar(facts.car_id);
      const ruleErrors = bookingRuleErrors(facts, branch);
      if (!Object.keys(ruleErrors).length) return;
      const parsed = AdminQuoteQuerySchema.safeParse(request.query);
      const errors = parsed.success ? {} : zodFieldErrors(parsed.error);
      for (const [field, list] of Object.entries(ruleErrors))
        errors[field] = [...new Set([...(errors[field] ?? []), ...list])];
      throw new HttpError(422, messages.http.validation, errors);
    },
    schema: {
      ...adminDoc,
      summary: "The site's quote for a car, dates, times and extras",
      querystring: AdminQuoteQuerySchema,
      response: {
        200: QuoteResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      if (!(await carInScope(app.db, request.auth!.staff!, request.query.car_id)))
        throw new HttpError(404, adminMessages.carNotFound);
      const snapshot = await app.carCatalogue.current();
      return quoteBooking(app.db, snapshot, request.query.car_id, request.query);
    },
  });

  app.get('/customers/lookup', {
    schema: {
      ...adminDoc,
      summary: 'The customer with exactly this phone number (any accepted form)',
      querystring: AdminCustomerLookupQuerySchema,
      response: {
        200: AdminCustomerLookupResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => lookUpCustomer(app.db, request.query.msisdn),
  });

  app.post('/bookings/:code/change', {
    schema: {
      ...adminDoc,
      summary: 'Change the car, dates, times or extras of a booking before pickup, with a reason',
      description:
        "The renter's change (re-priced, the car must be free, the difference settled the same " +
        'way), and staff may move the booking to another car (and so its branch).',
      params: AdminBookingCodeParamsSchema,
      body: AdminChangeBookingInputSchema,
      response: changeErrors,
    },
    handler: async (request) => {
      const { reason, ...input } = request.body;
      return changeBookingByStaff(
        app.payments,
        request.auth!.user.id,
        normalizeBookingCode(request.params.code),
        { kind: 'change', input },
        reason,
      );
    },
  });

  app.post('/bookings/:code/extend', {
    schema: {
      ...adminDoc,
      summary: 'Move the return date of a trip under way later, with a reason',
      params: AdminBookingCodeParamsSchema,
      body: AdminExtendBookingInputSchema,
      response: changeErrors,
    },
    handler: async (request) => {
      const { reason, ...input } = request.body;
      return changeBookingByStaff(
        app.payments,
        request.auth!.user.id,
        normalizeBookingCode(request.params.code),
        { kind: 'extend', input },
        reason,
      );
    },
  });

  // STAFF-46: a held booking's prompt sent again after the customer declined it.
  app.post('/bookings/:code/prompt-again', {
    schema: {
      ...adminDoc,
      summary: "Send a held booking's mobile money prompt again, to the wallet the customer names",
      params: AdminBookingCodeParamsSchema,
      body: AdminPromptAgainInputSchema,
      response: {
        200: AdminBookingActionResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
        429: ErrorResponseSchema,
        502: ErrorResponseSchema,
      },
    },
    handler: async (request) =>
      sendPromptAgain(
        app.payments,
        request.auth!.user.id,
        normalizeBookingCode(request.params.code),
        request.body,
      ),
  });
};
