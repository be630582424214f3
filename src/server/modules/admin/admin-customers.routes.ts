import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE_BOOKING_STATUSES } from '../../../shared/constants';
import {
  AdminCustomerListQuerySchema,
  AdminCustomerListResponseSchema,
  AdminCustomerResponseSchema,
  AdminIdParamsSchema,
  adminMessages,
  AdminPageQuerySchema,
  type AdminCustomer,
} from '../../../shared/schemas/admin';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import type { Executor } from '../../db/client';
import { bookings, users } from '../../db/schema/index';
import { HttpError } from '../../http-errors';
import {
  adminDoc,
  authErrors,
  likeEscape,
  msisdnMatch,
  paging,
  summariesWhere,
  toAdminBookingSummary,
} from './admin-common';

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

async function findCustomer(db: Executor, id: number) {
  const [row] = await db
    .select(customerColumns)
    .from(users)
    .where(and(isRenter, eq(users.id, id)));
  return row ? toCustomer(row) : undefined;
}

export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/customers', {
    schema: {
      ...adminDoc,
      summary: 'Renters, newest first, searchable by name or phone, with booking counts',
      querystring: AdminCustomerListQuerySchema,
      response: { 200: AdminCustomerListResponseSchema, ...authErrors, 422: ErrorResponseSchema },
    },
    handler: async (request) => {
      const { q, page, limit } = request.query;
      const where = and(
        isRenter,
        q ? or(ilike(users.name, `%${likeEscape(q)}%`), msisdnMatch(q)) : undefined,
      );
      const [rows, totals] = await Promise.all([
        app.db
          .select(customerColumns)
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ total: count() }).from(users).where(where),
      ]);
      return {
        customers: rows.map(toCustomer),
        ...paging(Number(totals[0]?.total ?? 0), page, limit),
      };
    },
  });

  app.get('/customers/:id', {
    schema: {
      ...adminDoc,
      summary: 'One renter and a page of their bookings, newest first',
      params: AdminIdParamsSchema,
      querystring: AdminPageQuerySchema,
      response: {
        200: AdminCustomerResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const { page, limit } = request.query;
      const customer = await findCustomer(app.db, request.params.id);
      if (!customer) throw new HttpError(404, adminMessages.customerNotFound);
      const rows = await summariesWhere(app.db, eq(bookings.userId, customer.id))
        .orderBy(desc(bookings.createdAt), desc(bookings.id))
        .limit(limit)
        .offset((page - 1) * limit);
      return {
        customer,
        bookings: rows.map(toAdminBookingSummary),
        ...paging(customer.bookings_count, page, limit),
      };
    },
  });
};
