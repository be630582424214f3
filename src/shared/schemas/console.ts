import { z } from 'zod';
import { AdminBookingSummarySchema } from './bookings.staff';
import { PagingSchema } from './common';
import { AdminPageQuerySchema, AdminPersonSchema, optionalSearch } from './staff-api';

/**
 * The staff console's own (STAFF-7, STAFF-8): the dashboard and the customers, under
 * /api/admin/dashboard and /api/admin/customers. Each domain's staff contract is beside its
 * renter one (cars.staff.ts, bookings.staff.ts…); what they all share is in staff-api.ts.
 */

// ---------------------------------------------------------------- dashboard

export const AdminMoneyDaySchema = z.object({ date: z.string(), amount: z.number() });

export const AdminDashboardResponseSchema = z.object({
  /** Today in Africa/Accra. */
  today: z.string(),
  /** Live bookings starting today (not yet picked up). */
  pickups: z.array(AdminBookingSummarySchema),
  /** Active bookings ending today, and overdue ones (ended before today, car not back). */
  returns: z.array(AdminBookingSummarySchema),
  needs_action: z.object({
    /** Pay-on-pickup bookings due (start today or earlier) whose cash is not recorded. */
    awaiting_cash: z.array(AdminBookingSummarySchema),
    /** Bookings with a payment flagged for staff (amount mismatch, paid after expiry, …). */
    flagged_payments: z.array(
      AdminBookingSummarySchema.extend({
        flagged_reason: z.string(),
        payment_reference: z.string(),
      }),
    ),
  }),
  /** Renters' documents waiting for a check (DOC-8): the console's Documents badge. */
  documents_waiting: z.number().int(),
  /**
   * Texts handed to the SMS provider today (Accra), and how many of them the network reported
   * not delivered (STAFF-36, MSG-13).
   */
  sms_today: z.object({ sent: z.number().int(), failed: z.number().int() }).nullable(),
  /** This month: booked days ÷ days the non-retired cars could be rented (maintenance excluded). */
  utilisation: z
    .object({
      month: z.string(),
      booked_days: z.number().int(),
      available_days: z.number().int(),
      /** 0 to 1; 0 when nothing is available. */
      rate: z.number(),
      cars: z.number().int(),
    })
    // The company's figures, here and below, are the owner's (ROLE-7): null for anyone else.
    .nullable(),
  /**
   * Rental income (HAND-9): successful payments (cash and mobile money) less the deposits they
   * carry, by the day they were made, in cedis.
   */
  revenue: z
    .object({
      this_month: z.object({ month: z.string(), amount: z.number(), payments: z.number().int() }),
      last_month: z.object({ month: z.string(), amount: z.number(), payments: z.number().int() }),
      /** Every day from the first of last month to today, oldest first (zeros included). */
      daily: z.array(AdminMoneyDaySchema),
    })
    .nullable(),
  /**
   * Deposits, apart from income (HAND-9): held now for cars that are out, and returned and
   * kept by this month's returns, in cedis. What was kept paid charges at the return, which
   * the revenue counts (HAND-13).
   */
  deposits: z
    .object({
      month: z.string(),
      held_now: z.number(),
      held_count: z.number().int(),
      returned: z.number(),
      kept: z.number(),
      returns: z.number().int(),
    })
    .nullable(),
});
export type AdminDashboardResponse = z.infer<typeof AdminDashboardResponseSchema>;
/** The dashboard as the owner gets it: every figure present (ROLE-7). */
export type OwnerDashboard = {
  [K in keyof AdminDashboardResponse]: NonNullable<AdminDashboardResponse[K]>;
};

// ---------------------------------------------------------------- customers

export const AdminCustomerSchema = AdminPersonSchema.extend({
  email: z.string().nullable(),
  created_at: z.string(),
  bookings_count: z.number().int(),
  /** Bookings still holding a car (pending, confirmed, active). */
  live_bookings_count: z.number().int(),
  last_booking_at: z.string().nullable(),
});
export type AdminCustomer = z.infer<typeof AdminCustomerSchema>;

export const AdminCustomerListQuerySchema = AdminPageQuerySchema.extend({
  /** Part of the name, or a phone number in any format (or its last digits). */
  q: optionalSearch,
});
export type AdminCustomerListQuery = z.infer<typeof AdminCustomerListQuerySchema>;

export const AdminCustomerListResponseSchema = PagingSchema.extend({
  customers: z.array(AdminCustomerSchema),
  /**
   * True when `total` is an estimate: past 10,000 matching rows the server does not count them
   * (and lists no page beyond the 10,000th row; `last_page` says how far it goes).
   */
  total_is_estimate: z.boolean(),
});
export type AdminCustomerListResponse = z.infer<typeof AdminCustomerListResponseSchema>;

/** One customer and a page of their bookings, newest first. */
export const AdminCustomerResponseSchema = PagingSchema.extend({
  customer: AdminCustomerSchema,
  bookings: z.array(AdminBookingSummarySchema),
});
export type AdminCustomerResponse = z.infer<typeof AdminCustomerResponseSchema>;
