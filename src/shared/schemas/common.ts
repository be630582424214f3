import { z } from 'zod';

/** API-2: the one error body. `errors` only for validation failures. */
export const ErrorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/**
 * A required text field whose missing and empty forms both read `requiredMessage`
 * (a form sends '' where an API client may leave the field out). Blank is empty: the rule is
 * "has a character that is not white space", a pattern the OpenAPI document can show.
 */
export const requiredText = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().regex(/\S/, { error: requiredMessage, abort: true });

const INVALID_DATE = 'Enter a valid date (YYYY-MM-DD)';

/**
 * 'YYYY-MM-DD', a real calendar day. zod's date format knows month lengths and leap years, and
 * the OpenAPI document shows it (format: date and its pattern). There is no year 0 (PostgreSQL
 * refuses it).
 */
// (The year check comes first: zod's document shows the format of the last format check.)
const calendarDate = z
  .string({ error: INVALID_DATE })
  .regex(/^(?!0000)/, { error: INVALID_DATE })
  .check(z.iso.date({ error: INVALID_DATE }));

/** A required 'YYYY-MM-DD' that must be a real calendar day. */
export const requiredIsoDate = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .regex(/^(?!0000)/, { error: INVALID_DATE, abort: true })
    .check(z.iso.date({ error: INVALID_DATE }));

/** An optional 'YYYY-MM-DD' filter; empty (as a form sends it) is the same as left out. */
export const optionalIsoDate = z
  .union([z.literal(''), calendarDate], { error: INVALID_DATE })
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * For a number in a JSON body: text that holds a number becomes that number (forms send text),
 * anything else is left for the number schema to refuse. A plain coercion would also read true
 * as 1 and [] as 0, which the document (type: integer) does not allow.
 */
export const numberFromText = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : value;

/** An id in a path, a query or a body: a whole number PostgreSQL's integer can hold. */
export const idField = z.preprocess(
  numberFromText,
  z.number({ error: 'Must be a number' }).int().min(1).max(2_147_483_647),
);

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
