import {
  DEFAULT_HANDOVER_TIME,
  NO_SHOW_AFTER_HOURS,
  PAYMENT_STATUSES,
  paidAtCounter,
  type BookingStatus,
  type PaymentStatus,
} from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { adminMessages } from '../../../shared/staff-messages';
import type { BookingEventActor, BookingEventType } from './booking-events';

/**
 * Every way a booking row's status and payment_status may change, in one table. Pure: no
 * database, so "may this happen and what does it change" is unit-tested on its own; the
 * writes that apply a transition are in booking-lifecycle.ts, the only code allowed to set
 * these two columns (eslint.config.js enforces it). What renters and staff may do now, asked
 * of this table, is booking-permissions.ts's.
 */

export {
  BOOKING_STATUSES,
  PAYMENT_STATUSES,
  type BookingStatus,
  type PaymentStatus,
} from '../../../shared/constants';
export type BookingKind = 'rental' | 'maintenance';

/**
 * What a transition does to payment_status: a new value, 'keep', or 'fail_if_pending' (an
 * open mobile money attempt can no longer pay for a booking that is being cancelled).
 */
export type PaymentEffect = PaymentStatus | 'keep' | 'fail_if_pending';

/** The text message a transition will send once messages are sent (nothing is sent yet). */
export type LifecycleMessageKey =
  | 'booking_received'
  | 'booking_confirmed'
  | 'payment_failed'
  | 'hold_expired'
  | 'payment_received'
  | 'booking_completed'
  | 'booking_cancelled'
  | 'refund_completed'
  | 'no_show';

export type TransitionName =
  | 'created_pay_on_pickup'
  | 'created_mobile_money'
  | 'payment_verified'
  | 'payment_verified_after_release'
  | 'payment_failed'
  | 'hold_expired'
  | 'cash_recorded'
  | 'paid_online'
  | 'picked_up'
  | 'returned'
  | 'staff_cancel'
  | 'staff_cancel_paid'
  | 'renter_cancel'
  | 'renter_cancel_paid'
  | 'refund_completed'
  | 'maintenance_blocked'
  | 'maintenance_removed'
  | 'no_show';

/** The columns of a booking that the rules read. */
export interface BookingState {
  kind: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  startDate: string;
  endDate: string;
  holdExpiresAt: Date | null;
  /** 'HH:MM' Accra time; absent counts as the default handover time. */
  pickupTime?: string;
  /**
   * When the booking was made or last changed (every transition and change sets it); absent
   * for a booking not yet stored.
   */
  updatedAt?: Date;
}

/**
 * When a pay-on-pickup booking becomes a no-show (LIMIT-15): 3 hours after its pickup time on
 * its start date, or after it was made or last changed if that was later. A same-day booking
 * made (or moved to today) at 15:00 with the 09:00 default is not a no-show the moment it
 * exists: the renter gets 3 hours too. A pending, unpaid booking is only touched by a change.
 * Accra keeps UTC all year (no daylight saving), so the Accra wall clock is UTC.
 */
export const noShowAt = (b: Pick<BookingState, 'startDate' | 'pickupTime' | 'updatedAt'>) =>
  Math.max(
    Date.parse(`${b.startDate}T${b.pickupTime ?? DEFAULT_HANDOVER_TIME}:00Z`),
    b.updatedAt?.getTime() ?? 0,
  ) +
  NO_SHOW_AFTER_HOURS * 3_600_000;

export interface TransitionContext {
  /** Today in Accra (YYYY-MM-DD): renters cancel only before the start date. */
  today: string;
  /** Epoch milliseconds: holds end by the clock. */
  now: number;
}

export interface TransitionRule {
  kind: BookingKind;
  /** The states it starts from; null when the transition creates the row. */
  from: { status: readonly BookingStatus[]; paymentStatus: readonly PaymentStatus[] } | null;
  to: { status: BookingStatus; paymentStatus: PaymentEffect };
  /** The mobile money hold ends with it (hold_expires_at becomes null). */
  clearsHold: boolean;
  /** cancelled_at: stamped now, cleared, or left as it is. */
  cancelledAt: 'now' | 'clear' | 'keep';
  actors: readonly BookingEventActor[];
  event: BookingEventType;
  message: LifecycleMessageKey | null;
  /** The 409 message when the booking is not in a state this transition starts from. */
  refused: string;
  /** A more precise 409 message for a status the transition does not start from. */
  statusRefused?: (status: string) => string;
  /** A more precise 409 message for a payment_status it does not start from. */
  paymentRefused?: string;
  /** Checked before the states (the message people need first). */
  precondition?: (b: BookingState) => string | null;
  /** Checked after the states: dates and clocks. */
  guard?: (b: BookingState, ctx: TransitionContext) => string | null;
  /** The 409 message when the state changed between the decision and the write. */
  raced: string;
  /** Applies only while no live booking holds the car on these dates (checked in the database). */
  needsFreeDates?: boolean;
}

