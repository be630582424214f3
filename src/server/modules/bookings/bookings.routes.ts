import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeBookingCode } from '../../../shared/booking-code';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import {
  BookingChangeResponseSchema,
  BookingCodeParamsSchema,
  ChangeBookingInputSchema,
  ExtendBookingInputSchema,
  BookingHistoryQuerySchema,
  BookingHistoryResponseSchema,
  BookingResponseSchema,
  CreateBookingInputSchema,
  CreateBookingResponseSchema,
  QuoteQuerySchema,
  QuoteResponseSchema,
  PayNowInputSchema,
  UnpaidBookingsResponseSchema,
} from '../../../shared/schemas/bookings';
import { MAX_UNPAID_UPCOMING_BOOKINGS } from '../../../shared/constants';
import { countUnpaidUpcoming } from './booking-limits';
import { findCarForBooking } from '../cars/car-catalogue';
import { gatherRuleErrors } from './booking-rules';
import { quoteBooking, type PricedChoice } from './booking-quote';
import { cancelUserBooking } from './booking-cancellation.service';
import { createBookingAndPay } from './booking-creation.service';
import { getUserBooking, listUserBookings } from './bookings.service';
import { changeUserBooking, quoteUserChange } from './booking-changes.service';
import { askForTopUp } from './booking-top-up.service';
import { payBookingNow } from './booking-pay-now.service';
import { PaymentSchema } from '../../../shared/schemas/payments';

