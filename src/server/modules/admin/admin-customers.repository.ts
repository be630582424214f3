import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { LIVE_BOOKING_STATUSES } from '../../../shared/constants';
import type { AdminCustomer, AdminCustomerListQuery } from '../../../shared/schemas/admin';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';
import { pageOffset } from './admin-paging';
import { likeEscape, msisdnMatch } from './admin-search';

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

/** Renters, newest first, searched by name or phone; a page of them and how many match. */
export async function listAdminCustomers(db: Executor, query: AdminCustomerListQuery) {
  const { q, page, limit } = query;
  const where = and(
    isRenter,
    q ? or(ilike(users.name, `%${likeEscape(q)}%`), msisdnMatch(q)) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(customerColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(pageOffset(page, limit)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { customers: rows.map(toCustomer), total: Number(totals[0]?.total ?? 0) };
}
