/**
 * What renters and staff may do to a booking now, each answered by the transition table
 * (booking-transitions.ts), so that a view's can_cancel or allowed_actions and the action
 * itself give the same answer: staff's console actions, the renter's cancel (BOOK-8), change
 * (BOOK-18) and extension (BOOK-19), and a booking's status as the renter sees it. Pure, like
 * the table.
 */
import { messages } from '../../../shared/messages';
import type { AdminBookingAction } from '../../../shared/schemas/bookings.staff';
import {
  NOT_PICKED_UP,
  transitionRefusal,
  type BookingState,
  type BookingStatus,
  type PaymentStatus,
  type TransitionContext,
  type TransitionName,
} from './booking-transitions';

/** A staff action of the admin API is one of these transitions. */
export function staffTransitionOf(
  action: AdminBookingAction,
  b: Pick<BookingState, 'paymentStatus'>,
): TransitionName {
  switch (action) {
    case 'record_cash':
      return 'cash_recorded';
    case 'pick_up':
      return 'picked_up';
    case 'return':
      return 'returned';
    case 'cancel':
      return b.paymentStatus === 'paid' ? 'staff_cancel_paid' : 'staff_cancel';
  }
}

/** Why staff may not take this action now (the admin API's 409), or null when they may. */
export const staffActionRefusal = (
  action: AdminBookingAction,
  b: BookingState,
  today: string,
  now = Date.now(),
) => transitionRefusal(staffTransitionOf(action, b), b, 'staff', { today, now });

/** The renter's cancel: unpaid, paid (then refunded) or with an open payment. */
export const renterCancelOf = (b: Pick<BookingState, 'paymentStatus'>): TransitionName =>
  b.paymentStatus === 'paid' ? 'renter_cancel_paid' : 'renter_cancel';

/** Why the renter may not cancel this booking now (the 409's message), or null when they may. */
export const renterCancelRefusal = (b: BookingState, today: string, now = Date.now()) =>
  transitionRefusal(renterCancelOf(b), b, 'renter', { today, now });

/** The booking view's can_cancel: the same rule as the cancel itself (BOOK-8). */
export const renterMayCancel = (b: BookingState, today: string, now = Date.now()) =>
  renterCancelRefusal(b, today, now) === null;

/**
 * A mobile money hold whose time ran out no longer holds the car (cars.repository holdsCar),
 * even before a sweep writes it down: the renter sees it as it really is.
 */
export function effectiveStatus(
  b: Pick<BookingState, 'status' | 'paymentStatus' | 'holdExpiresAt'>,
  now = Date.now(),
): { status: BookingStatus; paymentStatus: PaymentStatus } {
  const expired =
    b.status === 'pending' &&
    b.paymentStatus === 'pending' &&
    b.holdExpiresAt !== null &&
    b.holdExpiresAt.getTime() <= now;
  return expired
    ? { status: 'cancelled', paymentStatus: 'failed' }
    : { status: b.status as BookingStatus, paymentStatus: b.paymentStatus as PaymentStatus };
}

/**
 * Why the renter may not change this booking now, or null when they may (BOOK-18): a rental
 * not yet picked up (pending or confirmed) whose start date has not passed. A mobile money
 * booking whose payment prompt is still open is refused too: the prompt asks for the old
 * total, so the renter finishes or cancels it first.
 */
export function renterChangeRefusal(
  b: BookingState,
  ctx: Pick<TransitionContext, 'today' | 'now'>,
): string | null {
  const { status, paymentStatus } = effectiveStatus(b, ctx.now);
  if (b.kind !== 'rental' || !(NOT_PICKED_UP as readonly string[]).includes(status))
    return messages.booking.cannotChange;
  if (b.startDate < ctx.today) return messages.booking.cannotChange;
  if (paymentStatus === 'pending') return messages.booking.changeWhilePaying;
  return null;
}

/** Why the renter may not extend this booking now, or null (BOOK-19): only a trip under way. */
export function renterExtendRefusal(b: BookingState): string | null {
  return b.kind === 'rental' && b.status === 'active' ? null : messages.booking.cannotExtend;
}

/** The booking view's can_change: the same rule as the change itself (BOOK-18). */
export const renterMayChange = (b: BookingState, today: string, now = Date.now()) =>
  renterChangeRefusal(b, { today, now }) === null;

/** The booking view's can_extend (BOOK-19). */
export const renterMayExtend = (b: BookingState) => renterExtendRefusal(b) === null;
