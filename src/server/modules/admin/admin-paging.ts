import { lastPageOf } from '../../../shared/pagination';

/** The paging fields of every staff list answer (`page` counts from 1). */
export const paging = (total: number, page: number, limit: number) => ({
  total,
  page,
  limit,
  last_page: lastPageOf(total, limit),
});

/** How many rows come before `page` of `limit` rows. */
export const pageOffset = (page: number, limit: number) => (page - 1) * limit;
