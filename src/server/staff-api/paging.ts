import { type SQLWrapper, sql } from 'drizzle-orm';
import { lastPageOf } from '../../shared/pagination';
import { type Executor, rowsOf } from '../db/client';

/** The paging fields of every staff list answer (`page` counts from 1). */
export const paging = (total: number, page: number, limit: number) => ({
  total,
  page,
  limit,
  last_page: lastPageOf(total, limit),
});

/** How many rows come before `page` of `limit` rows. */
export const pageOffset = (page: number, limit: number) => (page - 1) * limit;

/**
 * The staff lists of bookings and customers grow without end. Past this many rows a count is an
 * estimate and no page is listed (PERF-3, PERF-4): counting or skipping 600,000 rows on every
 * page turn is what took the pool down; staff narrow a long list with its filters instead.
 */
export const LISTED_ROWS_LIMIT = 10_000;

/** Whether a page starts beyond the rows a list shows (answered as an empty page). */
export const isBeyondListedRows = (page: number, limit: number) =>
  pageOffset(page, limit) >= LISTED_ROWS_LIMIT;

export interface RowCount {
  total: number;
  /** True when `total` is the planner's estimate (more than LISTED_ROWS_LIMIT matched). */
  estimated: boolean;
}

/**
 * Counts the rows of `rows` (a select in the list's order, without limit) exactly up to
 * LISTED_ROWS_LIMIT, reading at most that many, from the index of the list's order; beyond,
 * answers the planner's estimate of them (EXPLAIN, no rows read).
 */
export async function countRowsUpToLimit(db: Executor, rows: SQLWrapper): Promise<RowCount> {
  const [counted] = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*) as n from (select 1 from (${rows}) listed limit ${LISTED_ROWS_LIMIT + 1}) capped`,
    ),
  );
  const exact = Number(counted?.n ?? 0);
  if (exact <= LISTED_ROWS_LIMIT) return { total: exact, estimated: false };
  const [plan] = rowsOf<{ 'QUERY PLAN': unknown }>(
    await db.execute(sql`explain (format json) select 1 from (${rows}) listed`),
  );
  const raw = plan?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [
    { Plan: { 'Plan Rows': number } },
  ];
  return { total: Math.max(exact, Math.round(parsed[0].Plan['Plan Rows'])), estimated: true };
}

/**
 * The paging fields of a list whose total may be an estimate: the last page is never beyond the
 * rows the list shows.
 */
export const estimatedPaging = (count: RowCount, page: number, limit: number) => ({
  ...paging(count.total, page, limit),
  last_page: Math.min(
    lastPageOf(count.total, limit),
    Math.max(1, Math.floor(LISTED_ROWS_LIMIT / limit)),
  ),
  total_is_estimate: count.estimated,
});
