import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { MobileMoneyNetwork } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { pesewasToCedis } from '../../../shared/money';
import type { Payment } from '../../../shared/schemas/payments';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/client';
import { bookings } from '../../db/schema/index';
import { HttpError } from '../../http-errors';
import { hasOverlappingBooking } from '../cars/cars.repository';
import type { BookingRow } from '../bookings/bookings.repository';
import { recordBookingEvent, type BookingEventActor } from '../bookings/booking-events';
import { withRetry } from '../../db/retry';
import { ProviderError, type PaymentProvider, type ProviderTransaction } from './payment-provider';
import * as repo from './payments.repository';

export interface PaymentsContext {
  db: Database;
  provider: PaymentProvider;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** How long a mobile money booking holds the car (PRODUCT.md P3: 15 minutes). */
  holdSeconds: number;
}

/** Why an attempt needs staff; also read by the renter's message below. */
export const FLAGS = {
  amountMismatch: 'amount_or_currency_mismatch',
  paidAfterRelease: 'paid_after_dates_released',
  duplicate: 'paid_twice',
  paidAfterCancel: 'paid_after_cancellation',
  refundFailed: 'refund_failed',
} as const;

// Crockford-style alphabet: a reference read out over the phone has no 0/O or 1/I/L.
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** A fresh reference per attempt (Paystack refuses a reused one): the booking code and 10 random characters. */
export function newPaymentReference(bookingCode: string): string {
  const bytes = randomBytes(10);
  let suffix = '';
  for (const byte of bytes) suffix += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  return `${bookingCode}-${suffix}`;
}

/** Paystack wants an email; renters sign up with a phone number, so one is derived from it. */
export function payerEmail(
  user: { email: string | null; msisdn: string },
  publicUrl: string,
): string {
  if (user.email) return user.email;
  const host = new URL(publicUrl).hostname.replace(/^www\./, '');
  return `${user.msisdn}@${host.includes('.') ? host : 'carlink.com.gh'}`;
}

export interface StartPaymentInput {
  booking: BookingRow;
  user: { id: number; name: string; email: string | null; msisdn: string };
  network: MobileMoneyNetwork;
  walletMsisdn: string;
}

/**
 * Starts the mobile money payment of a just-created booking. If the provider cannot start
 * it (down, slow, error), the booking is released at once rather than holding the car for
 * 15 minutes nobody can use, and the renter is told plainly.
 */
export async function startPayment(
  ctx: PaymentsContext,
  input: StartPaymentInput,
): Promise<repo.PaymentRow> {
  const { booking, user } = input;
  const reference = newPaymentReference(booking.bookingCode);
  const payment = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertPayment(tx, {
      bookingId: booking.id,
      provider: ctx.provider.name,
      reference,
      amountPesewas: booking.totalPesewas,
      currency: 'GHS',
      network: input.network,
      walletMsisdn: input.walletMsisdn,
    });
    await recordBookingEvent(tx, {
      bookingId: booking.id,
      type: 'payment_started',
      actor: 'renter',
      actorUserId: user.id,
      data: {
        reference,
        provider: ctx.provider.name,
        network: input.network,
        wallet_msisdn: input.walletMsisdn,
      },
    });
    return row;
  });

  try {
    const started = await ctx.provider.initialize({
      reference,
      amountPesewas: booking.totalPesewas,
      currency: 'GHS',
      email: payerEmail(user, ctx.publicUrl),
      network: input.network,
      walletMsisdn: input.walletMsisdn,
      callbackUrl: `${ctx.publicUrl}/payment/callback`,
      metadata: {
        booking_code: booking.bookingCode,
        renter_name: user.name,
        renter_phone: `+${user.msisdn}`,
        car_id: booking.carId,
        start_date: booking.startDate,
        end_date: booking.endDate,
      },
    });
    return await repo.updatePayment(ctx.db, payment.id, {
      authorizationUrl: started.authorizationUrl,
      accessCode: started.accessCode,
    });
  } catch (error) {
    ctx.log.warn({ err: error, reference }, 'payment could not be started; releasing the booking');
    await ctx.db.transaction(async (tx) => {
      await repo.updatePayment(tx, payment.id, {
        status: 'failed',
        gatewayResponse: 'Could not start the payment',
      });
      const released = await tx
        .update(bookings)
        .set({
          status: 'cancelled',
          paymentStatus: 'failed',
          cancelledAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(bookings.id, booking.id),
            eq(bookings.status, 'pending'),
            eq(bookings.paymentStatus, 'pending'),
          ),
        )
        .returning({ id: bookings.id });
      if (released.length) {
        await recordBookingEvent(tx, {
          bookingId: booking.id,
          type: 'payment_failed',
          actor: 'system',
          note: 'The payment provider could not start the payment',
          data: { reference, error: error instanceof Error ? error.message : String(error) },
        });
      }
    });
    throw new HttpError(502, messages.payment.startFailed);
  }
}

