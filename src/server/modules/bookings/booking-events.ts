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
  | 'maintenance_removed';

export type BookingEventActor = 'renter' | 'staff' | 'system' | 'provider';

export interface BookingEvent {
  bookingId: number;
  type: BookingEventType;
  actor: BookingEventActor;
  actorUserId?: number | null;
  note?: string | null;
  data?: Record<string, unknown> | null;
}

/** Appends to a booking's timeline; pass the transaction that makes the change. */
export async function recordBookingEvent(db: Executor, event: BookingEvent): Promise<void> {
  await db.insert(bookingEvents).values({
    bookingId: event.bookingId,
    type: event.type,
    actor: event.actor,
    actorUserId: event.actorUserId ?? null,
    note: event.note ?? null,
    data: event.data ?? null,
  });
}
