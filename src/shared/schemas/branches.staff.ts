import { z } from 'zod';
import { EXTRA_PRICE_KEYS } from '../pricing';
import { BranchSchema } from './branches';

/**
 * Staff's side of the branches and the extras' prices (STAFF-10, STAFF-12), under
 * /api/admin/branches and /api/admin/extra-prices. What renters see, and the bodies staff
 * send, are in branches.ts.
 */

/** A branch as staff see it (STAFF-10): what renters see, and how many cars stand there. */
export const AdminBranchSchema = BranchSchema.extend({
  /** Cars on offer at this branch (retired ones are not counted). */
  car_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminBranch = z.infer<typeof AdminBranchSchema>;

/** A branch in the list, with whether it is one of the staff member's (ROLE-2). */
export const AdminBranchListItemSchema = AdminBranchSchema.extend({
  /** True for the branches a manager or an agent works at, and for every branch for the owner. */
  yours: z.boolean(),
});
export type AdminBranchListItem = z.infer<typeof AdminBranchListItemSchema>;

/** Every branch, by name (there are a handful: no paging). */
export const AdminBranchListResponseSchema = z.object({
  branches: z.array(AdminBranchListItemSchema),
});
export type AdminBranchListResponse = z.infer<typeof AdminBranchListResponseSchema>;
export const AdminBranchResponseSchema = z.object({ branch: AdminBranchSchema });
export type AdminBranchResponse = z.infer<typeof AdminBranchResponseSchema>;

/** The extras' prices in cedis (STAFF-12), the body of PUT /api/admin/extra-prices as well. */
export const AdminExtraPricesResponseSchema = z.object({
  prices: z.object(
    Object.fromEntries(EXTRA_PRICE_KEYS.map((key) => [key, z.number()])) as Record<
      (typeof EXTRA_PRICE_KEYS)[number],
      z.ZodNumber
    >,
  ),
  /** When a price was last changed; null if never since they were set up. */
  updated_at: z.string().nullable(),
});
export type AdminExtraPricesResponse = z.infer<typeof AdminExtraPricesResponseSchema>;
