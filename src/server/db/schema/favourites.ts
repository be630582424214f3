import { index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cars } from './cars';
import { users } from './users';

/**
 * A car a person saved with Save (AREA-5): one row per account and car. The id orders the list
 * newest first and is its keyset (AREA-6); a car saved again after removal comes back on top.
 */
export const favourites = pgTable(
  'favourites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favourites_user_car_key').on(t.userId, t.carId),
    // The account's list, newest first, page by page (AREA-6).
    index('favourites_user_id_idx').on(t.userId, t.id),
  ],
);