/** For transitions only the system makes: nobody reads it but a log. */
const notNow = 'This booking cannot make that change in its current state.';
const cannotCancel = messages.booking.cannotCancel;
const payers: readonly BookingEventActor[] = ['renter', 'provider', 'system'];
/** Booked and not picked up yet: what pickup, a cancel and a renter's change start from. */
export const NOT_PICKED_UP: readonly BookingStatus[] = ['pending', 'confirmed'];
const notPaid: readonly PaymentStatus[] = ['unpaid', 'pending', 'failed', 'refunded'];
const startsAfterToday = (b: BookingState, ctx: TransitionContext) =>
  b.startDate > ctx.today ? null : cannotCancel;
/**
 * BOOK-8: cash taken at the counter is handed back at the counter (PAY-9, staff_cancel_paid).
 * Online there is nobody to hand it back and no provider charge to refund, so the renter is
 * sent to the branch, whatever the date: staff cancel there on any day.
 */
const renterPaidCancelGuard = (b: BookingState, ctx: TransitionContext) =>
  paidAtCounter(b.paymentMethod, b.paymentStatus)
    ? messages.booking.paidInCash
    : startsAfterToday(b, ctx);
const staffCancelRefused = (status: string) =>
  status === 'active' ? adminMessages.cancelActive : adminMessages.cancelWrongStatus;

