import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { horizonEnd } from '../../../../shared/availability';
import { isIsoDate, timeInAccra, todayInAccra } from '../../../../shared/dates';
import { messages } from '../../../../shared/messages';
import { ChangeBookingInputSchema, checkBookingDates } from '../../../../shared/schemas/bookings';
import { DELIVERY_ADDRESS_REQUIRED } from './booking-details-resolver';
import {
  isBookingDetailField,
  type BookingDetailsInput,
  type BookingDetailsOutput,
} from './booking-form-types';

const DatesSchema = z
  .object({ start_date: z.string(), end_date: z.string() })
  .superRefine((dates, ctx) => checkBookingDates(dates, ctx));

/**
 * Validates step 1 with the shared schema (the one create, quote and change use; loaded after
 * the page has rendered: booking-details-resolver.ts), reading each field's message from the
 * schema's own issue. Why not zodResolver: it reports a union's first
 * branch message ('Invalid input: expected 1') instead of destination_type's 'Please select a
 * destination type', and zod skips the date rules while any other field is invalid, so 'End
 * date cannot be before start date' would only appear once the destination was filled in.
 */
export const bookingDetailsRules: Resolver<
  BookingDetailsInput,
  unknown,
  BookingDetailsOutput
> = async ({ delivery, ...values }) => {
  const address = delivery ? (values.delivery_address ?? '') : '';
  const result = ChangeBookingInputSchema.safeParse({ ...values, delivery_address: address });
  const errors: FieldErrors<BookingDetailsInput> = {};
  const add = (field: string, type: string, message: string) => {
    if (isBookingDetailField(field) && !errors[field]) errors[field] = { type, message };
  };
  if (delivery && address.trim() === '') {
    add('delivery_address', 'required', DELIVERY_ADDRESS_REQUIRED);
  }
  // The server's horizon (LIMIT-14) said on step 1, and no pickup in the past (BOOK-16).
  const today = todayInAccra();
  const start = String(values.start_date);
  if (isIsoDate(start) && start > horizonEnd(today)) {
    add('start_date', 'custom', messages.booking.tooFarAhead);
  }
  if (start === today && String(values.pickup_time) <= timeInAccra()) {
    add('pickup_time', 'custom', messages.booking.pickupPassed);
  }
  if (result.success && Object.keys(errors).length === 0) {
    return { values: result.data, errors: {} };
  }
  const addIssue = (issue: z.core.$ZodIssue) => {
    const field = issue.path[0];
    if (typeof field === 'string') add(field, issue.code, issue.message);
  };
  result.error?.issues.forEach(addIssue);
  if (isIsoDate(String(values.start_date)) && isIsoDate(String(values.end_date))) {
    DatesSchema.safeParse(values).error?.issues.forEach(addIssue);
  }
  return { values: {}, errors };
};