const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(100, { error: 'Idempotency-Key must be 100 characters or less' })
    .regex(/^[\x21-\x7e]+$/, { error: 'Idempotency-Key must be printable ASCII' })
    .optional(),
});

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ErrorResponseSchema,
};

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const branchOfCar = async (carId: number) => {
    const snapshot = await app.carCatalogue.current();
    return findCarForBooking(snapshot, carId)?.branch;
  };

  app.post('/create', {
    // Signed in is checked before the body (the auth plugin moves requireUser to onRequest);
    // a verified number is checked once the request is known to be well formed.
    preHandler: [app.requireUser, app.requireVerifiedPhone],
    preValidation: gatherRuleErrors(CreateBookingInputSchema, 'body', branchOfCar),
    schema: {
      tags: ['bookings'],
      summary: 'Book a car for a date range',
      description:
        'The price is computed from the stored car; any money fields sent are ignored. ' +
        'Send an Idempotency-Key to make retries safe.',
      security: [{ bearerAuth: [] }],
      headers: IdempotencyHeadersSchema,
      body: CreateBookingInputSchema,
      response: { 201: CreateBookingResponseSchema, ...errors, 502: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      const result = await createBookingAndPay(
        app.payments,
        request.auth!.user,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(result.status).send(result.body);
    },
  });

  app.get('/quote', {
    schema: {
      tags: ['bookings'],
      summary: "The server's price for a car and dates, and whether they are free",
      querystring: QuoteQuerySchema,
      description:
        'With booking_code (signed in, your own booking) it re-quotes a change of that booking: ' +
        'its car is priced, its own dates are not counted as taken, and difference is the new ' +
        'total less the current one.',
      response: {
        200: QuoteResponseSchema,
        401: ErrorResponseSchema,
        404: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    preValidation: gatherRuleErrors(QuoteQuerySchema, 'query', branchOfCar),
    handler: async (request, reply) => {
      const quoteCar = async (carId: number, choice: PricedChoice) =>
        quoteBooking(app.db, await app.carCatalogue.current(), carId, choice);
      const { booking_code, ...query } = request.query;
      if (booking_code === undefined) return quoteCar(query.car_id, query);
      // BOOK-18: re-quoting a change is for the booking's own renter.
      await app.requireUser(request, reply);
      return quoteUserChange(
        app.db,
        request.auth!.user.id,
        normalizeBookingCode(booking_code),
        query,
        quoteCar,
      );
    },
  });

  app.get('/history', {
    preHandler: app.requireUser,
    schema: {
      tags: ['bookings'],
      summary: "The signed-in renter's bookings, newest first",
      security: [{ bearerAuth: [] }],
      querystring: BookingHistoryQuerySchema,
      response: {
        200: BookingHistoryResponseSchema,
        401: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) =>
      listUserBookings(app.db, request.auth!.user.id, request.query.page, request.query.limit),
  });

  app.get('/:code', {
    preHandler: app.requireUser,
    schema: {
      tags: ['bookings'],
      summary: "One of your bookings (anyone else's is not found)",
      security: [{ bearerAuth: [] }],
      params: BookingCodeParamsSchema,
      response: { 200: BookingResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
    },
    handler: async (request) => ({
      booking: await getUserBooking(
        app.db,
        request.auth!.user.id,
        normalizeBookingCode(request.params.code),
      ),
    }),
  });

  app.post('/:code/cancel', {
    preHandler: app.requireUser,
    schema: {
      tags: ['bookings'],
      summary:
        'Cancel one of your bookings before its start date (a paid one is refunded; one paid in cash is cancelled at the branch)',
      security: [{ bearerAuth: [] }],
      params: BookingCodeParamsSchema,
      response: { 200: BookingResponseSchema.extend({ message: z.string() }), ...errors },
    },
    handler: async (request) => ({
      message: 'Booking cancelled.',
      booking: await cancelUserBooking(
        app.payments,
        request.auth!.user.id,
        normalizeBookingCode(request.params.code),
      ),
    }),
  });

  // BOOK-18, BOOK-19: the renter's own booking, with a verified number as for create.
  app.post('/:code/change', {
    preHandler: [app.requireUser, app.requireVerifiedPhone],
    schema: {
      tags: ['bookings'],
      summary: 'Change the dates, times or extras of one of your bookings before pickup',
      description:
        'Re-priced like a new booking; the car must be free for the new dates. The difference ' +
        'is due at pickup (pay on pickup), asked by a mobile money prompt, or refunded.',
      security: [{ bearerAuth: [] }],
      params: BookingCodeParamsSchema,
      body: ChangeBookingInputSchema,
      response: { 200: BookingChangeResponseSchema, ...errors },
    },
    handler: async (request) =>
      changeUserBooking(
        app.payments,
        request.auth!.user,
        normalizeBookingCode(request.params.code),
        { kind: 'change', input: request.body },
      ),
  });

  app.post('/:code/extend', {
    preHandler: [app.requireUser, app.requireVerifiedPhone],
    schema: {
      tags: ['bookings'],
      summary: 'Move the return date of your trip under way later',
      description:
        'Re-priced like a new booking; the car must be free until the new date. The ' +
        'difference is paid as for a change.',
      security: [{ bearerAuth: [] }],
      params: BookingCodeParamsSchema,
      body: ExtendBookingInputSchema,
      response: { 200: BookingChangeResponseSchema, ...errors },
    },
    handler: async (request) =>
      changeUserBooking(
        app.payments,
        request.auth!.user,
        normalizeBookingCode(request.params.code),
        { kind: 'extend', input: request.body },
      ),
  });

  // BOOK-21: the prompt for a change's difference, asked again from the booking's page.
  app.post('/:code/top-up', {
    preHandler: [app.requireUser, app.requireVerifiedPhone],
    schema: {
      tags: ['bookings'],
      summary: "Pay a change's difference by mobile money now",
      description:
        'Sends the mobile money prompt for what a dearer change or extension of a paid ' +
        'mobile money booking left to pay, to the wallet that paid it, unless one is open.',
      security: [{ bearerAuth: [] }],
      params: BookingCodeParamsSchema,
      response: {
        200: BookingResponseSchema.extend({ message: z.string(), payment: PaymentSchema }),
        ...errors,
        429: ErrorResponseSchema,
      },
    },
    handler: async (request) =>
      askForTopUp(app.payments, request.auth!.user, normalizeBookingCode(request.params.code)),
  });

  // LIMIT-13: said on step 1 of the booking form, not only by the last step's 409.
  app.get('/unpaid', {
    preHandler: app.requireUser,
    schema: {
      tags: ['bookings'],
      summary: 'How many of your upcoming bookings are unpaid, against the limit',
      security: [{ bearerAuth: [] }],
      response: { 200: UnpaidBookingsResponseSchema, 401: ErrorResponseSchema },
    },
    handler: async (request) => {
      const unpaid = await countUnpaidUpcoming(app.db, request.auth!.user.id);
      return {
        unpaid,
        limit: MAX_UNPAID_UPCOMING_BOOKINGS,
        reached: unpaid >= MAX_UNPAID_UPCOMING_BOOKINGS,
      };
    },
  });

  // BOOK-23: a pay-on-pickup booking paid now by mobile money (LIMIT-13's way on).
  app.post('/:code/pay-now', {
    preHandler: [app.requireUser, app.requireVerifiedPhone],
    schema: {
      tags: ['bookings'],
      summary: 'Pay a pay-on-pickup booking now by mobile money',
      description:
        'Sends a mobile money prompt for the booking total; approved, the booking is paid by ' +
        'mobile money. Declined or not approved in time, it stays pay on pickup.',
      security: [{ bearerAuth: [] }],
      params: BookingCodeParamsSchema,
      body: PayNowInputSchema,
      response: {
        200: BookingResponseSchema.extend({ message: z.string(), payment: PaymentSchema }),
        ...errors,
        429: ErrorResponseSchema,
        502: ErrorResponseSchema,
      },
    },
    handler: async (request) =>
      payBookingNow(
        app.payments,
        request.auth!.user,
        normalizeBookingCode(request.params.code),
        request.body,
      ),
  });
};