export type ApplyOutcome =
  'unknown_reference' | 'unchanged' | 'confirmed' | 'failed' | 'flagged' | 'refunding';

/** Attempt states a success has already moved past: the same news again changes nothing. */
const SETTLED_BY_SUCCESS = new Set(['success', 'refund_pending', 'refunded']);

type Source = 'verify' | 'webhook' | 'reconciler' | 'sandbox';
const actorOf = (source: Source): BookingEventActor =>
  source === 'webhook' ? 'provider' : source === 'verify' ? 'renter' : 'system';

/**
 * THE function that applies what a provider says about an attempt (PRODUCT.md P5). Every
 * caller (the renter's verify, the webhook, the reconciler, the sandbox) goes through it.
 * Idempotent: it acts only on an attempt still in the state the news is about, under row
 * locks, so a duplicate or late delivery changes nothing. A booking becomes paid only when the
 * provider says success AND the amount and currency are the booking's.
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
    known.status !== 'pending' &&
    (news.status === 'success' ? SETTLED_BY_SUCCESS.has(known.status) : true)
  ) {
    return 'unchanged';
  }
  const outcome = await withRetry(() =>
    ctx.db.transaction(async (tx): Promise<ApplyOutcome> => {
      const payment = await repo.lockPayment(tx, news.reference);
      if (!payment) return 'unknown_reference';
      const booking = await repo.lockBookingWithCar(tx, payment.bookingId);
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
        if (news.amountPesewas !== payment.amountPesewas || news.currency !== payment.currency) {
          await repo.updatePayment(tx, payment.id, {
            status: 'success',
            paidAt,
            gatewayResponse: news.gatewayResponse,
            flaggedReason: FLAGS.amountMismatch,
            flaggedAt: new Date(),
            providerData: news.raw as object,
          });
          await recordBookingEvent(tx, {
            ...event,
            type: 'payment_flagged',
            note: `Provider reported ${news.amountPesewas} ${news.currency}, expected ${payment.amountPesewas} ${payment.currency}`,
          });
          return 'flagged';
        }

        const held = booking.status === 'pending' && booking.paymentStatus === 'pending';
        // Released by the clock or a decline (not by the renter), and nobody took the dates since.
        const revivable =
          booking.status === 'cancelled' &&
          booking.paymentStatus === 'failed' &&
          booking.holdExpiresAt !== null &&
          !(await hasOverlappingBooking(tx, booking.carId, booking.startDate, booking.endDate));
        if (held || revivable) {
          await repo.updatePayment(tx, payment.id, {
            status: 'success',
            paidAt,
            gatewayResponse: news.gatewayResponse,
            providerData: news.raw as object,
          });
          await repo.updateBooking(tx, booking.id, {
            status: 'confirmed',
            paymentStatus: 'paid',
            holdExpiresAt: null,
            cancelledAt: null,
          });
          await recordBookingEvent(tx, {
            ...event,
            type: 'paid',
            note: revivable
              ? 'Paid after the hold ended; the dates were still free, so the booking stands'
              : null,
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
          paidAt,
          gatewayResponse: news.gatewayResponse,
          flaggedReason: reason,
          flaggedAt: new Date(),
          providerData: news.raw as object,
        });
        await recordBookingEvent(tx, { ...event, type: 'payment_flagged', note: reason });
        await recordBookingEvent(tx, { ...event, type: 'refund_requested', note: reason });
        return 'refunding';
      }

      if (payment.status !== 'pending') return 'unchanged';
      const holdOver =
        booking.holdExpiresAt !== null && booking.holdExpiresAt.getTime() <= Date.now();
      const final = news.status === 'failed' || news.status === 'reversed' || holdOver;
      if (!final) return 'unchanged';

      const declined = news.status === 'failed' || news.status === 'reversed';
      await repo.updatePayment(tx, payment.id, {
        status: declined ? 'failed' : 'abandoned',
        gatewayResponse: news.gatewayResponse ?? (declined ? null : 'Not approved in time'),
        providerData: news.raw as object,
      });
      if (
        booking.status === 'pending' &&
        booking.paymentStatus === 'pending' &&
        !(await repo.hasOtherPendingPayment(tx, booking.id, payment.id))
      ) {
        await repo.updateBooking(tx, booking.id, {
          status: 'cancelled',
          paymentStatus: 'failed',
          cancelledAt: new Date(),
        });
        await recordBookingEvent(tx, {
          ...event,
          type: declined ? 'payment_failed' : 'hold_expired',
          note: news.gatewayResponse,
        });
      }
      return 'failed';
    }),
  );
  if (outcome === 'refunding') await requestRefund(ctx, news.reference);
  return outcome;
}

/**
 * Asks the provider for the money back on an attempt marked refund_pending. Safe to call
 * again (the reconciler does, after a provider error): a refund already asked for is only
 * checked, never asked twice.
 */
