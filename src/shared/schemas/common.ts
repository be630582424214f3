import { z } from 'zod';
import { isIsoDate } from '../dates';

/** PRODUCT.md P4: the one error body. `errors` only for validation failures. */
export const ErrorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/**
 * A required text field whose missing and empty forms both read `requiredMessage`
 * (a form sends '' where an API client may leave the field out).
 */
export const requiredText = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, { error: requiredMessage, abort: true });

/** A required 'YYYY-MM-DD' that must be a real calendar day. */
export const requiredIsoDate = (requiredMessage: string) =>
  requiredText(requiredMessage).refine(isIsoDate, {
    error: 'Enter a valid date (YYYY-MM-DD)',
    abort: true,
  });

export const PageQuerySchema = (defaultLimit: number, maxLimit: number) =>
  z.object({
    page: z.coerce.number({ error: 'Page must be a number' }).int().min(1).max(100_000).default(1),
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int()
      .min(1)
      .max(maxLimit)
      .default(defaultLimit),
  });

export const PagingSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  last_page: z.number().int(),
});
