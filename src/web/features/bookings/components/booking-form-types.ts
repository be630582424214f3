import type { z } from 'zod';
import type { BookingDetailsSchema } from '../../../../shared/schemas/bookings';

/** What the step 1 inputs hold (strings from the DOM) and what a valid form yields. */
export type BookingDetailsInput = z.input<typeof BookingDetailsSchema>;
export type BookingDetailsOutput = z.output<typeof BookingDetailsSchema>;

export const BOOKING_DETAIL_FIELDS = [
  'start_date',
  'end_date',
  'destination',
  'destination_type',
] as const;
export type BookingDetailField = (typeof BOOKING_DETAIL_FIELDS)[number];

export const isBookingDetailField = (name: string): name is BookingDetailField =>
  (BOOKING_DETAIL_FIELDS as readonly string[]).includes(name);
