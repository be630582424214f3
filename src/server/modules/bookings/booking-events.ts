import type { Executor } from '../../db/client';
import { bookingEvents } from '../../db/schema/index';

export type BookingEventType =
  | 'created'
  | 'payment_started'
  | 'paid'
  | 'payment_failed'
  | 'hold_expired'
  | 'payment_flagged'
  | 'cash_recorded'
  | 'picked_up'
  | 'returned'
  | 'cancelled'
  // A pay-on-pickup booking nobody collected (LIMIT-15): cancelled by the clock.
  | 'no_show'
  | 'refund_requested'
  | 'refunded'
  // A staff maintenance block (a bookings row of kind 'maintenance') added or removed.
  | 'maintenance_blocked'
  | 'maintenance_removed'
  // The renter moved the dates, times or extras before pickup (BOOK-18) or the return date
  // during the trip (BOOK-19): old and new dates and totals in data.
  | 'changed'
  | 'extended'
  // What a change added, paid by its own mobile money attempt, or that attempt failing (the
  // difference is then due at the counter).
  | 'top_up_paid'
  | 'top_up_failed'
  // Money owed back that no provider can return, to be handed back in cash at the counter.
  | 'refund_due_at_counter'
  // A prompt staff sent declined while the hold runs (STAFF-46): the booking stays held, so
  // staff may send it again; the hold's end releases it.
  | 'prompt_declined';

export type BookingEventActor = 'renter' | 'staff' | 'system' | 'provider';

export interface BookingEvent {
  bookingId: number;
  type: BookingEventType;
  actor: BookingEventActor;
  actorUserId?: number | null;
  note?: string | null;
  data?: Record<string, unknown> | null;
}

/**
 * The INSERT that appends to a booking's timeline, not yet run (the lifecycle runs it together
 * with the change's texts); pass the transaction that makes the change.
 */
export const bookingEventInsert = (db: Executor, event: BookingEvent) =>
  db.insert(bookingEvents).values({
    bookingId: event.bookingId,
    type: event.type,
    actor: event.actor,
    actorUserId: event.actorUserId ?? null,
    note: event.note ?? null,
    data: event.data ?? null,
  });

/** Appends to a booking's timeline; pass the transaction that makes the change. */
export async function recordBookingEvent(db: Executor, event: BookingEvent): Promise<void> {
  await bookingEventInsert(db, event);
}
