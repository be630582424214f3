import { bigint, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { cars } from './cars';

// Figures the staff dashboard reads instead of recounting months of bookings and payments
// (STAFF-7, PERF-5). Triggers keep them in the same transaction as the rows they count
// (migration 0030); recount_dashboard_figures() rebuilds both from those rows.

/**
 * Rental income per Accra day (HAND-9): each successful payment's amount on the Accra day of
 * `coalesce(paid_at, created_at)`, less the deposit a 'booking' payment carries.
 */
export const dailyTakings = pgTable('daily_takings', {
  day: date('day', { mode: 'string' }).primaryKey(),
  incomePesewas: bigint('income_pesewas', { mode: 'number' }).notNull().default(0),
  payments: integer('payments').notNull().default(0),
});

/**
 * Days of each month a car is used by rentals (their priced days, end − start; migration
 * 0034) and by maintenance blocks (both ends included). Counted: rentals confirmed, active or completed, pay-on-pickup rentals
 * pending (no hold), confirmed blocks. A pending mobile money hold counts only until it
 * lapses, a matter of time rather than of a write, so the dashboard adds those live.
 */
export const carMonthDays = pgTable(
  'car_month_days',
  {
    month: date('month', { mode: 'string' }).notNull(),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id),
    bookedDays: integer('booked_days').notNull().default(0),
    maintenanceDays: integer('maintenance_days').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'car_month_days_pkey', columns: [t.month, t.carId] })],
);