export const TRANSITIONS: Record<TransitionName, TransitionRule> = {
  created_pay_on_pickup: {
    kind: 'rental',
    from: null,
    to: { status: 'pending', paymentStatus: 'unpaid' },
    clearsHold: false,
    cancelledAt: 'keep',
    actors: ['renter', 'staff'],
    event: 'created',
    message: 'booking_received',
    refused: notNow,
    raced: notNow,
  },
  // Holds the car for the payment window (hold_expires_at, set on insert).
  created_mobile_money: {
    kind: 'rental',
    from: null,
    to: { status: 'pending', paymentStatus: 'pending' },
    clearsHold: false,
    cancelledAt: 'keep',
    actors: ['renter', 'staff'],
    event: 'created',
    message: null,
    refused: notNow,
    raced: notNow,
  },
  payment_verified: {
    kind: 'rental',
    from: { status: ['pending'], paymentStatus: ['pending'] },
    to: { status: 'confirmed', paymentStatus: 'paid' },
    clearsHold: true,
    cancelledAt: 'clear',
    actors: payers,
    event: 'paid',
    message: 'booking_confirmed',
    refused: notNow,
    raced: notNow,
  },
  // Released by the clock or a decline (not by the renter: that clears the hold), and nobody
  // took the dates since: the late payment keeps the booking.
  payment_verified_after_release: {
    kind: 'rental',
    from: { status: ['cancelled'], paymentStatus: ['failed'] },
    to: { status: 'confirmed', paymentStatus: 'paid' },
    clearsHold: true,
    cancelledAt: 'clear',
    actors: payers,
    event: 'paid',
    message: 'booking_confirmed',
    refused: notNow,
    guard: (b) => (b.holdExpiresAt !== null ? null : notNow),
    raced: notNow,
    needsFreeDates: true,
  },
  // Declined, or the provider could not start the payment: the dates are released.
  payment_failed: {
    kind: 'rental',
    from: { status: ['pending'], paymentStatus: ['pending'] },
    to: { status: 'cancelled', paymentStatus: 'failed' },
    clearsHold: false,
    cancelledAt: 'now',
    actors: payers,
    event: 'payment_failed',
    message: 'payment_failed',
    refused: notNow,
    raced: notNow,
  },
  // hold_expires_at stays: it tells a hold released by the clock from a renter's cancel.
  hold_expired: {
    kind: 'rental',
    from: { status: ['pending'], paymentStatus: ['pending'] },
    to: { status: 'cancelled', paymentStatus: 'failed' },
    clearsHold: false,
    cancelledAt: 'now',
    actors: payers,
    event: 'hold_expired',
    message: 'hold_expired',
    refused: notNow,
    guard: (b, ctx) =>
      b.holdExpiresAt !== null && b.holdExpiresAt.getTime() <= ctx.now ? null : notNow,
    raced: notNow,
  },
  // A paid booking is 'confirmed'; pickup then makes it 'active'.
  cash_recorded: {
    kind: 'rental',
    from: { status: ['pending'], paymentStatus: ['unpaid'] },
    to: { status: 'confirmed', paymentStatus: 'paid' },
    clearsHold: false,
    cancelledAt: 'keep',
    actors: ['staff'],
    event: 'cash_recorded',
    message: 'payment_received',
    refused: adminMessages.changedMeanwhile,
    precondition: (b) =>
      b.paymentMethod === 'payOnPickup' ? null : adminMessages.cashNotPayOnPickup,
    statusRefused: () => adminMessages.cashWrongStatus,
    paymentRefused: adminMessages.cashNotDue,
    raced: adminMessages.changedMeanwhile,
  },
  // BOOK-23: a pay-on-pickup booking paid now by mobile money (its own prompt, no hold); the
  // payment method becomes mobile money with it (applyProviderTransaction).
  paid_online: {
    kind: 'rental',
    from: { status: ['pending'], paymentStatus: ['unpaid'] },
    to: { status: 'confirmed', paymentStatus: 'paid' },
    clearsHold: false,
    cancelledAt: 'keep',
    actors: payers,
    event: 'paid',
    message: 'booking_confirmed',
    refused: notNow,
    precondition: (b) => (b.paymentMethod === 'payOnPickup' ? null : notNow),
    raced: notNow,
  },
  picked_up: {
    kind: 'rental',
    from: { status: NOT_PICKED_UP, paymentStatus: ['paid'] },
    to: { status: 'active', paymentStatus: 'keep' },
    clearsHold: false,
    cancelledAt: 'keep',
    actors: ['staff'],
    event: 'picked_up',
    message: null,
    refused: adminMessages.changedMeanwhile,
    statusRefused: () => adminMessages.pickUpWrongStatus,
    paymentRefused: adminMessages.pickUpUnpaid,
    guard: (b, ctx) =>
      ctx.today < b.startDate
        ? adminMessages.pickUpTooEarly
        : ctx.today > b.endDate
          ? adminMessages.pickUpTooLate
          : null,
    raced: adminMessages.changedMeanwhile,
  },
  returned: {
    kind: 'rental',
    from: { status: ['active'], paymentStatus: PAYMENT_STATUSES },
    to: { status: 'completed', paymentStatus: 'keep' },
    clearsHold: false,
    cancelledAt: 'keep',
    actors: ['staff'],
    event: 'returned',
    message: 'booking_completed',
    refused: adminMessages.returnWrongStatus,
    raced: adminMessages.changedMeanwhile,
  },
  staff_cancel: {
    kind: 'rental',
    from: { status: NOT_PICKED_UP, paymentStatus: notPaid },
    to: { status: 'cancelled', paymentStatus: 'fail_if_pending' },
    clearsHold: true,
    cancelledAt: 'now',
    actors: ['staff'],
    event: 'cancelled',
    message: 'booking_cancelled',
    refused: adminMessages.changedMeanwhile,
    statusRefused: staffCancelRefused,
    raced: adminMessages.changedMeanwhile,
  },
  // The money goes back next: refund_completed once the provider (or staff, for cash) has.
  staff_cancel_paid: {
    kind: 'rental',
    from: { status: NOT_PICKED_UP, paymentStatus: ['paid'] },
    to: { status: 'cancelled', paymentStatus: 'keep' },
    clearsHold: true,
    cancelledAt: 'now',
    actors: ['staff'],
    event: 'cancelled',
    message: 'booking_cancelled',
    refused: adminMessages.changedMeanwhile,
    statusRefused: staffCancelRefused,
    raced: adminMessages.changedMeanwhile,
  },
  renter_cancel: {
    kind: 'rental',
    from: { status: NOT_PICKED_UP, paymentStatus: ['unpaid', 'pending'] },
    to: { status: 'cancelled', paymentStatus: 'fail_if_pending' },
    clearsHold: true,
    cancelledAt: 'now',
    actors: ['renter'],
    event: 'cancelled',
    message: 'booking_cancelled',
    refused: cannotCancel,
    guard: startsAfterToday,
    raced: cannotCancel,
  },
  renter_cancel_paid: {
    kind: 'rental',
    from: { status: NOT_PICKED_UP, paymentStatus: ['paid'] },
    to: { status: 'cancelled', paymentStatus: 'keep' },
    clearsHold: true,
    cancelledAt: 'now',
    actors: ['renter'],
    event: 'cancelled',
    message: 'booking_cancelled',
    refused: cannotCancel,
    guard: renterPaidCancelGuard,
    raced: cannotCancel,
  },
  refund_completed: {
    kind: 'rental',
    from: { status: ['cancelled'], paymentStatus: ['paid'] },
    to: { status: 'cancelled', paymentStatus: 'refunded' },
    clearsHold: false,
    cancelledAt: 'keep',
    actors: ['system', 'provider', 'staff'],
    event: 'refunded',
    message: 'refund_completed',
    refused: notNow,
    raced: notNow,
  },
  // Not collected 3 hours after the pickup time and never paid: the dates are freed (LIMIT-15).
  no_show: {
    kind: 'rental',
    from: { status: ['pending'], paymentStatus: ['unpaid'] },
    to: { status: 'cancelled', paymentStatus: 'keep' },
    clearsHold: false,
    cancelledAt: 'now',
    actors: ['system'],
    event: 'no_show',
    message: 'no_show',
    refused: notNow,
    precondition: (b) => (b.paymentMethod === 'payOnPickup' ? null : notNow),
    guard: (b, ctx) => (noShowAt(b) <= ctx.now ? null : notNow),
    raced: notNow,
  },
  maintenance_blocked: {
    kind: 'maintenance',
    from: null,
    to: { status: 'confirmed', paymentStatus: 'unpaid' },
    clearsHold: false,
    cancelledAt: 'keep',
    actors: ['staff'],
    event: 'maintenance_blocked',
    message: null,
    refused: notNow,
    raced: notNow,
  },
  maintenance_removed: {
    kind: 'maintenance',
    from: { status: ['confirmed'], paymentStatus: PAYMENT_STATUSES },
    to: { status: 'cancelled', paymentStatus: 'keep' },
    clearsHold: false,
    cancelledAt: 'now',
    actors: ['staff'],
    event: 'maintenance_removed',
    message: null,
    refused: adminMessages.blockAlreadyRemoved,
    raced: adminMessages.blockAlreadyRemoved,
  },
};

