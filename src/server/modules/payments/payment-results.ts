/**
 * Applying what a provider says about an attempt (PAY-5, PAY-6, PAY-16): the one function
 * every source of news goes through (the renter's verify, the webhook, the reconciler, the
 * sandbox), and what success, a decline, a timeout or a reversal does to the attempt and its
 * booking, a change's top-up included (BOOK-18). Money that cannot be kept goes to refunds.ts.
 */
import { todayInAccra } from '../../../shared/dates';
import { rentalBalancePesewas } from '../../../shared/handover';
import type { Executor } from '../../db/client';
import { executeTogether } from '../../db/together';
import { bookings } from '../../db/schema/index';
import { eq } from 'drizzle-orm';
import { withRetry } from '../../db/retry';
import {
  lockBookingWithCar,
  recordBookingNote,
  tryTransition,
  type BookingEventActor,
  type BookingRow,
} from '../bookings/booking-lifecycle';
import { mayTransition } from '../bookings/booking-transitions';
import { topUpReceiptMessages } from '../messages/booking-messages';
import { askedPesewas, paidAsAsked } from './paid-amount';
import type { ProviderTransaction } from './payment-provider';
import { FLAGS, type PaymentsContext, type Source } from './payments-context';
import * as repo from './payments.repository';
import { requestRefund } from './refunds';

export type ApplyOutcome =
  'unknown_reference' | 'unchanged' | 'confirmed' | 'failed' | 'flagged' | 'refunding';

/** Attempt states a success has already moved past: the same news again changes nothing. */
const SETTLED_BY_SUCCESS = new Set(['success', 'refund_pending', 'refunded']);

/**
 * Attempts still waiting for the provider's word: 'pending', and 'unknown' (the charge request
 * got no answer, PAY-23), which any news from the provider settles like a pending one.
 */
const OPEN = new Set(['pending', 'unknown']);

const actorOf = (source: Source): BookingEventActor =>
  source === 'webhook' ? 'provider' : source === 'verify' ? 'renter' : 'system';

/**
 * THE function that applies what a provider says about an attempt (PAY-5, PAY-6). Every
 * caller (the renter's verify, the webhook, the reconciler, the sandbox) goes through it.
 * Idempotent: it acts only on an attempt still in the state the news is about, under row
 * locks, so a duplicate or late delivery changes nothing. A booking becomes paid only when the
 * provider's verify says success AND the amount asked for and the currency are the booking's
 * (paidAsAsked); news is never a webhook's payload (PAY-22).
 */
