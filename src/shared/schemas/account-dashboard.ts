import { z } from 'zod';
import { BOOKING_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../constants';
import { BranchSchema } from './branches';
import { CarImageSchema, CarSchema } from './cars';

/**
 * GET /api/account/dashboard (AREA-1 to AREA-4): the renter's own dashboard in one answer.
 */

/** The car of a trip, as the dashboard shows it: its name and first photo. */
const TripCarSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: CarImageSchema.nullable(),
});

/** AREA-2: the trip under way, or else the next one. */
export const DashboardTripSchema = z.object({
  booking_code: z.string(),
  status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  /** The car is out: `return_at` is what the countdown counts to, else `pickup_at`. */
  under_way: z.boolean(),
  car: TripCarSchema,
  branch: BranchSchema,
  start_date: z.string(),
  pickup_time: z.string(),
  end_date: z.string(),
  return_time: z.string(),
  /** ISO instants of pickup and return (Accra time). */
  pickup_at: z.string(),
  return_at: z.string(),
  delivery_address: z.string().nullable(),
});
export type DashboardTrip = z.infer<typeof DashboardTripSchema>;

/**
 * AREA-3: one sum the renter owes, with the way to pay it: `pay_now` (a pay-on-pickup booking,
 * payable by mobile money now or at pickup), `approve` (a mobile money prompt waits on the
 * phone), `top_up` (a change's difference by mobile money), `at_counter` (paid at the branch).
 */
export const OWED_KINDS = ['pay_now', 'approve', 'top_up', 'at_counter'] as const;
export type OwedKind = (typeof OWED_KINDS)[number];
export const OwedSchema = z.object({
  booking_code: z.string(),
  car_title: z.string(),
  kind: z.enum(OWED_KINDS),
  /** Cedis. */
  amount: z.number(),
  start_date: z.string(),
});
export type Owed = z.infer<typeof OwedSchema>;

export const PastTripSchema = z.object({
  booking_code: z.string(),
  car: TripCarSchema,
  start_date: z.string(),
  end_date: z.string(),
  /** REVIEW-1: not reviewed yet, so the dashboard asks for one. */
  can_review: z.boolean(),
});
export type PastTrip = z.infer<typeof PastTripSchema>;

/**
 * The tiles' figures (AREA-1), one field per tile in the first version's order. A figure another module
 * owns joins here with one field (and one tile in the web's dashboard-tiles.tsx): e.g.
 * `saved_searches: z.number().int()` and `unread_messages: z.number().int()`.
 */
export const DashboardFiguresSchema = z.object({
  /** The renter's bookings that were not cancelled: past, under way and to come. */
  trips: z.number().int(),
  /** The renter's saved searches (SAVED-1), ended ones included: they are still listed. */
  saved_searches: z.number().int(),
  /** Messages from the company the renter has not read yet (CONV-13). */
  unread_messages: z.number().int(),
  favourites: z.number().int(),
});
export type DashboardFigures = z.infer<typeof DashboardFiguresSchema>;

const DocumentStateSchema = z.enum(['verified', 'pending', 'rejected', 'missing']);

export const DashboardResponseSchema = z.object({
  figures: DashboardFiguresSchema,
  trip: DashboardTripSchema.nullable(),
  owed: z.array(OwedSchema),
  /** Where each document stands (DOC-1): what to bring to the counter. */
  documents: z.object({ ghana_card: DocumentStateSchema, driving_licence: DocumentStateSchema }),
  past_trips: z.array(PastTripSchema),
  /** The newest few favourites (all of them on /favorite). */
  favourites: z.array(CarSchema),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;