export const TRANSITION_NAMES = Object.keys(TRANSITIONS) as TransitionName[];

/**
 * Booking events that record news without changing the booking's state: they may be written
 * outside a transition (booking-lifecycle.ts recordBookingNote).
 */
export const EVENTS_WITHOUT_TRANSITION = [
  'payment_started',
  // A payment staff must look at, or money to give back, while the booking stays as it is.
  'payment_flagged',
  'refund_requested',
  // Money of an attempt the booking does not stand on (paid twice, paid after release) returned.
  'refunded',
  // A change's top-up payment settled (BOOK-18); the booking's state stays as it is.
  'top_up_paid',
  'top_up_failed',
  // Money owed back in cash at the counter (a cheaper change paid in cash, say).
  'refund_due_at_counter',
  // A staff-sent prompt declined while the hold runs on (STAFF-46).
  'prompt_declined',
] as const satisfies readonly BookingEventType[];
export type EventWithoutTransition = (typeof EVENTS_WITHOUT_TRANSITION)[number];

/** Why the transition may not happen to this booking now, or null when it may. */
export function transitionRefusal(
  name: TransitionName,
  b: BookingState,
  actor: BookingEventActor,
  ctx: TransitionContext,
): string | null {
  const rule = TRANSITIONS[name];
  if (!rule.from || b.kind !== rule.kind || !rule.actors.includes(actor)) return rule.refused;
  const precondition = rule.precondition?.(b);
  if (precondition) return precondition;
  if (!(rule.from.status as readonly string[]).includes(b.status))
    return rule.statusRefused?.(b.status) ?? rule.refused;
  if (!(rule.from.paymentStatus as readonly string[]).includes(b.paymentStatus))
    return rule.paymentRefused ?? rule.refused;
  return rule.guard?.(b, ctx) ?? null;
}

export const mayTransition = (
  name: TransitionName,
  b: BookingState,
  actor: BookingEventActor,
  ctx: TransitionContext,
) => transitionRefusal(name, b, actor, ctx) === null;

/** The state a transition leaves the booking in (from a state it starts from). */
export function nextState(
  name: TransitionName,
  b: Pick<BookingState, 'paymentStatus'> | null,
): { status: BookingStatus; paymentStatus: PaymentStatus } {
  const { to } = TRANSITIONS[name];
  const current = (b?.paymentStatus ?? 'unpaid') as PaymentStatus;
  const paymentStatus =
    to.paymentStatus === 'keep'
      ? current
      : to.paymentStatus === 'fail_if_pending'
        ? current === 'pending'
          ? 'failed'
          : current
        : to.paymentStatus;
  return { status: to.status, paymentStatus };
}

/** What the renter does to a booking's dates: before pickup (BOOK-18) or during it (BOOK-19). */
export type BookingChangeKind = 'change' | 'extend';
