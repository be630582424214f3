import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { cars } from './cars';
import { users } from './users';

/**
 * A renter's review of a completed trip (REVIEW-1): one per booking, 1–5 stars and an optional
 * comment. Staff hide abusive ones (REVIEW-4): a hidden review counts nowhere and is shown
 * nowhere but in the console.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_booking_id_key').on(t.bookingId),
    // A car's visible reviews, newest first; the site's visible reviews, newest first.
    index('reviews_car_visible_idx')
      .on(t.carId, t.createdAt)
      .where(sql`${t.hiddenAt} is null`),
    index('reviews_visible_idx')
      .on(t.createdAt)
      .where(sql`${t.hiddenAt} is null`),
    index('reviews_created_idx').on(t.createdAt),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_comment_check', sql`${t.comment} is null or length(${t.comment}) <= 1000`),
  ],
);
