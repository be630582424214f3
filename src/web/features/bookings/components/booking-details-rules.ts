import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { isIsoDate } from '../../../../shared/dates';
import { BookingDetailsSchema, checkBookingDates } from '../../../../shared/schemas/bookings';
import {
  isBookingDetailField,
  type BookingDetailsInput,
  type BookingDetailsOutput,
} from './booking-form-types';

const DatesSchema = z
  .object({ start_date: z.string(), end_date: z.string() })
  .superRefine((dates, ctx) => checkBookingDates(dates, ctx));

/**
 * Validates step 1 with the shared BookingDetailsSchema (loaded after the page has rendered:
 * booking-details-resolver.ts), reading each field's message from
 * the schema's own issue. Why not zodResolver: it reports a union's first branch message
 * ('Invalid input: expected 1') instead of destination_type's 'Please select a destination
 * type', and zod skips the date rules while any other field is invalid, so 'End date cannot
 * be before start date' would only appear once the destination was filled in.
 */
export const bookingDetailsRules: Resolver<
  BookingDetailsInput,
  unknown,
  BookingDetailsOutput
> = async (values) => {
  const result = BookingDetailsSchema.safeParse(values);
  if (result.success) return { values: result.data, errors: {} };

  const errors: FieldErrors<BookingDetailsInput> = {};
  const add = (issue: z.core.$ZodIssue) => {
    const field = issue.path[0];
    if (typeof field === 'string' && isBookingDetailField(field) && !errors[field]) {
      errors[field] = { type: issue.code, message: issue.message };
    }
  };
  result.error.issues.forEach(add);
  if (isIsoDate(String(values.start_date)) && isIsoDate(String(values.end_date))) {
    DatesSchema.safeParse(values).error?.issues.forEach(add);
  }
  return { values: {}, errors };
};
