import { and, asc, desc, eq, gte, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '../../../shared/constants';
import { type Database, rowsOf } from '../../db/client';
import { daysBetween } from '../../../shared/dates';
import {
  bookings,
  branches,
  cars,
  dailyTakings,
  payments,
  smsOutbox,
  users,
} from '../../db/schema/index';
import { holdsCar } from '../cars/cars.repository';
import { REFUNDS_FOR_STAFF } from '../payments/payments.repository';
import {
  bookingSummaryColumns,
  isRental,
  summariesWhere,
} from '../bookings/booking-summaries.repository';

// The dashboard's queries: each list is short by design (the bookings page has the rest).

const byStart = [asc(bookings.startDate), asc(bookings.id)] as const;

/** Rentals to be picked up on `today` that still hold their car. */
/** A manager's or an agent's branches (ROLE-5); nothing for the owner. */
const atBranches = (branchIds: readonly number[] | null) =>
  branchIds ? inArray(bookings.branchId, [...branchIds, -1]) : undefined;

export const pickupsOn = (
  db: Database,
  today: string,
  limit: number,
  branchIds: readonly number[] | null = null,
) =>
  summariesWhere(
    db,
    atBranches(branchIds),
    inArray(bookings.status, ['pending', 'confirmed']),
    eq(bookings.startDate, today),
    holdsCar,
  )
    .orderBy(...byStart)
    .limit(limit);

/** Due back today, and overdue ones (the car is still out after its end date). */
export const returnsDueBy = (
  db: Database,
  today: string,
  limit: number,
  branchIds: readonly number[] | null = null,
) =>
  summariesWhere(
    db,
    atBranches(branchIds),
    eq(bookings.status, 'active'),
    lte(bookings.endDate, today),
  )
    .orderBy(asc(bookings.endDate), asc(bookings.id))
    .limit(limit);

/** Pay-on-pickup rentals whose day has come and whose cash is not recorded. */
export const awaitingCashBy = (
  db: Database,
  today: string,
  limit: number,
  branchIds: readonly number[] | null = null,
) =>
  summariesWhere(
    db,
    atBranches(branchIds),
    eq(bookings.paymentMethod, 'payOnPickup'),
    eq(bookings.status, 'pending'),
    eq(bookings.paymentStatus, 'unpaid'),
    lte(bookings.startDate, today),
  )
    .orderBy(...byStart)
    .limit(limit);

/**
 * A flag needs staff until the money is sorted out: refunded payments drop off, and so do
 * refunds on their way through the provider, except those only staff can finish (PAY-18: one
 * the provider failed or flagged, or cash to hand back at the counter).
 */
export const flaggedPayments = (
  db: Database,
  limit: number,
  branchIds: readonly number[] | null = null,
) =>
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
        atBranches(branchIds),
        isNotNull(payments.flaggedReason),
        ne(payments.status, 'refunded'),
        or(
          ne(payments.status, 'refund_pending'),
          inArray(payments.flaggedReason, [...REFUNDS_FOR_STAFF]),
        ),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);

/**
 * Booked and available car-days of the cars on offer over a whole month (STAFF-7: each car
 * counts every day of the month, as the label says), and how many cars that is.
 */
export async function fleetUtilisation(db: Database, start: string, end: string) {
  // A rental's days as its price counts them (STAFF-7, MONEY-3): start to end, the return day
  // not counted again (a same-day rental is 1 day), although the held range (the exclusion constraint's) includes it; clipped
  // to the month; over the cars on offer now. car_month_days keeps them per car and month
  // (migration 0030, counted this way since 0034); a mobile money hold counts only until it
  // lapses, so the open holds (bookings_open_holds_idx, a handful) are added here: the length
  // of each hold's priced range times the month's.
  const [row] = rowsOf<{ cars: number; booked_days: number; maintenance_days: number }>(
    await db.execute(sql`
      with fleet as (select id from cars where retired_at is null),
      kept as (
        select coalesce(sum(k.booked_days), 0) as booked, coalesce(sum(k.maintenance_days), 0) as maintenance
        from car_month_days k join fleet f on f.id = k.car_id
        where k.month = ${start}::date
      ),
      holds as (
        select coalesce(sum(upper(r) - lower(r)), 0) as booked from (
          select daterange(b.start_date, greatest(b.end_date, b.start_date + 1), '[)') * daterange(${start}::date, ${end}::date, '[]') as r
          from bookings b join fleet f on f.id = b.car_id
          where b.status = 'pending' and b.hold_expires_at > now() and b.kind = 'rental'
            and daterange(b.start_date, greatest(b.end_date, b.start_date + 1), '[)') && daterange(${start}::date, ${end}::date, '[]')
        ) open_holds
      )
      select (select count(*) from fleet)::int as cars,
        (kept.booked + holds.booked)::int as booked_days,
        kept.maintenance::int as maintenance_days
      from kept, holds`),
  );
  const cars = Number(row?.cars ?? 0);
  const carDays = cars * (daysBetween(start, end) + 1);
  const booked = Number(row?.booked_days ?? 0);
  const available = Math.max(0, carDays - Number(row?.maintenance_days ?? 0));
  return {
    booked_days: booked,
    available_days: available,
    rate: available ? Math.min(1, booked / available) : 0,
    cars,
  };
}

/**
 * Income per Accra day from `from` to `to`, in pesewas (HAND-9, HAND-13): successful payments
 * (cash and mobile money) less the deposit a booking's payment carries, which is the renter's
 * money held, not income; and the part of each return's deposit kept for its charges, on the
 * return's day, so a charge counts once and in full. Kept per day by triggers on payments,
 * bookings (daily_takings, migration 0030) and handovers (0034), so this reads one row a day.
 */
export async function paymentsByDay(db: Database, from: string, to: string) {
  const rows = await db
    .select({
      day: dailyTakings.day,
      amount: dailyTakings.incomePesewas,
      count: dailyTakings.payments,
    })
    .from(dailyTakings)
    .where(and(gte(dailyTakings.day, from), lte(dailyTakings.day, to)));
  return new Map(rows.map((r) => [r.day, { amount: Number(r.amount), count: Number(r.count) }]));
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

/**
 * Texts handed to the provider on the Accra day `today` (STAFF-36), and how many of those the
 * network reported not delivered (MSG-13). Over sms_outbox_sent_at_idx (migration 0032).
 */
export async function smsSentOn(db: Database, today: string) {
  const result = await db.execute(sql`
    select count(*)::int as sent,
      count(*) filter (where ${smsOutbox.status} = 'failed')::int as failed
    from ${smsOutbox}
    where ${smsOutbox.sentAt} >= (${today}::date)::timestamp at time zone ${BUSINESS_TIME_ZONE}
      and ${smsOutbox.sentAt} < (${today}::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE}`);
  const row = rowsOf<{ sent: number; failed: number }>(result)[0]!;
  return { sent: Number(row.sent), failed: Number(row.failed) };
}
