import type { z } from 'zod';
import type { ChangeBookingInputSchema } from '../../../../shared/schemas/bookings';

/*
 * Step 1 collects what create, quote and change share: dates, destination, times and extras
 * (ChangeBookingInputSchema is exactly that). `delivery` is the form's own switch: with it
 * off, no address is sent whatever the field still holds.
 */

/** What the step 1 inputs hold (strings and switches from the DOM). */
export type BookingDetailsInput = z.input<typeof ChangeBookingInputSchema> & { delivery?: boolean };
/** What a valid step 1 yields, as the API takes it. */
export type BookingDetailsOutput = z.output<typeof ChangeBookingInputSchema>;

export const BOOKING_DETAIL_FIELDS = [
  'start_date',
  'end_date',
  'pickup_time',
  'return_time',
  'destination',
  'destination_type',
  'chauffeur',
  'child_seat',
  'delivery_address',
] as const;
export type BookingDetailField = (typeof BOOKING_DETAIL_FIELDS)[number];

export const isBookingDetailField = (name: string): name is BookingDetailField =>
  (BOOKING_DETAIL_FIELDS as readonly string[]).includes(name);
