import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { users } from './users';

/**
 * A booking's timeline (BOOK-12): one row per thing that happened to it, with who did
 * it. Written in the same transaction as the change it records, so the timeline never shows
 * a step that did not happen (or misses one that did).
 */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** See BookingEventType in src/server/modules/bookings/booking-events.ts. */
    type: text('type').notNull(),
    /** renter | staff | system (expiry, reconciler) | provider (a payment provider's webhook). */
    actor: text('actor').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    note: text('note'),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_events_booking_id_idx').on(t.bookingId, t.createdAt)],
);
