import { z } from 'zod';
import {
  BOOKING_HISTORY_PAGE_SIZE,
  BOOKING_STATUSES,
  DEFAULT_HANDOVER_TIME,
  MAX_RENTAL_DAYS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '../constants';
import { daysBetween, isIsoDate, todayInAccra } from '../dates';
import { STAFF_KEPT_REASONS } from '../handover';
import { messages } from '../messages';
import { BranchSchema, BranchSummarySchema, clockTime } from './branches';
import { CarImageSchema } from './cars';
import {
  CancelRefundSchema,
  MobileMoneyNetworkSchema,
  PaymentSchema,
  RefundSchema,
  WalletNumberSchema,
} from './payments';
import { numberFromText, PageQuerySchema, PagingSchema, requiredIsoDate } from './common';

const m = messages.booking;

/** A yes/no from a form ('true', 'on', '1') or JSON (true); absent is no. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1');

/**
 * When and how (BOOK-16, PRICE-3, PRICE-4): pickup and return times within the branch's hours
 * (checked by the server, which knows the branch), a chauffeur, a child seat, and delivery to
 * an address in Accra. Shared by create, quote and change.
 */
export const bookingExtrasShape = {
  pickup_time: clockTime(m.timeInvalid).default(DEFAULT_HANDOVER_TIME),
  return_time: clockTime(m.timeInvalid).default(DEFAULT_HANDOVER_TIME),
  chauffeur: flag,
  child_seat: flag,
  delivery_address: z
    .string()
    .trim()
    .max(200, { error: m.deliveryAddressTooLong })
    .optional()
    .transform((v) => (v ? v : null)),
};

/**
 * A required real calendar day whose failure leaves the form's other checks running: an
 * `abort` would stop the object's cross-field rules too, and a 422 lists every failing field at
 * once (BOOK-20). One message per field: required, or not a date.
 */
const bookingDate = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .superRefine((v, ctx) => {
      if (!v) ctx.addIssue({ code: 'custom', message: requiredMessage });
      else if (!isIsoDate(v) || v.startsWith('0000'))
        ctx.addIssue({ code: 'custom', message: 'Enter a valid date (YYYY-MM-DD)' });
      // The API description still says what the check does.
    })
    .meta({ format: 'date' });

/** Step 1 of the booking form ('Destination and Booking Dates', PAGE-8). */
export const bookingDetailsShape = {
  start_date: bookingDate(m.startRequired),
  end_date: bookingDate(m.endRequired),
  // Not requiredText: its abort would stop the cross-field rules (BOOK-20).
  destination: z
    .string({ error: m.destinationRequired })
    .trim()
    .regex(/\S/, { error: m.destinationRequired })
    .max(120, { error: 'Destination must be 120 characters or less' }),
  // Radios send '1' or '2'; JSON clients may send the number. Nothing else is read as one
  // (true, [1] or ' 1' would be by a number coercion).
  destination_type: z.union(
    [z.literal([1, 2]), z.literal(['1', '2']).transform((v) => Number(v) as 1 | 2)],
    { error: m.destinationTypeRequired },
  ),
};

/**
 * Date rules that need 'today' (BOOK-4). `today` is a parameter so tests and the
 * browser can pass their own; the default is today in Accra.
 */
export function checkBookingDates(
  value: { start_date?: unknown; end_date?: unknown },
  ctx: z.RefinementCtx,
  today: string = todayInAccra(),
) {
  // Runs even when other fields failed (BOOK-20): a date that failed its own check is skipped.
  const date = (v: unknown) => (typeof v === 'string' && isIsoDate(v) ? v : undefined);
  const start_date = date(value.start_date);
  const end_date = date(value.end_date);
  if (start_date && start_date < today) {
    ctx.addIssue({ code: 'custom', path: ['start_date'], message: m.startInPast });
  }
  if (!start_date || !end_date) return;
  if (end_date < start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: m.endBeforeStart });
  } else if (daysBetween(start_date, end_date) > MAX_RENTAL_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: m.tooLong });
  }
}

/**
 * Cross-field rules run whatever else failed, so a 422 lists every failing field at once
 * (BOOK-20); zod would otherwise skip a refinement once any field has an issue.
 */
export const ALWAYS = {
  // Only an object has fields to check: a body that is not one has failed as a whole.
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null,
};

export const BookingDetailsSchema = z.object(bookingDetailsShape).superRefine((v, ctx) => {
  checkBookingDates(v, ctx);
}, ALWAYS);
export type BookingDetailsValues = z.input<typeof BookingDetailsSchema>;

/**
 * POST /api/bookings/create. Fields the first version also sent (no_of_days, user_id,
 * user_email, payment_status, payment_reference) are stripped: the user is the session's and
 * the money is the server's (MONEY-2).
 */
