import { z } from 'zod';
import { BOOKING_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../constants';
import { BranchSummarySchema } from './branches';
import { idField as id, optionalIsoDate, PagingSchema } from './common';
import { AdminPageQuerySchema, AdminPersonSchema, optionalSearch } from './staff-api';

/**
 * Bookings as staff see them (STAFF-5, STAFF-6, PAY-18), under /api/admin/bookings: the list,
 * one booking with its timeline and payments, the actions and the refunds. Bookings staff make
 * or change for a customer are in booking-changes.staff.ts; the renter's in bookings.ts.
 */

export const AdminBookingCodeParamsSchema = z.object({ code: z.string().min(1).max(40) });

export const ADMIN_BOOKING_ACTIONS = ['record_cash', 'pick_up', 'return', 'cancel'] as const;
export type AdminBookingAction = (typeof ADMIN_BOOKING_ACTIONS)[number];

export const AdminBookingSummarySchema = z.object({
  id: z.number().int(),
  booking_code: z.string(),
  status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  start_date: z.string(),
  end_date: z.string(),
  /** 'HH:MM' Accra time, at `branch` (BOOK-16, BRANCH-3). */
  pickup_time: z.string(),
  return_time: z.string(),
  branch: BranchSummarySchema,
  days: z.number().int(),
  price_per_day: z.number(),
  total_cost: z.number(),
  created_at: z.string(),
  car: z.object({ id: z.number().int(), title: z.string() }),
  renter: AdminPersonSchema,
  /** A payment of this booking is flagged for staff (payments.flagged_reason). */
  flagged: z.boolean(),
});
export type AdminBookingSummary = z.infer<typeof AdminBookingSummarySchema>;

export const AdminBookingEventSchema = z.object({
  id: z.number().int(),
  /** created, paid, cash_recorded, picked_up, returned, cancelled, refunded, … */
  type: z.string(),
  /** renter | staff | system | provider */
  actor: z.string(),
  actor_user: AdminPersonSchema.nullable(),
  note: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AdminBookingEvent = z.infer<typeof AdminBookingEventSchema>;

export const AdminPaymentSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  reference: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  network: z.string().nullable(),
  wallet_msisdn: z.string().nullable(),
  flagged_reason: z.string().nullable(),
  /** The provider's id of the refund asked for, if any (PAY-17). */
  refund_id: z.string().nullable().optional(),
  /** Staff's note when a refund was settled by hand (PAY-18). */
  refund_note: z.string().nullable().optional(),
  /** Why a failed attempt failed, in the provider's words (STAFF-35); null otherwise. */
  failure_reason: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

export const AdminBookingDetailSchema = AdminBookingSummarySchema.extend({
  line_cost: z.number(),
  deposit: z.number(),
  /** The weekly price's saving and the extras, in cedis (PRICE-2 to PRICE-4). */
  discount: z.number(),
  extras: z.number(),
  /** Every amount of the total as the renter was charged it (PRICE-6). */
  lines: z.array(z.object({ label: z.string(), amount: z.number() })),
  chauffeur: z.boolean(),
  child_seat: z.boolean(),
  delivery_address: z.string().nullable(),
  destination: z.string(),
  destination_type: z.number().int(),
  hold_expires_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  updated_at: z.string(),
  /** What staff may do now; the server checks again when they do it. */
  allowed_actions: z.array(z.enum(ADMIN_BOOKING_ACTIONS)),
  /** Oldest first. */
  events: z.array(AdminBookingEventSchema),
  /** Oldest first. */
  payments: z.array(AdminPaymentSchema),
  /**
   * What the booking still owes for the rental, in cedis (HAND-10): a change or an extension
   * not paid yet. Collected at the return (HAND-11); 0 once completed.
   */
  balance_due: z.number(),
});
export type AdminBookingDetail = z.infer<typeof AdminBookingDetailSchema>;

export const AdminBookingListQuerySchema = AdminPageQuerySchema.extend({
  status: z.enum(BOOKING_STATUSES).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  /** Bookings whose days overlap [from, to]; either end may be left out. */
  from: optionalIsoDate,
  to: optionalIsoDate,
  car_id: id.optional(),
  /** A booking code (with or without 'CL-') or the renter's phone number, in any format. */
  q: optionalSearch,
}).superRefine((v, ctx) => {
  if (v.from && v.to && v.to < v.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'End date cannot be before start date' });
  }
});
export type AdminBookingListQuery = z.infer<typeof AdminBookingListQuerySchema>;

export const AdminBookingListResponseSchema = PagingSchema.extend({
  bookings: z.array(AdminBookingSummarySchema),
  /**
   * True when `total` is an estimate: past 10,000 matching rows the server does not count them
   * (and lists no page beyond the 10,000th row; `last_page` says how far it goes).
   */
  total_is_estimate: z.boolean(),
});
export type AdminBookingListResponse = z.infer<typeof AdminBookingListResponseSchema>;

export const AdminBookingResponseSchema = z.object({ booking: AdminBookingDetailSchema });
export type AdminBookingResponse = z.infer<typeof AdminBookingResponseSchema>;

/** Body of every booking action: an optional note that goes on the timeline. */
export const AdminBookingActionInputSchema = z
  .object({
    note: z
      .string()
      .trim()
      .max(500, { error: 'Note must be 500 characters or less' })
      .optional()
      .transform((v) => (v ? v : null)),
  })
  // Actions may be posted with no body at all (Fastify hands the schema null then).
  .nullish()
  .transform((v) => v ?? { note: null });
export type AdminBookingActionInput = z.input<typeof AdminBookingActionInputSchema>;

export const AdminBookingActionResponseSchema = z.object({
  message: z.string(),
  booking: AdminBookingDetailSchema,
});
export type AdminBookingActionResponse = z.infer<typeof AdminBookingActionResponseSchema>;

/** The refund a staff action is about: its payment reference (PAY-18); without it, the newest. */
const refundReference = z.string().trim().min(1).max(64).optional();

/** 'Retry refund' (PAY-18), for the refund staff pressed it on. */
export const AdminRetryRefundInputSchema = z.object({ reference: refundReference });
export type AdminRetryRefundInput = z.infer<typeof AdminRetryRefundInputSchema>;

/** 'Settled by hand' says how the money went back (PAY-18): the note is required. */
export const AdminSettleRefundInputSchema = z.object({
  note: z
    .string({ error: 'Say how the money was returned' })
    .trim()
    .min(1, { error: 'Say how the money was returned' })
    .max(500, { error: 'Note must be 500 characters or less' }),
  reference: refundReference,
});
export type AdminSettleRefundInput = z.infer<typeof AdminSettleRefundInputSchema>;