export async function requestRefund(ctx: PaymentsContext, reference: string): Promise<void> {
  const payment = await repo.findPaymentByReference(ctx.db, reference);
  if (!payment || payment.status !== 'refund_pending') return;
  try {
    const result = payment.refundId
      ? await ctx.provider.refundStatus(reference)
      : await ctx.provider.refund(reference, payment.amountPesewas);
    if (!result) return;
    if (!payment.refundId)
      await repo.updatePayment(ctx.db, payment.id, { refundId: result.refundId });
    if (result.status === 'processed') await markRefunded(ctx, reference, 'system');
    if (result.status === 'failed') await markRefundFailed(ctx, reference);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    ctx.log.warn({ err: error, reference }, 'refund request failed; the reconciler will try again');
  }
}

/** The provider returned the money. Idempotent: only a refund_pending attempt moves. */
export async function markRefunded(
  ctx: PaymentsContext,
  reference: string,
  actor: BookingEventActor,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const payment = await repo.lockPayment(tx, reference);
    if (!payment || payment.status !== 'refund_pending') return false;
    await repo.updatePayment(tx, payment.id, { status: 'refunded', refundedAt: new Date() });
    // The booking reads 'refunded' when this was the money that paid it and it is cancelled.
    const updated = await tx
      .update(bookings)
      .set({ paymentStatus: 'refunded', updatedAt: sql`now()` })
      .where(
        and(
          eq(bookings.id, payment.bookingId),
          eq(bookings.status, 'cancelled'),
          eq(bookings.paymentStatus, 'paid'),
        ),
      )
      .returning({ id: bookings.id });
    await recordBookingEvent(tx, {
      bookingId: payment.bookingId,
      type: 'refunded',
      actor,
      data: {
        reference,
        amount_pesewas: payment.amountPesewas,
        booking_marked_refunded: updated.length > 0,
      },
    });
    return true;
  });
}

async function markRefundFailed(ctx: PaymentsContext, reference: string) {
  const payment = await repo.findPaymentByReference(ctx.db, reference);
  if (!payment || payment.status !== 'refund_pending') return;
  await repo.updatePayment(ctx.db, payment.id, {
    flaggedReason: FLAGS.refundFailed,
    flaggedAt: new Date(),
  });
  await recordBookingEvent(ctx.db, {
    bookingId: payment.bookingId,
    type: 'payment_flagged',
    actor: 'provider',
    note: FLAGS.refundFailed,
    data: { reference },
  });
}

/**
 * Cancels a paid booking and gives the money back through the provider (PRODUCT.md P3).
 * `today` limits renters to bookings that have not started; staff pass null.
 */