export const createBookingShape = {
  ...bookingDetailsShape,
  ...bookingExtrasShape,
  car_id: z.preprocess(
    numberFromText,
    z
      .number({ error: m.carRequired })
      .int({ error: m.carRequired })
      .min(1, { error: m.carRequired })
      .max(2_147_483_647, { error: m.carRequired }),
  ),
  payment_method: z.enum(PAYMENT_METHODS, { error: m.paymentMethodRequired }),
  /** Mobile money only: the renter's network and wallet (default: the account's number). */
  network: MobileMoneyNetworkSchema.optional(),
  wallet_msisdn: WalletNumberSchema.optional(),
};

/**
 * The create's cross-field rules: dates (BOOK-20), and a network for mobile money, asked in
 * the words of whoever fills the form (the renter's, or staff's for the customer, STAFF-16).
 */
export function checkCreateBooking(
  v: { start_date?: unknown; end_date?: unknown; payment_method?: string; network?: string },
  ctx: z.RefinementCtx,
  networkRequired: string = messages.payment.networkRequired,
) {
  checkBookingDates(v, ctx);
  if (v.payment_method === 'mobile_money' && !v.network) {
    ctx.addIssue({ code: 'custom', path: ['network'], message: networkRequired });
  }
}

export const CreateBookingInputSchema = z
  .object(createBookingShape)
  .superRefine((v, ctx) => checkCreateBooking(v, ctx), ALWAYS);
export type CreateBookingInput = z.infer<typeof CreateBookingInputSchema>;

export const QuoteLineSchema = z.object({
  label: z.string(),
  /** Cedis; negative for the weekly price's saving. */
  amount: z.number(),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

export const BookingCarSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  images: z.array(CarImageSchema),
});

/** One charge at the return, as the renter's booking shows it (HAND-14). */
export const ReturnChargeSchema = z.object({
  reason: z.enum(['late_fee', ...STAFF_KEPT_REASONS]),
  amount: z.number(),
  note: z.string().nullable(),
});
export type ReturnCharge = z.infer<typeof ReturnChargeSchema>;

export const BookingSchema = z.object({
  id: z.number().int(),
  booking_code: z.string(),
  status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  start_date: z.string(),
  end_date: z.string(),
  days: z.number().int(),
  price_per_day: z.number(),
  line_cost: z.number(),
  /** The weekly price's saving, in cedis (PRICE-2). */
  discount: z.number(),
  /** Chauffeur, child seat, delivery and airport fees together, in cedis. */
  extras: z.number(),
  deposit: z.number(),
  total_cost: z.number(),
  /** What was charged, line by line, in cedis; sums to total_cost (PRICE-6). */
  lines: z.array(QuoteLineSchema),
  destination: z.string(),
  destination_type: z.number().int(),
  pickup_time: z.string(),
  return_time: z.string(),
  chauffeur: z.boolean(),
  child_seat: z.boolean(),
  delivery_address: z.string().nullable(),
  /** Where the car is picked up and returned (BRANCH-3). */
  branch: BranchSchema,
  payment_method: z.enum(PAYMENT_METHODS),
  hold_expires_at: z.string().nullable(),
  created_at: z.string(),
  can_cancel: z.boolean(),
  /** Before pickup: dates, times and extras may change (BOOK-18). */
  can_change: z.boolean(),
  /** During the trip: the return date may move later (BOOK-19). */
  can_extend: z.boolean(),
  car: BookingCarSchema,
  /** The latest mobile money attempt; null for pay on pickup. */
  payment: PaymentSchema.nullable(),
  /**
   * Still to pay for the rental, in cedis (HAND-10): staff's `balance_due`, e.g. after an
   * extension of a paid booking; 0 unless it is paid and the car is not back. Defaults to 0 for
   * an idempotent replay stored before the field existed.
   */
  balance_due: z.number().default(0),
  /**
   * The part of balance_due the renter pays by mobile money now (BOOK-21): a paid mobile money
   * booking's difference after a dearer change or extension, prompted or not yet paid. The rest
   * of balance_due (cash bookings) is paid at the counter. Defaults to 0 as balance_due does.
   */
  top_up_due: z.number().default(0),
  /** BOOK-22: what a cancel now refunds (a paid mobile money booking the renter may cancel). */
  cancel_refund: CancelRefundSchema.nullable().default(null),
  /** BOOK-22: a cancelled booking's refund, on its way or done. */
  refund: RefundSchema.nullable().default(null),
  /**
   * What the return charged besides the booking's total (HAND-14): the late fee and staff's
   * lines, each in cedis, as the handover receipt lists them; empty before the return. The
   * rental's balance a return collected is not here: it is part of `total_cost` already.
   */
  return_charges: z.array(ReturnChargeSchema).default([]),
});
export type Booking = z.infer<typeof BookingSchema>;

