import { z } from 'zod';
import { idField, PageQuerySchema } from './common';

/**
 * What every staff contract under /api/admin shares (STAFF-1; docs/admin-api.md lists the
 * endpoints): the page size and paging query, ids in paths and queries, the search box, the
 * plain message answer and a person as staff see them. Each domain's staff schemas are beside
 * its renter schemas (`cars.staff.ts`, `bookings.staff.ts`…), the console's own in
 * `console.ts`. Money is shown in cedis (as the renter API does) and stored in pesewas; dates
 * are 'YYYY-MM-DD' in Africa/Accra; timestamps are ISO 8601.
 */

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;

/** A search box's text: trimmed, and left out when empty. */
export const optionalSearch = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

export const AdminPageQuerySchema = PageQuerySchema(ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX);
export const AdminIdParamsSchema = z.object({ id: idField });

export const AdminMessageResponseSchema = z.object({ message: z.string() });

/** A user as staff see them next to a booking or a timeline entry. */
export const AdminPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  msisdn: z.string(),
});
export type AdminPerson = z.infer<typeof AdminPersonSchema>;
