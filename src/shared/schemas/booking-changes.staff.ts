import { z } from 'zod';
import { MOBILE_MONEY_NETWORKS } from '../constants';
import { PaymentSchema } from './payments';
import { AdminBookingDetailSchema } from './bookings.staff';
import {
  ALWAYS,
  BookingSchema,
  bookingDetailsShape,
  bookingExtrasShape,
  checkBookingDates,
  checkCreateBooking,
  createBookingShape,
  ExtendBookingInputSchema,
  PayNowInputSchema,
  QuoteQuerySchema,
} from './bookings';
import { numberFromText } from './common';
import { AdminPersonSchema } from './staff-api';

/**
 * Phone and walk-in bookings and staff changes (STAFF-14 to STAFF-23, docs/decisions/022-staff-bookings.md): what
 * the console sends and gets back. The booking's own rules are the renter's schemas, reused.
 */

export const staffBookingMessages = {
  msisdnRequired: "Enter the customer's phone number",
  nameRequired: "Enter the customer's name: this number has no account yet",
  nameTooLong: 'Name must be 100 characters or less',
  reasonRequired: 'Give a reason: it goes on the booking’s timeline',
  reasonTooLong: 'Reason must be 500 characters or less',
  customerNotFound: 'No customer has this phone number.',
  networkRequired: "Choose the customer's mobile money network",
} as const;

const m = staffBookingMessages;

/** Staff say why they change, extend or cancel a booking (STAFF-21). */
export const staffReason = z
  .string({ error: m.reasonRequired })
  .trim()
  .min(1, { error: m.reasonRequired })
  .max(500, { error: m.reasonTooLong });

const customerMsisdn = z
  .string({ error: m.msisdnRequired })
  .trim()
  .min(1, { error: m.msisdnRequired })
  .max(40, { error: 'Phone number must be 40 characters or less' });

/**
 * POST /api/admin/bookings (STAFF-14): the renter's create plus the customer's number, and
 * their name when the number has no account yet (the server says so on `name`).
 */
export const AdminCreateBookingInputSchema = z
  .object({
    ...createBookingShape,
    // STAFF-16: staff choose the customer's network, and are asked in those words.
    network: z.enum(MOBILE_MONEY_NETWORKS, { error: m.networkRequired }).optional(),
    msisdn: customerMsisdn,
    name: z
      .string()
      .trim()
      .max(100, { error: m.nameTooLong })
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine((v, ctx) => checkCreateBooking(v, ctx, m.networkRequired), ALWAYS);
export type AdminCreateBookingInput = z.infer<typeof AdminCreateBookingInputSchema>;
export type AdminCreateBookingFormValues = z.input<typeof AdminCreateBookingInputSchema>;

export const AdminCreateBookingResponseSchema = z.object({
  message: z.string(),
  booking: BookingSchema,
  /** Mobile money: the prompt sent to the customer's number. */
  payment: PaymentSchema.optional(),
  /** The customer's account, and whether this booking created it (STAFF-15). */
  customer: AdminPersonSchema.extend({ created: z.boolean() }),
});
export type AdminCreateBookingResponse = z.infer<typeof AdminCreateBookingResponseSchema>;

/**
 * GET /api/admin/bookings/quote (STAFF-17): the site's quote query (GET /api/bookings/quote)
 * without `booking_code`: the same dates, times and extras, the start today or later.
 */
export const AdminQuoteQuerySchema = z
  .object({
    car_id: QuoteQuerySchema.shape.car_id,
    start_date: bookingDetailsShape.start_date,
    end_date: bookingDetailsShape.end_date,
    destination_type: QuoteQuerySchema.shape.destination_type,
    ...bookingExtrasShape,
  })
  .superRefine((v, ctx) => {
    checkBookingDates(v, ctx);
  }, ALWAYS);
export type AdminQuoteQuery = z.input<typeof AdminQuoteQuerySchema>;

/** GET /api/admin/customers/lookup (STAFF-18): one number, exactly. */
export const AdminCustomerLookupQuerySchema = z.object({ msisdn: customerMsisdn });
export const AdminCustomerLookupResponseSchema = z.object({ customer: AdminPersonSchema });
export type AdminCustomerLookupResponse = z.infer<typeof AdminCustomerLookupResponseSchema>;

/**
 * POST /api/admin/bookings/{code}/change (STAFF-19): the renter's change (dates, times,
 * extras) plus `car_id` (another car, and so maybe another branch), with a reason.
 */
export const AdminChangeBookingInputSchema = z
  .object({
    ...bookingDetailsShape,
    ...bookingExtrasShape,
    car_id: z.preprocess(
      numberFromText,
      z.number({ error: 'Choose a car' }).int().min(1).max(2_147_483_647).optional(),
    ),
    reason: staffReason,
  })
  .superRefine((v, ctx) => {
    checkBookingDates(v, ctx);
  }, ALWAYS);
export type AdminChangeBookingInput = z.infer<typeof AdminChangeBookingInputSchema>;
export type AdminChangeBookingFormValues = z.input<typeof AdminChangeBookingInputSchema>;

/** POST /api/admin/bookings/{code}/extend (STAFF-20): a later return date, with a reason. */
export const AdminExtendBookingInputSchema = ExtendBookingInputSchema.extend({
  reason: staffReason,
});
export type AdminExtendBookingInput = z.infer<typeof AdminExtendBookingInputSchema>;

/** POST /api/admin/bookings/{code}/cancel: staff cancel only with a reason (STAFF-21). */
export const AdminCancelBookingInputSchema = z.object({ reason: staffReason });
export type AdminCancelBookingInput = z.infer<typeof AdminCancelBookingInputSchema>;

export const AdminBookingChangeResponseSchema = z.object({
  message: z.string(),
  booking: AdminBookingDetailSchema,
  /** Cedis: the new total less the old (negative is given back). */
  difference: z.number(),
  payment: PaymentSchema.optional(),
});
export type AdminBookingChangeResponse = z.infer<typeof AdminBookingChangeResponseSchema>;

/**
 * POST /api/admin/bookings/{code}/prompt-again (STAFF-46): a held mobile money booking's prompt
 * sent again, to the wallet and network staff give (the customer may name another phone);
 * the renter's Pay now body (BOOK-23): without a wallet, the customer's own number.
 */
export const AdminPromptAgainInputSchema = PayNowInputSchema.extend({
  network: z.enum(MOBILE_MONEY_NETWORKS, { error: m.networkRequired }),
});
export type AdminPromptAgainInput = z.input<typeof AdminPromptAgainInputSchema>;
