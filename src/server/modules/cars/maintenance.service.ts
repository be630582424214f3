import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, type SQL } from 'drizzle-orm';
import { bookingCodeFromBytes } from '../../../shared/booking-code';
import { daysBetween, todayInAccra } from '../../../shared/dates';
import type {
  AdminMaintenanceBlock,
  AdminMaintenanceInput,
} from '../../../shared/schemas/cars.staff';
import { adminMessages } from '../../../shared/staff-messages';
import type { Database, Executor } from '../../db/client';
import { withRetry } from '../../db/retry';
import { bookingEvents, bookings, users } from '../../db/schema/index';
import { HttpError, sqlState } from '../../http-errors';
import {
  applyTransition,
  expireStaleHolds,
  insertMaintenanceBlock,
} from '../bookings/booking-lifecycle';
import { hasOverlappingBooking } from './cars.repository';
import { findCarRow, lockCarRow } from './cars.staff.repository';

/**
 * Maintenance blocks: rows of `bookings` with kind 'maintenance', so the exclusion constraint
 * that keeps bookings apart keeps blocks and bookings apart too (docs/decisions/005). They are
 * made like bookings: lock the car row, free expired holds, check, insert, and map the
 * constraint's 23P01 to the same 409 when another process won the race.
 */

const carNotFound = () => new HttpError(404, adminMessages.carNotFound);
const datesTaken = () =>
  new HttpError(409, adminMessages.datesTaken, { start_date: [adminMessages.datesTaken] });

/** Who made each block: the staff user on its 'maintenance_blocked' event. */
const blockColumns = {
  block: bookings,
  creator: { id: users.id, name: users.name, msisdn: users.msisdn },
};

async function loadBlocks(db: Executor, carId: number, where: SQL) {
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

/** A car's blocks that end today or later. */
export async function listMaintenanceBlocks(db: Database, carId: number) {
  if (!(await findCarRow(db, carId))) throw carNotFound();
  return loadBlocks(db, carId, gte(bookings.endDate, todayInAccra()));
}

export async function addMaintenanceBlock(
  db: Database,
  carId: number,
  input: AdminMaintenanceInput,
  staffId: number,
): Promise<AdminMaintenanceBlock> {
  const { start_date, end_date, note } = input;
  if (end_date < todayInAccra()) {
    throw new HttpError(422, adminMessages.blockInPast, {
      end_date: [adminMessages.blockInPast],
    });
  }
  try {
    const id = await withRetry(() =>
      db.transaction(async (tx) => {
        const car = await lockCarRow(tx, carId);
        if (!car) throw carNotFound();
        await expireStaleHolds(tx, carId);
        if (await hasOverlappingBooking(tx, carId, start_date, end_date)) throw datesTaken();
        return insertMaintenanceBlock(
          tx,
          {
            bookingCode: bookingCodeFromBytes(randomBytes(6)),
            carId,
            // A block stands where the car stands (BRANCH-3).
            branchId: car.branchId,
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
            note,
          },
          { userId: staffId, note, data: { start_date, end_date } },
        );
      }),
    );
    const [block] = await loadBlocks(db, carId, eq(bookings.id, id));
    return block!;
  } catch (error) {
    if (sqlState(error) === '23P01') throw datesTaken();
    throw error;
  }
}

/** Frees a block's dates: 404 when the car has no such block, 409 when it is gone already. */
export async function removeMaintenanceBlock(
  db: Database,
  carId: number,
  blockId: number,
  staffId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [block] = await tx
      .select()
      .from(bookings)
      .where(
        and(eq(bookings.id, blockId), eq(bookings.carId, carId), eq(bookings.kind, 'maintenance')),
      );
    if (!block) throw new HttpError(404, adminMessages.blockNotFound);
    await applyTransition(tx, 'maintenance_removed', block, { actor: 'staff', userId: staffId });
  });
}