export async function applyProviderTransaction(
  ctx: PaymentsContext,
  news: ProviderTransaction,
  source: Source,
): Promise<ApplyOutcome> {
  // Retried deliveries are the common case (Paystack resends until it gets a 200): news that
  // an already-settled attempt was settled is answered without taking any lock.
  const known = await repo.findPaymentByReference(ctx.db, news.reference);
  if (!known) return 'unknown_reference';
  if (
    !OPEN.has(known.status) &&
    (news.status === 'success'
      ? SETTLED_BY_SUCCESS.has(known.status)
      : news.status !== 'reversed' || known.status === 'reversed')
  ) {
    return 'unchanged';
  }
  const outcome = await withRetry(() =>
    ctx.db.transaction(async (tx): Promise<ApplyOutcome> => {
      const payment = await repo.lockPayment(tx, news.reference);
      if (!payment) return 'unknown_reference';
      const booking = await lockBookingWithCar(tx, payment.bookingId);
      if (!booking) return 'unknown_reference';
      const event = {
        bookingId: booking.id,
        actor: actorOf(source),
        data: { reference: payment.reference, source },
      };

      if (news.status === 'success') {
        // Money moved already once for this attempt: nothing more to do.
        if (SETTLED_BY_SUCCESS.has(payment.status)) return 'unchanged';
        const paidAt = news.paidAt ? new Date(news.paidAt) : new Date();
        if (!paidAsAsked(payment, news)) {
          await repo.updatePayment(tx, payment.id, {
            status: 'success',
            chargeStep: null,
            paidAt,
            gatewayResponse: news.gatewayResponse,
            flaggedReason: FLAGS.amountMismatch,
            flaggedAt: new Date(),
            providerData: news.raw as object,
          });
          await recordBookingNote(tx, {
            ...event,
            type: 'payment_flagged',
            note: `Provider reported ${askedPesewas(news)} ${news.currency}, expected ${payment.amountPesewas} ${payment.currency}`,
          });
          return 'flagged';
        }

        if (payment.purpose === 'top_up') return applyTopUpPaid(tx, payment, booking, event, news);

        // Held for this payment, or released by the clock or a decline and the dates are
        // still free: the booking stands (the lifecycle's two payment_verified transitions).
        const confirmed =
          (await tryTransition(tx, 'payment_verified', booking, event)) ??
          (await tryTransition(tx, 'payment_verified_after_release', booking, {
            ...event,
            note: 'Paid after the hold ended; the dates were still free, so the booking stands',
          })) ??
          (await payOnPickupPaidOnline(tx, booking, event));
        if (confirmed) {
          await repo.updatePayment(tx, payment.id, {
            status: 'success',
            chargeStep: null,
            paidAt,
            gatewayResponse: news.gatewayResponse,
            providerData: news.raw as object,
          });
          return 'confirmed';
        }

        // Paid, but the booking cannot be honoured: the dates went to someone else, it was
        // already paid by another attempt, or the renter cancelled. Give the money back.
        const reason =
          booking.paymentStatus === 'paid'
            ? FLAGS.duplicate
            : booking.holdExpiresAt === null && booking.status === 'cancelled'
              ? FLAGS.paidAfterCancel
              : FLAGS.paidAfterRelease;
        await repo.updatePayment(tx, payment.id, {
          status: 'refund_pending',
          chargeStep: null,
          paidAt,
          gatewayResponse: news.gatewayResponse,
          flaggedReason: reason,
          flaggedAt: new Date(),
          providerData: news.raw as object,
        });
        await recordBookingNote(tx, { ...event, type: 'payment_flagged', note: reason });
        await recordBookingNote(tx, { ...event, type: 'refund_requested', note: reason });
        return 'refunding';
      }

      if (news.status === 'reversed') return applyReversal(tx, payment, event, news);
      if (!OPEN.has(payment.status)) return 'unchanged';
      if (payment.purpose === 'top_up') return applyTopUpUnpaid(ctx, tx, payment, event, news);
      // BOOK-23: a pay-on-pickup booking's own prompt has no booking hold; it is given up after
      // the hold's time from its start, and the booking stays as it was.
      const holdOver =
        booking.holdExpiresAt !== null
          ? booking.holdExpiresAt.getTime() <= Date.now()
          : payment.createdAt.getTime() + ctx.holdSeconds * 1000 <= Date.now();
      const final = news.status === 'failed' || holdOver;
      if (!final) {
        // The provider knows the charge: an unknown attempt is a pending one from now on.
        if (payment.status === 'unknown')
          await repo.updatePayment(tx, payment.id, { status: 'pending' });
        return 'unchanged';
      }

      const declined = news.status === 'failed';
      await repo.updatePayment(tx, payment.id, {
        status: declined ? 'failed' : 'abandoned',
        chargeStep: null,
        gatewayResponse: news.gatewayResponse ?? (declined ? null : 'Not approved in time'),
        providerData: news.raw as object,
      });
      // The booking is released unless another attempt of it may still pay.
      const release = declined ? 'payment_failed' : 'hold_expired';
      const now = { today: todayInAccra(), now: Date.now() };
      if (
        mayTransition(release, booking, event.actor, now) &&
        !(await repo.hasOtherPendingPayment(tx, booking.id, payment.id))
      ) {
        // STAFF-46: a prompt staff sent (the customer on the phone or at the counter) declined
        // keeps the booking held until its hold ends, so staff may send it again; the hold's
        // end releases it (hold_expired, here or by the reconciler's sweep).
        if (holdOver || !(await repo.promptStartedByStaff(tx, booking.id, payment.reference))) {
          await tryTransition(tx, release, booking, { ...event, note: news.gatewayResponse }, now);
        } else {
          await recordBookingNote(tx, {
            ...event,
            type: 'prompt_declined',
            note: news.gatewayResponse,
            data: { ...event.data, hold_expires_at: booking.holdExpiresAt?.toISOString() },
          });
        }
      }
      return 'failed';
    }),
  );
  if (outcome === 'refunding') await requestRefund(ctx, news.reference);
  return outcome;
}

/**
 * BOOK-23: a pay-on-pickup booking paid now by mobile money becomes a paid mobile money booking
 * (its refunds, deposit and receipt then follow the charge). Undefined when it is not one.
 */
async function payOnPickupPaidOnline(tx: Executor, booking: BookingRow, event: NewsEvent) {
  const paid = await tryTransition(tx, 'paid_online', booking, event);
  if (!paid) return undefined;
  await tx
    .update(bookings)
    .set({ paymentMethod: 'mobile_money' })
    .where(eq(bookings.id, booking.id));
  return { ...paid, paymentMethod: 'mobile_money' };
}

type NewsEvent = { bookingId: number; actor: BookingEventActor; data: Record<string, unknown> };

