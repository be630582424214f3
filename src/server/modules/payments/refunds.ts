/**
 * Giving money back through the provider (PAY-17, PAY-18): marking what a cancel gives back,
 * asking for the refund once and following it by its id, what its outcome does to the attempt
 * and the booking, and staff's two actions on a refund that failed (retry, settled by hand).
 * Cash handed back at the counter is cash-payments.ts's.
 */
import { messages } from '../../../shared/messages';
import type { Executor } from '../../db/client';
import { HttpError } from '../../http-errors';
import {
  lockBooking,
  recordBookingNote,
  tryTransition,
  type BookingEventActor,
} from '../bookings/booking-lifecycle';
import { ProviderError, type RefundResult } from './payment-provider';
import { FLAGS, type PaymentsContext } from './payments-context';
import * as repo from './payments.repository';

/**
 * The attempts that paid a just-cancelled booking are to be given back (inside the cancel's
 * transaction): its payment and any change's top-up (BOOK-18), less what partial refunds
 * already returned. Returns their references for requestRefund after commit (none when no
 * attempt paid it through a provider).
 */
export async function markRefundPending(
  tx: Executor,
  bookingId: number,
  by: { actor: BookingEventActor; userId: number },
): Promise<string[]> {
  const references: string[] = [];
  for (const { payment, refundedPesewas } of await repo.findSuccessfulCharges(tx, bookingId)) {
    if (payment.provider === 'cash' || refundedPesewas >= payment.amountPesewas) continue;
    await repo.updatePayment(tx, payment.id, { status: 'refund_pending', refundId: null });
    await recordBookingNote(tx, {
      bookingId,
      type: 'refund_requested',
      actor: by.actor,
      actorUserId: by.userId,
      data: { reference: payment.reference },
    });
    references.push(payment.reference);
  }
  return references;
}

/**
 * Asks the provider for the money back on an attempt marked refund_pending. Safe to call
 * again (the reconciler does, after a provider error): a refund already asked for is only
 * looked up by its own id (PAY-17), never asked twice.
 */
export async function requestRefund(ctx: PaymentsContext, reference: string): Promise<void> {
  const payment = await repo.findPaymentByReference(ctx.db, reference);
  // Cash to hand back at the counter is staff's to record (settleRefundByHand), not a provider's.
  if (!payment || payment.status !== 'refund_pending' || payment.provider === 'cash') return;
  try {
    const result = payment.refundId
      ? await ctx.provider.refundStatus(payment.refundId)
      : await ctx.provider.refund(...(await refundRequestOf(ctx.db, payment)));
    if (!payment.refundId)
      await repo.updatePayment(ctx.db, payment.id, { refundId: result.refundId });
    await applyRefundStatus(ctx, reference, result, 'system');
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    ctx.log.warn({ err: error, reference }, 'refund request failed; the reconciler will try again');
  }
}

/**
 * What to ask the provider to give back for a refund_pending row: a partial refund (BOOK-18)
 * takes its own amount from the charge it names; a whole refund of a charge gives back what
 * partial refunds have not already taken (Paystack's refund takes `amount` in pesewas).
 */
async function refundRequestOf(db: Executor, payment: repo.PaymentRow): Promise<[string, number]> {
  if (payment.purpose === 'partial_refund' && payment.refundOf)
    return [payment.refundOf, payment.amountPesewas];
  const taken = await repo.partiallyRefundedPesewas(db, payment.reference);
  return [payment.reference, payment.amountPesewas - taken];
}

/** One refund's state, from its lookup by id or a refund webhook, applied once. */
export async function applyRefundStatus(
  ctx: PaymentsContext,
  reference: string,
  result: RefundResult,
  actor: BookingEventActor,
) {
  if (result.status === 'processed') await markRefunded(ctx, reference, actor);
  else if (result.status === 'failed') await markRefundFailed(ctx, reference, FLAGS.refundFailed);
  else if (result.status === 'needs-attention')
    await markRefundFailed(ctx, reference, FLAGS.refundNeedsAttention);
}

/** The provider returned the money. Idempotent: only a refund_pending attempt moves. */
export async function markRefunded(
  ctx: PaymentsContext,
  reference: string,
  actor: BookingEventActor,
  settled?: { note: string; userId: number },
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const payment = await repo.lockPayment(tx, reference);
    if (!payment || payment.status !== 'refund_pending') return false;
    await repo.updatePayment(tx, payment.id, {
      status: 'refunded',
      refundedAt: new Date(),
      ...(settled ? { refundNote: settled.note, flaggedReason: null, flaggedAt: null } : {}),
    });
    // The booking reads 'refunded' when this was the money that paid it and it is cancelled.
    const booking = await lockBooking(tx, payment.bookingId);
    const data = {
      reference,
      amount_pesewas: payment.amountPesewas,
      ...(settled ? { settled_by_hand: true } : {}),
    };
    const by = { actor, actorUserId: settled?.userId, note: settled?.note };
    // A change's partial refund (BOOK-18) is not the money that paid the booking.
    const marked =
      booking &&
      payment.purpose !== 'partial_refund' &&
      (await tryTransition(tx, 'refund_completed', booking, {
        ...by,
        data: { ...data, booking_marked_refunded: true },
      }));
    if (!marked) {
      await recordBookingNote(tx, {
        bookingId: payment.bookingId,
        type: 'refunded',
        ...by,
        data: { ...data, booking_marked_refunded: false },
      });
    }
    return true;
  });
}

/** PAY-18: a refund that failed or needs attention is flagged for staff, once. */
async function markRefundFailed(ctx: PaymentsContext, reference: string, reason: string) {
  await ctx.db.transaction(async (tx) => {
    const payment = await repo.lockPayment(tx, reference);
    if (!payment || payment.status !== 'refund_pending' || payment.flaggedReason === reason) return;
    await repo.updatePayment(tx, payment.id, { flaggedReason: reason, flaggedAt: new Date() });
    await recordBookingNote(tx, {
      bookingId: payment.bookingId,
      type: 'payment_flagged',
      actor: 'provider',
      note: reason,
      data: { reference, refund_id: payment.refundId },
    });
  });
}

/** The refund of a booking that failed or needs attention, for the staff actions. */
async function openFailedRefund(tx: Executor, bookingId: number, reference?: string) {
  const row = await repo.findFailedRefund(tx, bookingId, reference);
  if (!row) throw new HttpError(409, messages.payment.refundNotOpen);
  return row;
}

/** Staff: 'Retry refund' asks the provider for a new refund (PAY-18). */
export async function retryFailedRefund(
  ctx: PaymentsContext,
  bookingId: number,
  userId: number,
  reference?: string,
) {
  const payment = await ctx.db.transaction(async (tx) => {
    const row = await openFailedRefund(tx, bookingId, reference);
    if (row.provider === 'cash') throw new HttpError(409, messages.payment.refundAtCounter);
    await repo.updatePayment(tx, row.id, { refundId: null, flaggedReason: null, flaggedAt: null });
    await recordBookingNote(tx, {
      bookingId,
      type: 'refund_requested',
      actor: 'staff',
      actorUserId: userId,
      data: { reference: row.reference, retry_of: row.refundId },
    });
    return row;
  });
  await requestRefund(ctx, payment.reference);
}

/** Staff: 'Settled by hand' records money returned outside the provider, with a note. */
export async function settleRefundByHand(
  ctx: PaymentsContext,
  bookingId: number,
  userId: number,
  note: string,
  reference?: string,
) {
  const payment = await ctx.db.transaction((tx) => openFailedRefund(tx, bookingId, reference));
  await markRefunded(ctx, payment.reference, 'staff', { note, userId });
}
