import { customerAtBranches } from '../../staff-api/branch-scope';
import { and, count, desc, eq, ilike, inArray, max, or, sql } from 'drizzle-orm';
import { LIVE_BOOKING_STATUSES } from '../../../shared/constants';
import type { AdminCustomer, AdminCustomerListQuery } from '../../../shared/schemas/console';
import type { Executor } from '../../db/client';
import { bookings, users } from '../../db/schema/index';
import { holdsCar } from '../cars/cars.repository';
import { countRowsUpToLimit, isBeyondListedRows, pageOffset } from '../../staff-api/paging';
import { likeEscape, msisdnMatch } from '../../staff-api/search';

const liveStatuses = sql.raw(LIVE_BOOKING_STATUSES.map((s) => `'${s}'`).join(','));

/**
 * A renter with counts of their bookings (rentals only: blocks have no renter). The subqueries
 * name their tables explicitly: in a one-table select Drizzle leaves columns unqualified, and
 * "user_id = id" inside the subquery would compare two columns of bookings.
 */
const ofUser = sql.raw('b.user_id = "users"."id"');
const customerColumns = {
  id: users.id,
  name: users.name,
  msisdn: users.msisdn,
  email: users.email,
  createdAt: users.createdAt,
  bookingsCount: sql<number>`(select count(*) from bookings b where ${ofUser})`.mapWith(Number),
  liveBookingsCount: sql<number>`(select count(*) from bookings b where ${ofUser}
    and b.status in (${liveStatuses}) and (b.hold_expires_at is null or b.hold_expires_at > now()))`.mapWith(
    Number,
  ),
  lastBookingAt: sql<string | null>`(select max(b.created_at) from bookings b where ${ofUser})`,
};

type CustomerRow = {
  id: number;
  name: string;
  msisdn: string;
  email: string | null;
  createdAt: Date;
  bookingsCount: number;
  liveBookingsCount: number;
  lastBookingAt: string | Date | null;
};

const toCustomer = (row: CustomerRow): AdminCustomer => ({
  id: row.id,
  name: row.name,
  msisdn: row.msisdn,
  email: row.email,
  created_at: row.createdAt.toISOString(),
  bookings_count: row.bookingsCount,
  live_bookings_count: row.liveBookingsCount,
  // A raw subquery's timestamp comes back as text from one driver and a Date from another.
  last_booking_at: row.lastBookingAt === null ? null : new Date(row.lastBookingAt).toISOString(),
});

const isRenter = eq(users.role, 'renter');

/** A renter by id, with their booking counts; undefined for anyone else. */
export async function findAdminCustomer(db: Executor, id: number) {
  const [row] = await db
    .select(customerColumns)
    .from(users)
    .where(and(isRenter, eq(users.id, id)));
  return row ? toCustomer(row) : undefined;
}

/**
 * Renters, newest first, searched by name or phone (trigram indexes); a page of them and how
 * many match (PERF-4). The page's users are found first (an index walk in created_at order,
 * bounded by LISTED_ROWS_LIMIT) and only they get their booking counts, in one grouped query
 * over bookings_user_id_created_idx, rather than three subqueries for every row skipped.
 */
export async function listAdminCustomers(
  db: Executor,
  query: AdminCustomerListQuery,
  branchIds: readonly number[] | null = null,
) {
  const { q, page, limit } = query;
  const where = and(
    isRenter,
    branchIds ? customerAtBranches(branchIds) : undefined,
    q ? or(ilike(users.name, `%${likeEscape(q)}%`), msisdnMatch(q)) : undefined,
  );
  const [people, matched] = await Promise.all([
    isBeyondListedRows(page, limit)
      ? []
      : db
          .select({
            id: users.id,
            name: users.name,
            msisdn: users.msisdn,
            email: users.email,
            createdAt: users.createdAt,
          })
          .from(users)
          // The page's ids first, from the index alone; only those rows are read.
          .where(
            inArray(
              users.id,
              db
                .select({ id: users.id })
                .from(users)
                .where(where)
                .orderBy(desc(users.createdAt), desc(users.id))
                .limit(limit)
                .offset(pageOffset(page, limit)),
            ),
          )
          .orderBy(desc(users.createdAt), desc(users.id)),
    countRowsUpToLimit(
      db,
      db
        .select({ id: users.id })
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id)),
    ),
  ]);
  const ids = people.map((p) => p.id);
  const stats = ids.length
    ? await db
        .select({
          userId: bookings.userId,
          bookingsCount: count(),
          liveBookingsCount: sql<number>`count(*) filter (where ${holdsCar})`.mapWith(Number),
          lastBookingAt: max(bookings.createdAt),
        })
        .from(bookings)
        .where(inArray(bookings.userId, ids))
        .groupBy(bookings.userId)
    : [];
  const statsOf = new Map(stats.map((s) => [s.userId, s]));
  const customers = people.map((p) => {
    const s = statsOf.get(p.id);
    return toCustomer({
      ...p,
      bookingsCount: Number(s?.bookingsCount ?? 0),
      liveBookingsCount: s?.liveBookingsCount ?? 0,
      lastBookingAt: s?.lastBookingAt ?? null,
    });
  });
  return { customers, count: matched };
}