export async function cancelPaidBooking(
  ctx: PaymentsContext,
  bookingId: number,
  by: { actor: 'renter' | 'staff'; userId: number; today: string | null; note?: string },
): Promise<BookingRow | undefined> {
  const result = await ctx.db.transaction(async (tx) => {
    const booking = await repo.lockBookingWithCar(tx, bookingId);
    if (
      !booking ||
      booking.paymentStatus !== 'paid' ||
      !['pending', 'confirmed'].includes(booking.status)
    )
      return undefined;
    if (by.today !== null && !(booking.startDate > by.today)) return undefined;
    const cancelled = await repo.updateBooking(tx, booking.id, {
      status: 'cancelled',
      cancelledAt: new Date(),
      holdExpiresAt: null,
    });
    await recordBookingEvent(tx, {
      bookingId,
      type: 'cancelled',
      actor: by.actor,
      actorUserId: by.userId,
      note: by.note ?? null,
    });
    const paid = await repo.findSuccessfulPayment(tx, bookingId);
    if (paid) {
      await repo.updatePayment(tx, paid.id, { status: 'refund_pending' });
      await recordBookingEvent(tx, {
        bookingId,
        type: 'refund_requested',
        actor: by.actor,
        actorUserId: by.userId,
        data: { reference: paid.reference },
      });
    }
    return { cancelled, refundReference: paid?.reference };
  });
  if (!result) return undefined;
  if (result.refundReference) {
    await requestRefund(ctx, result.refundReference);
    return (await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0];
  }
  return result.cancelled;
}

/** Asks the provider and applies the answer; a provider hiccup leaves things as they were. */
export async function verifyAndApply(
  ctx: PaymentsContext,
  reference: string,
  source: Source,
): Promise<void> {
  let news: ProviderTransaction;
  try {
    news = await ctx.provider.verify(reference);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    ctx.log.warn({ err: error, reference }, 'payment verification failed');
    await expireIfUnknownToProvider(ctx, reference, error);
    return;
  }
  await applyProviderTransaction(ctx, news, source);
}

/**
 * An attempt the provider never heard of (initialize died half-way) would otherwise stay
 * pending forever: once its hold is over it is abandoned like any unapproved one.
 */
async function expireIfUnknownToProvider(
  ctx: PaymentsContext,
  reference: string,
  error: ProviderError,
) {
  if (error.status !== 404 && error.status !== 400) return;
  const payment = await repo.findPaymentByReference(ctx.db, reference);
  if (!payment || payment.status !== 'pending') return;
  await applyProviderTransaction(
    ctx,
    {
      reference,
      status: 'abandoned',
      amountPesewas: payment.amountPesewas,
      currency: payment.currency,
      gatewayResponse: 'Unknown to the payment provider',
      paidAt: null,
      raw: { error: error.message },
    },
    'reconciler',
  );
}

/**
 * One pass of the reconciler: failures and timeouts send no webhook, so open attempts are
 * asked about. Safe with several processes (claimOpenPayments leases rows).
 */
export async function reconcileOnce(
  ctx: PaymentsContext,
  options = { limit: 20, minAgeSeconds: 30, leaseSeconds: 20 },
) {
  const claimed = rowsOf<{ reference: string; status: string }>(
    await repo.claimOpenPayments(
      ctx.db,
      options.limit,
      options.minAgeSeconds,
      options.leaseSeconds,
    ),
  );
  for (const { reference, status } of claimed) {
    if (status === 'refund_pending') await requestRefund(ctx, reference);
    else await verifyAndApply(ctx, reference, 'reconciler');
  }
  return claimed.length;
}

/** The renter's view of an attempt, with the reason in words when something went wrong. */
export function toApiPayment(
  row: repo.PaymentRow,
  booking: Pick<BookingRow, 'holdExpiresAt'>,
): Payment {
  return {
    provider: row.provider as Payment['provider'],
    reference: row.reference,
    status: row.status as Payment['status'],
    network: (row.network as Payment['network']) ?? null,
    wallet_msisdn: row.walletMsisdn,
    amount: pesewasToCedis(row.amountPesewas),
    currency: row.currency,
    authorization_url: row.authorizationUrl,
    access_code: row.accessCode,
    expires_at: booking.holdExpiresAt?.toISOString() ?? null,
    message: renterMessage(row),
  };
}

function renterMessage(row: repo.PaymentRow): string | null {
  if (row.flaggedReason === FLAGS.amountMismatch) return messages.payment.flagged;
  if (row.flaggedReason === FLAGS.paidAfterRelease) return messages.payment.refundedAfterExpiry;
  if (row.status === 'failed') return row.gatewayResponse ?? messages.payment.declined;
  if (row.status === 'abandoned') return messages.payment.expired;
  return null;
}
