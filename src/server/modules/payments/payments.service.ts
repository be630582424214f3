import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { MobileMoneyNetwork } from '../../../shared/constants';
import { todayInAccra } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { pesewasToCedis } from '../../../shared/money';
import type { Payment } from '../../../shared/schemas/payments';
import type { Database, Executor } from '../../db/client';
import { rowsOf } from '../../db/client';
import { HttpError } from '../../http-errors';
import {
  lockBooking,
  lockBookingWithCar,
  recordBookingNote,
  tryTransition,
  type BookingEventActor,
  type BookingRow,
} from '../bookings/booking-lifecycle';
import { mayTransition } from '../bookings/booking-transitions';
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
    await recordBookingNote(tx, {
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
      await tryTransition(tx, 'payment_failed', booking, {
        actor: 'system',
        note: 'The payment provider could not start the payment',
        data: { reference, error: error instanceof Error ? error.message : String(error) },
      });
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
        if (news.amountPesewas !== payment.amountPesewas || news.currency !== payment.currency) {
          await repo.updatePayment(tx, payment.id, {
            status: 'success',
            paidAt,
            gatewayResponse: news.gatewayResponse,
            flaggedReason: FLAGS.amountMismatch,
            flaggedAt: new Date(),
            providerData: news.raw as object,
          });
          await recordBookingNote(tx, {
            ...event,
            type: 'payment_flagged',
            note: `Provider reported ${news.amountPesewas} ${news.currency}, expected ${payment.amountPesewas} ${payment.currency}`,
          });
          return 'flagged';
        }

        // Held for this payment, or released by the clock or a decline and the dates are
        // still free: the booking stands (the lifecycle's two payment_verified transitions).
        const confirmed =
          (await tryTransition(tx, 'payment_verified', booking, event)) ??
          (await tryTransition(tx, 'payment_verified_after_release', booking, {
            ...event,
            note: 'Paid after the hold ended; the dates were still free, so the booking stands',
          }));
        if (confirmed) {
          await repo.updatePayment(tx, payment.id, {
            status: 'success',
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
      // The booking is released unless another attempt of it may still pay.
      const release = declined ? 'payment_failed' : 'hold_expired';
      const now = { today: todayInAccra(), now: Date.now() };
      if (
        mayTransition(release, booking, event.actor, now) &&
        !(await repo.hasOtherPendingPayment(tx, booking.id, payment.id))
      ) {
        await tryTransition(tx, release, booking, { ...event, note: news.gatewayResponse }, now);
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
    const booking = await lockBooking(tx, payment.bookingId);
    const data = { reference, amount_pesewas: payment.amountPesewas };
    const marked =
      booking &&
      (await tryTransition(tx, 'refund_completed', booking, {
        actor,
        data: { ...data, booking_marked_refunded: true },
      }));
    if (!marked) {
      await recordBookingNote(tx, {
        bookingId: payment.bookingId,
        type: 'refunded',
        actor,
        data: { ...data, booking_marked_refunded: false },
      });
    }
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
  await recordBookingNote(ctx.db, {
    bookingId: payment.bookingId,
    type: 'payment_flagged',
    actor: 'provider',
    note: FLAGS.refundFailed,
    data: { reference },
  });
}

/**
 * The attempt that paid a just-cancelled booking is to be given back (inside the cancel's
 * transaction); returns its reference for requestRefund after commit, or undefined when no
 * attempt paid it through a provider.
 */
export async function markRefundPending(
  tx: Executor,
  bookingId: number,
  by: { actor: BookingEventActor; userId: number },
): Promise<string | undefined> {
  const paid = await repo.findSuccessfulPayment(tx, bookingId);
  if (!paid) return undefined;
  await repo.updatePayment(tx, paid.id, { status: 'refund_pending' });
  await recordBookingNote(tx, {
    bookingId,
    type: 'refund_requested',
    actor: by.actor,
    actorUserId: by.userId,
    data: { reference: paid.reference },
  });
  return paid.reference;
}

/** Cash taken over the counter for a pay-on-pickup booking: a successful 'cash' attempt. */
export async function recordCashPayment(
  tx: Executor,
  booking: Pick<BookingRow, 'id' | 'bookingCode' | 'totalPesewas'>,
): Promise<string> {
  const reference = `CASH-${booking.bookingCode.slice(3)}-${randomBytes(4).toString('hex').toUpperCase()}`;
  await repo.insertPayment(tx, {
    bookingId: booking.id,
    provider: 'cash',
    reference,
    amountPesewas: booking.totalPesewas,
    currency: 'GHS',
    status: 'success',
    paidAt: new Date(),
  });
  return reference;
}

/** Cash handed back over the counter: the attempt that paid is refunded at once. */
export async function recordCashRefund(tx: Executor, paymentId: number): Promise<void> {
  await repo.markPaymentRefunded(tx, paymentId);
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