/**
 * A change's top-up was paid (BOOK-18): the money is the booking's as long as the booking
 * stands; a booking cancelled meanwhile gets it back like any payment after a cancel.
 */
async function applyTopUpPaid(
  tx: Executor,
  payment: repo.PaymentRow,
  booking: BookingRow,
  event: NewsEvent,
  news: ProviderTransaction,
): Promise<ApplyOutcome> {
  const paid = {
    chargeStep: null,
    paidAt: news.paidAt ? new Date(news.paidAt) : new Date(),
    gatewayResponse: news.gatewayResponse,
    providerData: news.raw as object,
  };
  // The difference was already paid by another prompt (a given-up one approved late after the
  // renter asked again, BOOK-21): this money is paid twice and goes back (PAY-8, PAY-24).
  const owed = rentalBalancePesewas(booking, await repo.findPaymentsOf(tx, booking.id));
  const reason =
    booking.status === 'cancelled' ? FLAGS.paidAfterCancel : owed <= 0 ? FLAGS.duplicate : null;
  if (reason) {
    await repo.updatePayment(tx, payment.id, {
      ...paid,
      status: 'refund_pending',
      flaggedReason: reason,
      flaggedAt: new Date(),
    });
    await recordBookingNote(tx, { ...event, type: 'payment_flagged', note: reason });
    await recordBookingNote(tx, { ...event, type: 'refund_requested', note: reason });
    return 'refunding';
  }
  await repo.updatePayment(tx, payment.id, { ...paid, status: 'success' });
  await recordBookingNote(tx, {
    ...event,
    type: 'top_up_paid',
    data: { ...event.data, amount_pesewas: payment.amountPesewas },
  });
  // BOOK-21: its receipt, as the first payment has one (a top-up may be less than what is owed
  // when a change came between; the text then says what is left).
  await executeTogether(
    tx,
    await topUpReceiptMessages(tx, booking, payment, Math.max(0, owed - payment.amountPesewas)),
  );
  return 'confirmed';
}

/**
 * A change's top-up declined, or not approved within the hold's time (BOOK-18): the change
 * stands and the difference is due at the counter; the booking's state is not touched.
 */
async function applyTopUpUnpaid(
  ctx: PaymentsContext,
  tx: Executor,
  payment: repo.PaymentRow,
  event: NewsEvent,
  news: ProviderTransaction,
): Promise<ApplyOutcome> {
  const declined = news.status === 'failed';
  const timedOut = payment.createdAt.getTime() + ctx.holdSeconds * 1000 <= Date.now();
  if (!declined && !timedOut) return 'unchanged';
  await repo.updatePayment(tx, payment.id, {
    status: declined ? 'failed' : 'abandoned',
    chargeStep: null,
    gatewayResponse: news.gatewayResponse ?? (declined ? null : 'Not approved in time'),
    providerData: news.raw as object,
  });
  await recordBookingNote(tx, {
    ...event,
    type: 'top_up_failed',
    note: 'The difference is due at the counter',
    data: { ...event.data, amount_pesewas: payment.amountPesewas },
  });
  return 'failed';
}

/**
 * PAY-16: a reversal is money that came and went back, not a decline. The attempt is marked
 * 'reversed' and flagged, so the booking shows as flagged in the staff console; a booking it
 * had not confirmed yet is released like a declined one, and a confirmed one stays for staff
 * to settle with the renter.
 */
async function applyReversal(
  tx: Executor,
  payment: repo.PaymentRow,
  event: { bookingId: number; actor: BookingEventActor; data: Record<string, unknown> },
  news: ProviderTransaction,
): Promise<ApplyOutcome> {
  if (payment.status === 'reversed' || payment.status === 'refunded') return 'unchanged';
  // Our own refund shows as a reversal too: that is the refund completing, not news.
  if (payment.status === 'refund_pending') return 'unchanged';
  await repo.updatePayment(tx, payment.id, {
    status: 'reversed',
    chargeStep: null,
    gatewayResponse: news.gatewayResponse,
    flaggedReason: FLAGS.reversed,
    flaggedAt: new Date(),
    providerData: news.raw as object,
  });
  await recordBookingNote(tx, { ...event, type: 'payment_flagged', note: FLAGS.reversed });
  if (OPEN.has(payment.status)) {
    const booking = await lockBookingWithCar(tx, payment.bookingId);
    const now = { today: todayInAccra(), now: Date.now() };
    if (
      booking &&
      mayTransition('payment_failed', booking, event.actor, now) &&
      !(await repo.hasOtherPendingPayment(tx, booking.id, payment.id))
    ) {
      await tryTransition(tx, 'payment_failed', booking, { ...event, note: FLAGS.reversed }, now);
    }
  }
  return 'flagged';
}
