import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { MAX_UNPAID_UPCOMING_BOOKINGS } from '../../../shared/constants';
import { todayInAccra } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import type { Executor } from '../../db/client';
import { bookings } from '../../db/schema/index';
import { HttpError } from '../../http-errors';
import { holdsCar } from '../cars/cars.repository';

/**
 * The first key of the two-key advisory lock a renter's booking transactions take (LIMIT-13):
 * any constant of this app's own; the second key is the user id.
 */
const UNPAID_LIMIT_LOCK = 19_013;

/**
 * Benchmarks only (scripts/bench/server.ts --no-unpaid-limit): the creation bench has each
 * connection's renter make hundreds of pay-on-pickup bookings, which LIMIT-13 would refuse
 * after three. Always on in the app.
 */
export const unpaidLimitSwitch = { enabled: true };

/** The renter's bookings that hold a car, have not started and are not paid (LIMIT-13). */
export async function countUnpaidUpcoming(db: Executor, userId: number, today = todayInAccra()) {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.kind, 'rental'),
        inArray(bookings.status, ['pending', 'confirmed']),
        inArray(bookings.paymentStatus, ['unpaid', 'pending']),
        gte(bookings.startDate, today),
        holdsCar,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * At most 3 unpaid upcoming bookings per renter (LIMIT-13), inside the booking transaction.
 * Two creates of one renter for different cars run side by side (the car lock does not order
 * them), so the count is taken under a per-renter transaction lock: the second waits for the
 * first to commit and then counts its booking too. Taken after the car's row lock, always in
 * that order, so the two locks cannot deadlock.
 */
export async function assertMayHoldAnotherUnpaid(db: Executor, userId: number) {
  if (!unpaidLimitSwitch.enabled) return;
  await db.execute(sql`select pg_advisory_xact_lock(${UNPAID_LIMIT_LOCK}, ${userId})`);
  if ((await countUnpaidUpcoming(db, userId)) >= MAX_UNPAID_UPCOMING_BOOKINGS) {
    throw new HttpError(409, messages.booking.tooManyUnpaid);
  }
}