export const CreateBookingResponseSchema = z.object({
  message: z.string(),
  booking: BookingSchema,
  /** Mobile money: the attempt the renter now approves (PAY-3). */
  payment: PaymentSchema.optional(),
});
export type CreateBookingResponse = z.infer<typeof CreateBookingResponseSchema>;

export const BookingHistoryQuerySchema = PageQuerySchema(BOOKING_HISTORY_PAGE_SIZE, 50);

export const BookingHistoryResponseSchema = PagingSchema.extend({
  bookings: z.array(BookingSchema),
});
export type BookingHistoryResponse = z.infer<typeof BookingHistoryResponseSchema>;

/**
 * GET /api/bookings/unpaid (LIMIT-13): the renter's unpaid upcoming bookings, so step 1 can say
 * the limit is reached before the last step (a booking paid by mobile money still goes ahead).
 */
export const UnpaidBookingsResponseSchema = z.object({
  unpaid: z.number().int(),
  limit: z.number().int(),
  reached: z.boolean(),
});
export type UnpaidBookings = z.infer<typeof UnpaidBookingsResponseSchema>;

/** POST /api/bookings/{code}/pay-now (BOOK-23): the wallet, by default the account's number. */
export const PayNowInputSchema = z.object({
  network: MobileMoneyNetworkSchema,
  wallet_msisdn: WalletNumberSchema.optional(),
});
export type PayNowInput = z.infer<typeof PayNowInputSchema>;

export const BookingCodeParamsSchema = z.object({ code: z.string().min(1).max(40) });
export const BookingResponseSchema = z.object({ booking: BookingSchema });

/**
 * GET /api/bookings/quote (PRICE-1): the server's price for a car, dates, times and extras,
 * signed in or not. With `booking_code` (signed in, the renter's own booking) it re-quotes a
 * change: the booking's own dates do not count as taken, and `difference` says what the
 * change costs (positive) or gives back (negative).
 */
export const QuoteQuerySchema = z
  .object({
    car_id: z.coerce.number().int().min(1).max(2_147_483_647),
    start_date: bookingDate(m.startRequired),
    end_date: bookingDate(m.endRequired),
    destination_type: z
      .union([z.literal([1, 2]), z.literal(['1', '2']).transform((v) => Number(v) as 1 | 2)])
      .default(1),
    ...bookingExtrasShape,
    booking_code: z.string().min(1).max(40).optional(),
  })
  .superRefine((v, ctx) => {
    // Re-quoting an extension keeps the trip's start, already past (BOOK-19): with a booking
    // code the server checks the start against the booking instead.
    checkBookingDates(v, ctx, v.booking_code ? '' : undefined);
  }, ALWAYS);
export const QuoteResponseSchema = z.object({
  car_id: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  pickup_time: z.string(),
  return_time: z.string(),
  days: z.number().int(),
  price_per_day: z.number(),
  line_cost: z.number(),
  deposit: z.number(),
  discount: z.number(),
  extras: z.number(),
  total_cost: z.number(),
  lines: z.array(QuoteLineSchema),
  branch: BranchSummarySchema,
  available: z.boolean(),
  /** A change's cost against the booking's current total (only with booking_code). */
  difference: z.number().optional(),
});
export type Quote = z.infer<typeof QuoteResponseSchema>;

/**
 * POST /api/bookings/{code}/change (BOOK-18): before pickup, new dates, times or extras,
 * re-quoted; the car's own other bookings still may not overlap (BOOK-3).
 */
export const ChangeBookingInputSchema = z
  .object({ ...bookingDetailsShape, ...bookingExtrasShape })
  .superRefine((v, ctx) => {
    checkBookingDates(v, ctx);
  }, ALWAYS);
export type ChangeBookingInput = z.infer<typeof ChangeBookingInputSchema>;

/** POST /api/bookings/{code}/extend (BOOK-19): during the trip, a later return date. */
export const ExtendBookingInputSchema = z.object({
  end_date: requiredIsoDate(m.endRequired),
  return_time: clockTime(m.timeInvalid).optional(),
});
export type ExtendBookingInput = z.infer<typeof ExtendBookingInputSchema>;

/**
 * The answer to a change or an extension: the booking as it now is, what it cost or gave back
 * (cedis; positive is owed), and for mobile money the prompt for a higher price.
 */
export const BookingChangeResponseSchema = z.object({
  message: z.string(),
  booking: BookingSchema,
  difference: z.number(),
  payment: PaymentSchema.optional(),
});
export type BookingChangeResponse = z.infer<typeof BookingChangeResponseSchema>;
