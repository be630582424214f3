import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { cars } from './cars';
import { users } from './users';

/**
 * A renter's saved search of the car list (SAVED-1): the filters as they were saved, a name,
 * and when it last sent an alert. Prices in pesewas a day; the dates both or neither.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    make: text('make'),
    bodyType: text('body_type'),
    /** The pickup town (the car list's `location`: a branch's town). */
    location: text('location'),
    minPricePesewas: integer('min_price_pesewas'),
    maxPricePesewas: integer('max_price_pesewas'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /**
     * The Accra day of the last alert (SAVED-6): the alert is a conditional update of this
     * column, so two processes can never both send one on the same day.
     */
    lastAlertedOn: date('last_alerted_on', { mode: 'string' }),
    alertsSent: integer('alerts_sent').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A renter's list, newest first, paged by id (SAVED-3), and their count (SAVED-2).
    index('saved_searches_user_id_idx').on(t.userId, t.id),
    // The alert's question: which dated searches overlap the days a car was freed (SAVED-5).
    index('saved_searches_dates_idx')
      .on(t.startDate, t.endDate)
      .where(sql`${t.startDate} is not null`),
    check(
      'saved_searches_dates_check',
      sql`(${t.startDate} is null) = (${t.endDate} is null) and ${t.endDate} >= ${t.startDate}`,
    ),
    check(
      'saved_searches_prices_check',
      sql`${t.minPricePesewas} >= 0 and ${t.maxPricePesewas} >= ${t.minPricePesewas}`,
    ),
    check('saved_searches_name_check', sql`length(${t.name}) between 1 and 60`),
  ],
);

/**
 * Days a car stopped being held (SAVED-5): written by a trigger on bookings in the transaction
 * that freed them (migration 0041), whichever code or process made the change, and consumed
 * by the alert job. A queue, not a log: the job deletes what it has handled.
 */
export const savedSearchOpenings = pgTable('saved_search_openings', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  carId: integer('car_id')
    .notNull()
    .references(() => cars.id, { onDelete: 'cascade' }),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  /** The renter whose booking freed the days: never alerted about them (SAVED-5). */
  releasedByUserId: integer('released_by_user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
