import { z } from 'zod';
import {
  BOOKING_HISTORY_PAGE_SIZE,
  BOOKING_STATUSES,
  MAX_RENTAL_DAYS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '../constants';
import { daysBetween, todayInAccra } from '../dates';
import { messages } from '../messages';
import { CarImageSchema } from './cars';
import { MobileMoneyNetworkSchema, PaymentSchema, WalletNumberSchema } from './payments';
import {
  numberFromText,
  PageQuerySchema,
  PagingSchema,
  requiredIsoDate,
  requiredText,
} from './common';

const m = messages.booking;

/** Step 1 of the booking form ('Destination and Booking Dates', PAGE-8). */
const bookingDetailsShape = {
  start_date: requiredIsoDate(m.startRequired),
  end_date: requiredIsoDate(m.endRequired),
  destination: requiredText(m.destinationRequired).max(120, {
    error: 'Destination must be 120 characters or less',
  }),
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
  value: { start_date: string; end_date: string },
  ctx: z.RefinementCtx,
  today: string = todayInAccra(),
) {
  const { start_date, end_date } = value;
  if (start_date < today) {
    ctx.addIssue({ code: 'custom', path: ['start_date'], message: m.startInPast });
  }
  if (end_date < start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: m.endBeforeStart });
  } else if (daysBetween(start_date, end_date) > MAX_RENTAL_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: m.tooLong });
  }
}

export const BookingDetailsSchema = z.object(bookingDetailsShape).superRefine((v, ctx) => {
  checkBookingDates(v, ctx);
});
export type BookingDetailsValues = z.input<typeof BookingDetailsSchema>;

/**
 * POST /api/bookings/create. Fields the first version also sent (no_of_days, user_id,
 * user_email, payment_status, payment_reference) are stripped: the user is the session's and
 * the money is the server's (MONEY-2).
 */
export const CreateBookingInputSchema = z
  .object({
    ...bookingDetailsShape,
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
  })
  .superRefine((v, ctx) => {
    checkBookingDates(v, ctx);
    if (v.payment_method === 'mobile_money' && !v.network) {
      ctx.addIssue({
        code: 'custom',
        path: ['network'],
        message: messages.payment.networkRequired,
      });
    }
  });
export type CreateBookingInput = z.infer<typeof CreateBookingInputSchema>;

export const BookingCarSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  images: z.array(CarImageSchema),
});

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
  deposit: z.number(),
  total_cost: z.number(),
  destination: z.string(),
  destination_type: z.number().int(),
  payment_method: z.enum(PAYMENT_METHODS),
  hold_expires_at: z.string().nullable(),
  created_at: z.string(),
  can_cancel: z.boolean(),
  car: BookingCarSchema,
  /** The latest mobile money attempt; null for pay on pickup. */
  payment: PaymentSchema.nullable(),
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

export const BookingCodeParamsSchema = z.object({ code: z.string().min(1).max(40) });
export const BookingResponseSchema = z.object({ booking: BookingSchema });

/** Quote for the summary step: the server's price for a car and dates. */
export const QuoteQuerySchema = z
  .object({
    car_id: z.coerce.number().int().min(1).max(2_147_483_647),
    start_date: requiredIsoDate(m.startRequired),
    end_date: requiredIsoDate(m.endRequired),
  })
  .superRefine((v, ctx) => {
    checkBookingDates(v, ctx);
  });
export const QuoteResponseSchema = z.object({
  car_id: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  days: z.number().int(),
  price_per_day: z.number(),
  line_cost: z.number(),
  deposit: z.number(),
  discount: z.number(),
  total_cost: z.number(),
  available: z.boolean(),
});
export type Quote = z.infer<typeof QuoteResponseSchema>;
