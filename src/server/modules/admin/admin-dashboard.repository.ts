import { and, asc, desc, eq, inArray, isNotNull, lte, notInArray, sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '../../../shared/constants';
import { type Database, rowsOf } from '../../db/client';
import { bookings, branches, cars, payments, users } from '../../db/schema/index';
import { holdsCar } from '../cars/cars.repository';
import {
  bookingSummaryColumns,
  isRental,
  summariesWhere,
} from './admin-booking-summaries.repository';

// The dashboard's queries: each list is short by design (the bookings page has the rest).

const byStart = [asc(bookings.startDate), asc(bookings.id)] as const;

/** Rentals to be picked up on `today` that still hold their car. */
export const pickupsOn = (db: Database, today: string, limit: number) =>
  summariesWhere(
    db,
    inArray(bookings.status, ['pending', 'confirmed']),
    eq(bookings.startDate, today),
    holdsCar,
  )
    .orderBy(...byStart)
    .limit(limit);

/** Due back today, and overdue ones (the car is still out after its end date). */
export const returnsDueBy = (db: Database, today: string, limit: number) =>
  summariesWhere(db, eq(bookings.status, 'active'), lte(bookings.endDate, today))
    .orderBy(asc(bookings.endDate), asc(bookings.id))
    .limit(limit);

/** Pay-on-pickup rentals whose day has come and whose cash is not recorded. */
export const awaitingCashBy = (db: Database, today: string, limit: number) =>
  summariesWhere(
    db,
    eq(bookings.paymentMethod, 'payOnPickup'),
    eq(bookings.status, 'pending'),
    eq(bookings.paymentStatus, 'unpaid'),
    lte(bookings.startDate, today),
  )
    .orderBy(...byStart)
    .limit(limit);

/** A flag needs staff until the money is sorted out: refunded payments drop off. */
export const flaggedPayments = (db: Database, limit: number) =>
  db
    .select({
      ...bookingSummaryColumns,
      flaggedReason: payments.flaggedReason,
      reference: payments.reference,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(branches, eq(branches.id, bookings.branchId))
    .where(
      and(
        isRental,
        isNotNull(payments.flaggedReason),
        notInArray(payments.status, ['refunded', 'refund_pending']),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);

/**
 * Booked and available car-days of the cars on offer over a whole month (STAFF-7: each car
 * counts every day of the month, as the label says), and how many cars that is.
 */
export async function fleetUtilisation(db: Database, start: string, end: string) {
  // Calendar days a car is held, both ends included (as the exclusion constraint counts them),
  // clipped to the month; over the cars on offer now.
  const [row] = rowsOf<{
    cars: number;
    car_days: number;
    booked_days: number;
    maintenance_days: number;
  }>(
    await db.execute(sql`
      with m as (select ${start}::date as s, ${end}::date as e),
      fleet as (select c.id from cars c where c.retired_at is null),
      -- The month's bookings through the range index (PERF-5): the same expression as
      -- bookings_days_idx, over constants, so only this month's rows are read.
      month_bookings as (
        select b.car_id, b.kind, b.start_date, b.end_date from bookings b
        where daterange(b.start_date, b.end_date, '[]') && daterange(${start}::date, ${end}::date, '[]')
          and (
            (b.kind = 'rental' and (b.status in ('confirmed', 'active', 'completed')
              or (b.status = 'pending' and (b.hold_expires_at is null or b.hold_expires_at > now()))))
            or (b.kind = 'maintenance' and b.status = 'confirmed')
          )
      ),
      held as (
        select b.kind, least(b.end_date, m.e) - greatest(b.start_date, m.s) + 1 as days
        from month_bookings b join fleet f on f.id = b.car_id, m
      )
      select
        (select count(*) from fleet)::int as cars,
        ((select count(*) from fleet) * (select e - s + 1 from m))::int as car_days,
        coalesce((select sum(days) from held where kind = 'rental' and days > 0), 0)::int as booked_days,
        coalesce((select sum(days) from held where kind = 'maintenance' and days > 0), 0)::int as maintenance_days`),
  );
  const carDays = Number(row?.car_days ?? 0);
  const booked = Number(row?.booked_days ?? 0);
  const available = Math.max(0, carDays - Number(row?.maintenance_days ?? 0));
  return {
    booked_days: booked,
    available_days: available,
    rate: available ? Math.min(1, booked / available) : 0,
    cars: Number(row?.cars ?? 0),
  };
}

/**
 * Rental income per Accra day from `from` on, in pesewas (HAND-9): successful payments (cash
 * and mobile money) less the deposit a booking's payment carries, which is the renter's money
 * held, not income. Read through payments_success_paid_idx, whose expression this repeats
 * (PERF-5); each payment's booking is one primary-key lookup.
 */
export async function paymentsByDay(db: Database, from: string) {
  const tz = BUSINESS_TIME_ZONE;
  const paidAt = sql`coalesce(${payments.paidAt}, ${payments.createdAt})`;
  const rows = rowsOf<{ day: string; amount: string | number; n: string | number }>(
    await db.execute(sql`
      select (${paidAt} at time zone ${tz})::date::text as day,
        sum(${payments.amountPesewas} - case when ${payments.purpose} = 'booking' then least(${bookings.depositPesewas}, ${payments.amountPesewas}) else 0 end) as amount,
        count(*) as n
      from ${payments} join ${bookings} on ${bookings.id} = ${payments.bookingId}
      where ${payments.status} = 'success' and ${paidAt} >= (${from}::date)::timestamp at time zone ${tz}
      group by 1`),
  );
  return new Map(rows.map((r) => [r.day, { amount: Number(r.amount), count: Number(r.n) }]));
}

/**
 * Deposits, apart from income (HAND-9): held now (cars out: bookings_deposit_held_idx), and
 * returned and kept by the returns from `from` to `to` (Accra days; handovers_return_at_idx).
 */
export async function depositFigures(db: Database, from: string, to: string) {
  const tz = BUSINESS_TIME_ZONE;
  const [row] = rowsOf<{
    held: string | number;
    held_count: string | number;
    returned: string | number;
    kept: string | number;
    returns: string | number;
  }>(
    await db.execute(sql`
      with held as (
        select coalesce(sum(deposit_pesewas), 0) as amount, count(*) as n
        from bookings where deposit_state = 'held'
      ),
      settled as (
        select coalesce(sum(returned_pesewas), 0) as returned, coalesce(sum(kept_pesewas), 0) as kept, count(*) as n
        from handovers
        where kind = 'return'
          and at >= (${from}::date)::timestamp at time zone ${tz}
          and at < (${to}::date + 1)::timestamp at time zone ${tz}
      )
      select held.amount as held, held.n as held_count, settled.returned, settled.kept, settled.n as returns
      from held, settled`),
  );
  return {
    heldPesewas: Number(row?.held ?? 0),
    heldCount: Number(row?.held_count ?? 0),
    returnedPesewas: Number(row?.returned ?? 0),
    keptPesewas: Number(row?.kept ?? 0),
    returns: Number(row?.returns ?? 0),
  };
}
