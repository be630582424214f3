import type { FastifyBaseLogger } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
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
import { sql } from 'drizzle-orm';
import { PROMPTS_PER_BOOKING, PROMPTS_PER_WALLET_PER_HOUR } from '../../../shared/constants';
import {
  ProviderError,
  type ChargeResult,
  type PaymentProvider,
  type ProviderTransaction,
  type RefundResult,
} from './payment-provider';
import * as repo from './payments.repository';
import { toProviderTransaction, type PaystackTransaction } from './paystack-provider';

export interface PaymentsContext {
  db: Database;
  provider: PaymentProvider;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** How long a mobile money booking holds the car (BOOK-6: 15 minutes). */
  holdSeconds: number;
  /** The company's mail domain for payer e-mails Paystack requires (PAY-21). */
  emailDomain: string;
  /** Work started after a webhook was answered; tests and shutdown wait for it. */
  background: Set<Promise<unknown>>;
}

/** Why an attempt needs staff; also read by the renter's message below. */
export const FLAGS = {
  amountMismatch: 'amount_or_currency_mismatch',
  paidAfterRelease: 'paid_after_dates_released',
  duplicate: 'paid_twice',
  paidAfterCancel: 'paid_after_cancellation',
  refundFailed: 'refund_failed',
  refundNeedsAttention: 'refund_needs_attention',
  reversed: 'payment_reversed',
  /** Money owed back that no charge can return through the provider: cash at the counter. */
  refundAtCounter: 'refund_at_counter',
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

/**
 * Paystack requires an e-mail; renters sign up with a phone number, so one is built from it
 * on the company's configured mail domain (PAY-21), never from the site's host name, which
 * may be an internal or temporary address.
 */
export function payerEmail(user: { email: string | null; msisdn: string }, domain: string): string {
  if (user.email) return user.email;
  return `${user.msisdn}@${domain}`;
}

async function promptCounts(db: Executor, bookingId: number | null, walletMsisdn: string) {
  const [counts] = rowsOf<{ for_booking: number; for_wallet: number }>(
    await db.execute(sql`
      select
        (select count(*)::int from payments
           where booking_id = ${bookingId ?? 0} and provider <> 'cash'
             and purpose <> 'partial_refund') as for_booking,
        (select count(*)::int from payments where wallet_msisdn = ${walletMsisdn}
           and created_at > now() - interval '1 hour' and purpose <> 'partial_refund') as for_wallet`),
  );
  return { forBooking: counts?.for_booking ?? 0, forWallet: counts?.for_wallet ?? 0 };
}

/** PAY-20, asked before a booking is made: a wallet past its limit gets no booking. */
export async function assertWalletMayBePrompted(db: Executor, walletMsisdn: string) {
  const { forWallet } = await promptCounts(db, null, walletMsisdn);
  if (forWallet >= PROMPTS_PER_WALLET_PER_HOUR)
    throw new HttpError(429, messages.payment.tooManyPromptsWallet);
}

/**
 * PAY-20: at most 3 prompts per booking and 5 per wallet number an hour, counted from the
 * attempts themselves under a per-wallet lock, so concurrent requests cannot slip past.
 */
export async function checkPromptLimits(tx: Executor, bookingId: number, walletMsisdn: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wallet:${walletMsisdn}`}))`);
  const { forBooking, forWallet } = await promptCounts(tx, bookingId, walletMsisdn);
  if (forBooking >= PROMPTS_PER_BOOKING)
    throw new HttpError(429, messages.payment.tooManyPromptsBooking);
  if (forWallet >= PROMPTS_PER_WALLET_PER_HOUR)
    throw new HttpError(429, messages.payment.tooManyPromptsWallet);
}

export interface StartPaymentInput {
  booking: BookingRow;
  user: { id: number; name: string; email: string | null; msisdn: string };
  network: MobileMoneyNetwork;
  walletMsisdn: string;
  /**
   * Who asked for the prompt, for the timeline (BOOK-12): the renter by default; staff when
   * they book for the customer by phone or at the counter (STAFF-16).
   */
  startedBy?: PromptStarter;
}

