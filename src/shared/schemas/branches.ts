import { z } from 'zod';
import { EXTRA_PRICE_KEYS } from '../pricing';
import { requiredText } from './common';

/** 'HH:MM', 24-hour Accra time (BOOK-10). */
export const CLOCK_TIME_REGEX = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
export const clockTime = (message: string) =>
  z.string().trim().regex(CLOCK_TIME_REGEX, { error: message });

/**
 * Runs a check across fields once those fields parsed, even when others failed, so one 422
 * lists every wrong field (BOOK-20); by default zod skips it while any field is wrong.
 */
export const whenFieldsValid = (...fields: string[]) => ({
  when: (payload: {
    value: unknown;
    issues: readonly { path?: readonly PropertyKey[] | undefined }[];
  }) =>
    // Not for a body that is no object at all: that is refused as a whole.
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0]))),
});

/** A pickup place as renters see it: GET /api/branches (BRANCH-1). */
export const BranchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  town: z.string(),
  address: z.string(),
  phone: z.string(),
  opens: z.string(),
  closes: z.string(),
  is_airport: z.boolean(),
});
export type Branch = z.infer<typeof BranchSchema>;
/**
 * What each extra costs, in cedis, for step 1's choices (PRICE-3, PRICE-4); the quote still
 * prices the booking. Optional so that a server which does not send it yet is still read.
 */
export const PublicExtraPricesSchema = z.object(
  Object.fromEntries(EXTRA_PRICE_KEYS.map((key) => [key, z.number()])) as Record<
    (typeof EXTRA_PRICE_KEYS)[number],
    z.ZodNumber
  >,
);
export type PublicExtraPrices = z.infer<typeof PublicExtraPricesSchema>;
export const BranchesResponseSchema = z.object({
  branches: z.array(BranchSchema),
  extra_prices: PublicExtraPricesSchema.optional(),
});
export type BranchesResponse = z.infer<typeof BranchesResponseSchema>;

/** The short form on cards, history and receipts. */
export const BranchSummarySchema = BranchSchema.pick({ id: true, name: true, town: true });
export type BranchSummary = z.infer<typeof BranchSummarySchema>;

/** Staff create or edit a branch (BRANCH-1): POST /api/admin/branches, PUT /api/admin/branches/{id}. */
export const BranchInputSchema = z
  .object({
    name: requiredText('Name is required').max(80, { error: 'Name must be 80 characters or less' }),
    town: requiredText('Town is required').max(60, { error: 'Town must be 60 characters or less' }),
    address: requiredText('Address is required').max(200, {
      error: 'Address must be 200 characters or less',
    }),
    phone: requiredText('Phone is required').max(20, {
      error: 'Phone must be 20 characters or less',
    }),
    opens: clockTime('Opening time must look like 07:00'),
    closes: clockTime('Closing time must look like 21:00'),
    is_airport: z.boolean().default(false),
  })
  .refine((v) => v.opens < v.closes, {
    path: ['closes'],
    message: 'Closing time must be after opening time',
    ...whenFieldsValid('opens', 'closes'),
  });
export type BranchInput = z.infer<typeof BranchInputSchema>;
export type BranchFormValues = z.input<typeof BranchInputSchema>;

/**
 * The extras' prices in cedis: GET and PUT /api/admin/extra-prices (PRICE-3, STAFF-12). An empty
 * field is 'Enter an amount in cedis', not 0 (a plain coercion would make the extra free).
 */
const extraAmount = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
  z
    .number({ error: 'Enter an amount in cedis' })
    .min(0, { error: 'An amount cannot be negative' })
    .max(100_000, { error: 'An amount must be GH₵ 100,000 or less' })
    .multipleOf(0.01, { error: 'Use at most two decimals' }),
);
export const ExtraPricesSchema = z.object(
  Object.fromEntries(EXTRA_PRICE_KEYS.map((key) => [key, extraAmount])) as Record<
    (typeof EXTRA_PRICE_KEYS)[number],
    typeof extraAmount
  >,
);
export type ExtraPricesInput = z.infer<typeof ExtraPricesSchema>;
export type ExtraPricesFormValues = z.input<typeof ExtraPricesSchema>;
