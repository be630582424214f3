/**
 * Starting a mobile money prompt (PAY-14) and the limits on how many a booking and a wallet
 * get (PAY-20): the attempt's reference, the payer's e-mail, the charge and the voucher a
 * charge may ask for. Also the other end of a prompt's life: closing and withdrawing the
 * prompts of a booking that is cancelled (BOOK-8).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  PROMPTS_PER_BOOKING,
  PROMPTS_PER_WALLET_PER_HOUR,
  type MobileMoneyNetwork,
} from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/client';
import { HttpError } from '../../http-errors';
import { recordBookingNote, tryTransition, type BookingRow } from '../bookings/booking-lifecycle';
import { ProviderError, type ChargeResult } from './payment-provider';
import type { PaymentsContext, Source } from './payments-context';
import * as repo from './payments.repository';
import { verifyAndApply } from './verify-payment';

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
  /**
   * Staff sending a held booking's prompt again (STAFF-46), as a top-up is asked again
   * (change-payments.ts, BOOK-21): run first in the prompt's transaction (it may refuse), and
   * the booking is never released here: a prompt limit (PAY-20) is answered as the 429 it is
   * and a provider's refusal as a 502, while the hold runs on.
   */
  again?: (tx: Executor) => Promise<void>;
}

/** Who started a mobile money prompt: the renter, or a staff member for them. */
export interface PromptStarter {
  actor: 'renter' | 'staff';
  userId: number;
}

/**
 * Starts the mobile money payment of a just-created booking. If the provider refuses to start
 * it, the booking is released at once rather than holding the car for 15 minutes nobody can
 * use, and the renter is told plainly (PAY-4). If the provider did not answer, nobody knows
 * whether the prompt reached the phone: the attempt is 'unknown' and the hold stays (PAY-23).
 */
export async function startPayment(
  ctx: PaymentsContext,
  input: StartPaymentInput,
): Promise<repo.PaymentRow> {
  const { booking, user } = input;
  const reference = newPaymentReference(booking.bookingCode);
  let limited: HttpError | null = null;
  const payment = await ctx.db.transaction(async (tx) => {
    if (input.again) await input.again(tx);
    try {
      await checkPromptLimits(tx, booking.id, input.walletMsisdn);
    } catch (error) {
      if (!(error instanceof HttpError) || input.again) throw error;
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
    if (chargeMayHaveReachedProvider(error)) {
      // PAY-23: no answer is no refusal. The prompt may be on the phone already: the booking
      // keeps its hold and the attempt is checked until it settles (checkUnknownAttempt).
      ctx.log.warn({ err: error, reference }, 'charge got no answer; its outcome is unknown');
      const row = await repo.updatePayment(ctx.db, payment.id, {
        status: 'unknown',
        gatewayResponse: error instanceof Error ? error.message : String(error),
      });
      return row;
    }
    ctx.log.warn({ err: error, reference }, 'payment could not be started');
    await ctx.db.transaction(async (tx) => {
      await repo.updatePayment(tx, payment.id, {
        status: 'failed',
        gatewayResponse: 'Could not start the payment',
      });
      if (input.again) return;
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
 * PAY-23: a timeout, a network failure or a 5xx says nothing about whether Paystack took the
 * charge; only its refusal (a 4xx) does.
 */
export function chargeMayHaveReachedProvider(error: unknown): boolean {
  return error instanceof ProviderError && (error.status === undefined || error.status >= 500);
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
