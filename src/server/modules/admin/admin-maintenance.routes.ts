import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingCodeFromBytes } from '../../../shared/booking-code';
import { daysBetween, todayInAccra } from '../../../shared/dates';
import {
  AdminCarBlockParamsSchema,
  AdminIdParamsSchema,
  AdminMaintenanceInputSchema,
  AdminMaintenanceListResponseSchema,
  AdminMaintenanceResponseSchema,
  AdminMessageResponseSchema,
  adminMessages,
  type AdminMaintenanceBlock,
} from '../../../shared/schemas/admin';
import { ErrorResponseSchema } from '../../../shared/schemas/common';
import type { Executor } from '../../db/client';
import { withRetry } from '../../db/retry';
import { bookingEvents, bookings, users } from '../../db/schema/index';
import { HttpError, sqlState } from '../../http-errors';
import { recordBookingEvent } from '../bookings/booking-events';
import { expireStaleHolds } from '../bookings/bookings.repository';
import { hasOverlappingBooking } from '../cars/cars.repository';
import { adminDoc, authErrors } from './admin-openapi';
import { findCarRow, lockCarRow } from './admin-cars.repository';

const carNotFound = () => new HttpError(404, adminMessages.carNotFound);
const datesTaken = () =>
  new HttpError(409, adminMessages.datesTaken, { start_date: [adminMessages.datesTaken] });

/** Who made each block: the staff user on its 'maintenance_blocked' event. */
const blockColumns = {
  block: bookings,
  creator: { id: users.id, name: users.name, msisdn: users.msisdn },
};

async function loadBlocks(
  db: Executor,
  carId: number,
  where = gte(bookings.endDate, todayInAccra()),
) {
  const rows = await db
    .select(blockColumns)
    .from(bookings)
    .leftJoin(
      bookingEvents,
      and(eq(bookingEvents.bookingId, bookings.id), eq(bookingEvents.type, 'maintenance_blocked')),
    )
    .leftJoin(users, eq(users.id, bookingEvents.actorUserId))
    .where(
      and(
        eq(bookings.carId, carId),
        eq(bookings.kind, 'maintenance'),
        eq(bookings.status, 'confirmed'),
        where,
      ),
    )
    .orderBy(asc(bookings.startDate));
  return rows.map(toBlock);
}

function toBlock(row: {
  block: typeof bookings.$inferSelect;
  creator: AdminMaintenanceBlock['created_by'];
}): AdminMaintenanceBlock {
  return {
    id: row.block.id,
    car_id: row.block.carId,
    start_date: row.block.startDate,
    end_date: row.block.endDate,
    note: row.block.note,
    created_by: row.creator,
    created_at: row.block.createdAt.toISOString(),
  };
}

/**
 * Maintenance blocks: rows of `bookings` with kind 'maintenance', so the exclusion constraint
 * that keeps bookings apart keeps blocks and bookings apart too (docs/decisions/005). They are
 * made like bookings: lock the car row, free expired holds, check, insert, and map the
 * constraint's 23P01 to the same 409 when another process won the race.
 */
export const adminMaintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cars/:id/maintenance', {
    schema: {
      ...adminDoc,
      summary: "A car's maintenance blocks that end today or later",
      params: AdminIdParamsSchema,
      response: {
        200: AdminMaintenanceListResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      if (!(await findCarRow(app.db, request.params.id))) throw carNotFound();
      return { blocks: await loadBlocks(app.db, request.params.id) };
    },
  });

  app.post('/cars/:id/maintenance', {
    schema: {
      ...adminDoc,
      summary: 'Block dates for maintenance: no booking can take them',
      params: AdminIdParamsSchema,
      body: AdminMaintenanceInputSchema,
      response: {
        201: AdminMaintenanceResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const carId = request.params.id;
      const { start_date, end_date, note } = request.body;
      if (end_date < todayInAccra()) {
        throw new HttpError(422, adminMessages.blockInPast, {
          end_date: [adminMessages.blockInPast],
        });
      }
      const staffId = request.auth!.user.id;
      try {
        const id = await withRetry(() =>
          app.db.transaction(async (tx) => {
            if (!(await lockCarRow(tx, carId))) throw carNotFound();
            await expireStaleHolds(tx, carId);
            if (await hasOverlappingBooking(tx, carId, start_date, end_date)) throw datesTaken();
            const [row] = await tx
              .insert(bookings)
              .values({
                kind: 'maintenance',
                bookingCode: bookingCodeFromBytes(randomBytes(6)),
                userId: null,
                carId,
                startDate: start_date,
                endDate: end_date,
                // The same day count as a rental, which the days check constraint expects.
                days: Math.max(1, daysBetween(start_date, end_date)),
                pricePerDayPesewas: 0,
                lineCostPesewas: 0,
                depositPesewas: 0,
                totalPesewas: 0,
                destination: '',
                destinationType: 1,
                paymentMethod: 'none',
                status: 'confirmed',
                paymentStatus: 'unpaid',
                note,
              })
              .returning({ id: bookings.id });
            await recordBookingEvent(tx, {
              bookingId: row!.id,
              type: 'maintenance_blocked',
              actor: 'staff',
              actorUserId: staffId,
              note,
              data: { start_date, end_date },
            });
            return row!.id;
          }),
        );
        const [block] = await loadBlocks(app.db, carId, eq(bookings.id, id));
        return reply.status(201).send({ block: block! });
      } catch (error) {
        if (sqlState(error) === '23P01') throw datesTaken();
        throw error;
      }
    },
  });

  app.delete('/cars/:id/maintenance/:blockId', {
    schema: {
      ...adminDoc,
      summary: 'Remove a maintenance block, freeing its dates',
      params: AdminCarBlockParamsSchema,
      response: {
        200: AdminMessageResponseSchema,
        ...authErrors,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
      },
    },
    handler: async (request) => {
      const { id: carId, blockId } = request.params;
      const staffId = request.auth!.user.id;
      await app.db.transaction(async (tx) => {
        const [removed] = await tx
          .update(bookings)
          .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
          .where(
            and(
              eq(bookings.id, blockId),
              eq(bookings.carId, carId),
              eq(bookings.kind, 'maintenance'),
              eq(bookings.status, 'confirmed'),
            ),
          )
          .returning({ id: bookings.id });
        if (!removed) {
          const [existing] = await tx
            .select({ status: bookings.status })
            .from(bookings)
            .where(
              and(
                eq(bookings.id, blockId),
                eq(bookings.carId, carId),
                eq(bookings.kind, 'maintenance'),
              ),
            );
          if (!existing) throw new HttpError(404, adminMessages.blockNotFound);
          throw new HttpError(409, adminMessages.blockAlreadyRemoved);
        }
        await recordBookingEvent(tx, {
          bookingId: blockId,
          type: 'maintenance_removed',
          actor: 'staff',
          actorUserId: staffId,
        });
      });
      return { message: 'Maintenance block removed.' };
    },
  });
};
