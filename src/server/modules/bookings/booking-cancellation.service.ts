/**
 * Cancelling a booking and what happens to its money (BOOK-8): an unpaid one closes its open
 * prompts; a paid one is refunded through the provider after commit. The renter's cancel
 * comes through here, and staff's cancel of a paid booking (cancelPaidBooking).
 */
import { todayInAccra } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import type { Booking } from '../../../shared/schemas/bookings';
import { HttpError } from '../../http-errors';
import { closeOpenAttempts, withdrawPrompts } from '../payments/payment-prompts';
import type { PaymentsContext } from '../payments/payments-context';
import { markRefundPending, requestRefund } from '../payments/refunds';
import { applyTransition, lockBookingWithCar, tryTransition } from './booking-lifecycle';
import { renterCancelOf, renterCancelRefusal } from './booking-permissions';
import * as repo from './bookings.repository';
import { toApiBookingWithDetails } from './bookings.service';

/**
 * A renter cancels before the start date; a paid booking is refunded through the provider.
 * One paid in cash is not cancelled here but at the branch, where the cash goes back (BOOK-8).
 */
export async function cancelUserBooking(
  payments: PaymentsContext,
  userId: number,
  code: string,
): Promise<Booking> {
  const { db } = payments;
  const found = await repo.findUserBookingByCode(db, userId, code);
  if (!found) throw new HttpError(404, messages.booking.notFound);
  const today = todayInAccra();
  // The rule's own words before anything is written: a booking paid in cash is cancelled at
  // the branch (BOOK-8), which the generic refusal of a paid cancel below would not say.
  const refusal = renterCancelRefusal(found.booking, today);
  if (refusal) throw new HttpError(409, refusal);
  const cancelled =
    renterCancelOf(found.booking) === 'renter_cancel_paid'
      ? await cancelPaidBooking(payments, found.booking.id, { actor: 'renter', userId, today })
      : await cancelUnpaidBooking(payments, found.booking, { actor: 'renter', userId, today });
  if (!cancelled) throw new HttpError(409, messages.booking.cannotCancel);
  return toApiBookingWithDetails(db, cancelled, found.car, found.branch);
}

/**
 * Cancels a booking not paid (yet): an open mobile money prompt of it reads failed in the same
 * transaction and is withdrawn after commit where the provider can (BOOK-8).
 */
async function cancelUnpaidBooking(
  payments: PaymentsContext,
  booking: repo.BookingRow,
  by: { actor: 'renter'; userId: number; today: string },
) {
  const { cancelled, closed } = await payments.db.transaction(async (tx) => {
    const row = await applyTransition(
      tx,
      'renter_cancel',
      booking,
      { actor: by.actor, userId: by.userId },
      { today: by.today },
    );
    return { cancelled: row, closed: await closeOpenAttempts(tx, booking.id) };
  });
  await withdrawPrompts(payments, closed);
  return cancelled;
}

/**
 * Cancels a paid booking and gives the money back through the provider: the cancel and the
 * refund request in one transaction, then the provider is asked (after commit, so a slow
 * provider holds no lock). `today` limits renters to bookings that have not started; staff
 * pass null. Undefined when the booking cannot be cancelled (any more).
 */
export async function cancelPaidBooking(
  payments: PaymentsContext,
  bookingId: number,
  by: { actor: 'renter' | 'staff'; userId: number; today: string | null; note?: string },
): Promise<repo.BookingRow | undefined> {
  const { db } = payments;
  const result = await db.transaction(async (tx) => {
    const booking = await lockBookingWithCar(tx, bookingId);
    if (!booking) return undefined;
    const cancelled = await tryTransition(
      tx,
      by.actor === 'renter' ? 'renter_cancel_paid' : 'staff_cancel_paid',
      booking,
      { actor: by.actor, userId: by.userId, note: by.note ?? null },
      by.today === null ? {} : { today: by.today },
    );
    if (!cancelled) return undefined;
    const refundReferences = await markRefundPending(tx, bookingId, by);
    // A change's top-up prompt still open can no longer pay either (BOOK-8).
    return { cancelled, refundReferences, closed: await closeOpenAttempts(tx, bookingId) };
  });
  if (!result) return undefined;
  await withdrawPrompts(payments, result.closed);
  if (result.refundReferences.length) {
    // The booking's payment and any change's top-up (BOOK-18), each given back.
    for (const reference of result.refundReferences) await requestRefund(payments, reference);
    return repo.findBookingById(db, bookingId);
  }
  return result.cancelled;
}