/** Who started a mobile money prompt: the renter, or a staff member for them. */
export interface PromptStarter {
  actor: 'renter' | 'staff';
  userId: number;
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
  let limited: HttpError | null = null;
  const payment = await ctx.db.transaction(async (tx) => {
    try {
      await checkPromptLimits(tx, booking.id, input.walletMsisdn);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      limited = error;
      return null;
    }
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
      actor: input.startedBy?.actor ?? 'renter',
      actorUserId: input.startedBy?.userId ?? user.id,
      data: {
        reference,
        provider: ctx.provider.name,
        network: input.network,
        wallet_msisdn: input.walletMsisdn,
      },
    });
    return row;
  });
  if (!payment) {
    // Lost a race for the wallet's last prompt: the booking must not hold the car.
    await ctx.db.transaction((tx) =>
      tryTransition(tx, 'payment_failed', booking, {
        actor: 'system',
        note: 'Too many payment prompts',
      }),
    );
    throw limited ?? new HttpError(429, messages.payment.tooManyPromptsWallet);
  }

  let charged: ChargeResult;
  try {
    // PAY-14: a direct charge, so the approval prompt reaches the wallet's phone.
    charged = await ctx.provider.charge({
      reference,
      amountPesewas: booking.totalPesewas,
      currency: 'GHS',
      email: payerEmail(user, ctx.emailDomain),
      network: input.network,
      walletMsisdn: input.walletMsisdn,
      metadata: {
        booking_code: booking.bookingCode,
        renter_name: user.name,
        renter_phone: `+${user.msisdn}`,
        car_id: booking.carId,
        start_date: booking.startDate,
        end_date: booking.endDate,
      },
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
  return applyChargeResult(ctx, payment.id, charged, 'verify');
}

/**
 * Records where a charge waits; a charge that settled at once (success or failed) is
 * verified, since only the transaction's own record is trusted with money.
 */
export async function applyChargeResult(
  ctx: PaymentsContext,
  paymentId: number,
  charged: ChargeResult,
  source: Source,
): Promise<repo.PaymentRow> {
  const waiting = charged.step !== 'success' && charged.step !== 'failed';
  const row = await repo.updatePayment(ctx.db, paymentId, {
    chargeStep: waiting ? charged.step : null,
    displayText: charged.displayText,
    ...(charged.promptUrl ? { authorizationUrl: charged.promptUrl } : {}),
  });
  if (waiting) return row;
  await verifyAndApply(ctx, row.reference, source);
  return (await repo.findPaymentByReference(ctx.db, row.reference)) ?? row;
}

/** The renter typed the voucher (Telecel Cash) the charge asked for: passed on to the provider. */
export async function submitChargeOtp(
  ctx: PaymentsContext,
  reference: string,
  otp: string,
): Promise<repo.PaymentRow> {
  const payment = await repo.findPaymentByReference(ctx.db, reference);
  if (!payment || payment.status !== 'pending' || payment.chargeStep !== 'send_otp')
    throw new HttpError(409, messages.payment.voucherNotExpected);
  let charged: ChargeResult;
  try {
    charged = await ctx.provider.submitOtp(reference, otp);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    ctx.log.warn({ err: error, reference }, 'voucher could not be submitted');
    // A wrong voucher is Paystack's 400: the renter may type it again.
    if (error.status === 400) throw new HttpError(422, messages.payment.voucherRequired);
    throw new HttpError(502, messages.payment.startFailed);
  }
  return applyChargeResult(ctx, payment.id, charged, 'verify');
}

export type ApplyOutcome =
  'unknown_reference' | 'unchanged' | 'confirmed' | 'failed' | 'flagged' | 'refunding';

/** Attempt states a success has already moved past: the same news again changes nothing. */
const SETTLED_BY_SUCCESS = new Set(['success', 'refund_pending', 'refunded']);

export type Source = 'verify' | 'webhook' | 'reconciler' | 'sandbox';
const actorOf = (source: Source): BookingEventActor =>
  source === 'webhook' ? 'provider' : source === 'verify' ? 'renter' : 'system';

/**
 * THE function that applies what a provider says about an attempt (PAY-5, PAY-6). Every
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
        if (news.amountPesewas !== payment.amountPesewas || news.currency !== payment.currency) {
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
            note: `Provider reported ${news.amountPesewas} ${news.currency}, expected ${payment.amountPesewas} ${payment.currency}`,
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
          }));
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
      if (payment.status !== 'pending') return 'unchanged';
      if (payment.purpose === 'top_up') return applyTopUpUnpaid(ctx, tx, payment, event, news);
      const holdOver =
        booking.holdExpiresAt !== null && booking.holdExpiresAt.getTime() <= Date.now();
      const final = news.status === 'failed' || holdOver;
      if (!final) return 'unchanged';

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
        await tryTransition(tx, release, booking, { ...event, note: news.gatewayResponse }, now);
      }
      return 'failed';
    }),
  );
  if (outcome === 'refunding') await requestRefund(ctx, news.reference);
  return outcome;
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
  if (booking.status === 'cancelled') {
    await repo.updatePayment(tx, payment.id, {
      ...paid,
      status: 'refund_pending',
      flaggedReason: FLAGS.paidAfterCancel,
      flaggedAt: new Date(),
    });
    await recordBookingNote(tx, { ...event, type: 'payment_flagged', note: FLAGS.paidAfterCancel });
    await recordBookingNote(tx, {
      ...event,
      type: 'refund_requested',
      note: FLAGS.paidAfterCancel,
    });
    return 'refunding';
  }
  await repo.updatePayment(tx, payment.id, { ...paid, status: 'success' });
  await recordBookingNote(tx, {
    ...event,
    type: 'top_up_paid',
    data: { ...event.data, amount_pesewas: payment.amountPesewas },
  });
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
  if (payment.status === 'pending') {
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
async function applyRefundStatus(
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

/**
 * BOOK-8, inside the cancel's transaction: the booking's attempts still waiting for the
 * customer (its payment, a change's top-up) can no longer pay for it, so each reads failed from
 * now on, wherever it is shown. Returns their references for withdrawPrompts after commit. A
 * late approval all the same is refunded (applyProviderTransaction: paid after cancellation),
 * found by the webhook or by the reconciler, which watches these attempts a while longer.
 */
export async function closeOpenAttempts(tx: Executor, bookingId: number): Promise<string[]> {
  const closed = await repo.closeOpenPayments(tx, bookingId, messages.payment.cancelledWithBooking);
  return closed.map((row) => row.reference);
}

/** After commit: asks the provider to withdraw the prompts, where it can (the sandbox). */
export async function withdrawPrompts(ctx: PaymentsContext, references: string[]) {
  if (!ctx.provider.withdraw) return;
  for (const reference of references) {
    try {
      await ctx.provider.withdraw(reference);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      ctx.log.warn({ err: error, reference }, 'prompt could not be withdrawn');
    }
  }
}

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
 * Cash taken over the counter: a successful 'cash' attempt. A pay-on-pickup booking's total,
 * or what a return collected beyond the deposit (HAND-11): the late fee's part (`late_fee`)
 * and the rest — the rental's balance and staff's charges (`balance`).
 */
export async function recordCashPayment(
  tx: Executor,
  booking: Pick<BookingRow, 'id' | 'bookingCode' | 'totalPesewas'>,
  atReturn?: { amountPesewas: number; purpose: 'late_fee' | 'balance' },
): Promise<string> {
  const reference = `CASH-${booking.bookingCode.slice(3)}-${randomBytes(4).toString('hex').toUpperCase()}`;
  await repo.insertPayment(tx, {
    bookingId: booking.id,
    provider: 'cash',
    ...(atReturn ? { purpose: atReturn.purpose } : {}),
    reference,
    amountPesewas: atReturn?.amountPesewas ?? booking.totalPesewas,
    currency: 'GHS',
    status: 'success',
    paidAt: new Date(),
  });
  return reference;
}

/**
 * Cash handed back over the counter when a cash-paid booking is cancelled: the payment is
 * refunded at once. What goes back now is the payment less cash already handed back after a
 * cheaper change; cash owed back but not yet handed over goes with it, so its entry is closed
 * here too (no second hand-back). Returns the amount to hand back now.
 */
export async function recordCashRefund(
  tx: Executor,
  payment: Pick<repo.PaymentRow, 'id' | 'reference' | 'amountPesewas'>,
): Promise<number> {
  const open = await repo.findOpenPartialRefunds(tx, payment.reference);
  const owedOpen = open.reduce((sum, row) => sum + row.amountPesewas, 0);
  const handedBefore = (await repo.partiallyRefundedPesewas(tx, payment.reference)) - owedOpen;
  for (const row of open) {
    await repo.updatePayment(tx, row.id, {
      status: 'refunded',
      refundedAt: new Date(),
      refundNote: 'Handed back with the cancellation',
      flaggedReason: null,
      flaggedAt: null,
    });
  }
  await repo.markPaymentRefunded(tx, payment.id);
  return payment.amountPesewas - handedBefore;
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
      chargedPesewas: payment.amountPesewas,
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
  // Webhook events whose process died before it finished them (PAY-19).
  const events = await processWebhookEvents(ctx, null);
  return claimed.length + events;
}

/** The renter's view of an attempt, with the reason in words when something went wrong. */
export function toApiPayment(
  row: repo.RenterPaymentFacts,
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
    step: row.status === 'pending' ? ((row.chargeStep as Payment['step']) ?? 'pending') : null,
    display_text: row.status === 'pending' ? row.displayText : null,
  };
}

function renterMessage(row: repo.RenterPaymentFacts): string | null {
  if (row.flaggedReason === FLAGS.amountMismatch) return messages.payment.flagged;
  if (row.flaggedReason === FLAGS.paidAfterRelease) return messages.payment.refundedAfterExpiry;
  if (row.status === 'reversed') return messages.payment.reversed;
  // A decline took no money: the renter is told so in the same words (PAY-14).
  if (row.status === 'failed') {
    const reason = (row.gatewayResponse ?? messages.payment.declined).replace(/[.!]?$/, '.');
    return `${reason} ${messages.payment.nothingCharged}`;
  }
  if (row.status === 'abandoned') return messages.payment.expired;
  return null;
}

/** What Paystack's refund events name the charge by (transaction_reference). */
function refundEventReference(data: Record<string, unknown>): string | null {
  if (typeof data.transaction_reference === 'string') return data.transaction_reference;
  const transaction = data.transaction as { reference?: unknown } | undefined;
  return typeof transaction?.reference === 'string' ? transaction.reference : null;
}

/**
 * A refund event is a hint: the refund it is about is looked up by the id Paystack gave it when
 * it was asked for (PAY-17), so an old event of an earlier refund of the same charge (one that
 * failed before staff retried) cannot settle or flag the new one.
 */
async function followRefund(ctx: PaymentsContext, reference: string) {
  const payment = await repo.findPaymentByReference(ctx.db, reference);
  // A change's partial refunds (BOOK-18) name the charge too: each is looked up by its own id.
  const open = [
    ...(payment ? [payment] : []),
    ...(await repo.findOpenPartialRefunds(ctx.db, reference)),
  ];
  for (const row of open) {
    if (row.status !== 'refund_pending' || !row.refundId) continue;
    const result = await ctx.provider.refundStatus(row.refundId);
    await applyRefundStatus(ctx, row.reference, result, 'provider');
  }
}

/** Applies one stored webhook event; every step is idempotent, so a replay changes nothing. */
async function applyWebhookEvent(
  ctx: PaymentsContext,
  event: string,
  data: Record<string, unknown>,
) {
  if (event === 'charge.success' && typeof data.reference === 'string') {
    await applyProviderTransaction(
      ctx,
      toProviderTransaction(data as unknown as PaystackTransaction),
      'webhook',
    );
  } else if (event.startsWith('refund.')) {
    const reference = refundEventReference(data);
    if (reference) await followRefund(ctx, reference);
  }
}

/**
 * PAY-19: a verified delivery is stored, and only then answered; the work (which may call
 * Paystack) runs after the answer. Returns the stored event's id when it still needs work.
 */
export async function storeWebhookEvent(
  ctx: PaymentsContext,
  raw: Buffer,
  parsed: { event: string; data: Record<string, unknown> },
): Promise<number | null> {
  const stored = await repo.storePaystackEvent(ctx.db, {
    bodySha256: createHash('sha256').update(raw).digest('hex'),
    event: parsed.event,
    payload: parsed,
  });
  return stored.processed ? null : stored.id;
}

/** Processes stored events: one given event, or (id null) any the reconciler finds open. */
export async function processWebhookEvents(ctx: PaymentsContext, id: number | null, max = 20) {
  let done = 0;
  while (done < max) {
    const leased = await repo.leasePaystackEvent(ctx.db, id);
    if (!leased) break;
    done += 1;
    try {
      await applyWebhookEvent(ctx, leased.event, leased.payload.data as Record<string, unknown>);
      await repo.finishPaystackEvent(ctx.db, leased.id, null);
    } catch (error) {
      ctx.log.warn({ err: error, event: leased.event }, 'webhook event failed; will retry');
      await repo.finishPaystackEvent(
        ctx.db,
        leased.id,
        error instanceof Error ? error.message : String(error),
      );
    }
    if (id !== null) break;
  }
  return done;
}

/** Runs work after the answer went out, tracked so that tests and shutdown can wait for it. */
export function inBackground(ctx: PaymentsContext, work: () => Promise<unknown>) {
  const running: Promise<unknown> = work()
    .catch((error: unknown) => ctx.log.error({ err: error }, 'background payment work failed'))
    .finally(() => ctx.background.delete(running));
  ctx.background.add(running);
}

/** Waits until every piece of background work (and what it started) has finished. */
export async function settleBackground(ctx: PaymentsContext) {
  while (ctx.background.size) await Promise.all([...ctx.background]);
}
