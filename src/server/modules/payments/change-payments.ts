import type { MobileMoneyNetwork } from '../../../shared/constants';
import { formatCedis, pesewasToCedis } from '../../../shared/money';
import type { Executor } from '../../db/client';
import { HttpError } from '../../http-errors';
import { recordBookingNote, type BookingRow } from '../bookings/booking-lifecycle';
import { ProviderError, type ChargeResult } from './payment-provider';
import * as repo from './payments.repository';
import {
  applyChargeResult,
  chargeMayHaveReachedProvider,
  checkPromptLimits,
  newPaymentReference,
  payerEmail,
  type PromptStarter,
} from './payment-prompts';
import { FLAGS, type PaymentsContext } from './payments-context';
import { requestRefund } from './refunds';

/**
 * The money side of a renter's change or extension of a mobile money booking that is paid
 * (BOOK-18, BOOK-19): a dearer booking asks the wallet for the difference with its own
 * attempt (a 'top_up'); a cheaper one gives the difference back from the charges that paid it
 * (a 'partial_refund' row per charge, through the provider's refund with an amount). The
 * change itself applies at once either way; a top-up that cannot be asked for or is not
 * approved leaves the difference due at the counter.
 */

export interface TopUpInput {
  booking: BookingRow;
  user: { id: number; name: string; email: string | null; msisdn: string };
  network: MobileMoneyNetwork;
  walletMsisdn: string;
  amountPesewas: number;
  /** Who changed the booking: the renter, or staff for them (STAFF-19), named on the timeline. */
  startedBy: PromptStarter;
  /**
   * The renter asking again from the booking's page (BOOK-21): run first in the prompt's
   * transaction (it may refuse), and a prompt limit (PAY-20) is answered as the 429 it is
   * rather than left due at the counter.
   */
  again?: (tx: Executor) => Promise<void>;
}

/** The wallet that paid the booking: the top-up prompt goes to the same phone. */
export async function payingWallet(db: Executor, bookingId: number, fallbackMsisdn: string) {
  const charges = await repo.findSuccessfulCharges(db, bookingId);
  const paid = charges.find((c) => c.payment.walletMsisdn && c.payment.network)?.payment;
  return paid
    ? { walletMsisdn: paid.walletMsisdn!, network: paid.network as MobileMoneyNetwork }
    : { walletMsisdn: fallbackMsisdn, network: 'mtn' as MobileMoneyNetwork };
}

/**
 * Sends the wallet a prompt for the difference. Returns the attempt (pending, or settled at
 * once), or null when none could be asked for (the prompt limits of PAY-20, or the provider
 * down): the difference is then due at the counter, which the booking's timeline records.
 */
export async function startTopUp(
  ctx: PaymentsContext,
  input: TopUpInput,
): Promise<repo.PaymentRow | null> {
  const { booking, user } = input;
  const reference = newPaymentReference(booking.bookingCode);
  const failed = (tx: Executor, note: string) =>
    recordBookingNote(tx, {
      bookingId: booking.id,
      type: 'top_up_failed',
      actor: 'system',
      note,
      data: { amount_pesewas: input.amountPesewas },
    });
  const payment = await ctx.db.transaction(async (tx) => {
    if (input.again) await input.again(tx);
    try {
      await checkPromptLimits(tx, booking.id, input.walletMsisdn);
    } catch (error) {
      if (!(error instanceof HttpError) || input.again) throw error;
      await failed(tx, `${error.message} The difference is due at the counter.`);
      return null;
    }
    const row = await repo.insertPayment(tx, {
      bookingId: booking.id,
      provider: ctx.provider.name,
      purpose: 'top_up',
      reference,
      amountPesewas: input.amountPesewas,
      currency: 'GHS',
      network: input.network,
      walletMsisdn: input.walletMsisdn,
    });
    await recordBookingNote(tx, {
      bookingId: booking.id,
      type: 'payment_started',
      actor: input.startedBy.actor,
      actorUserId: input.startedBy.userId,
      data: {
        reference,
        purpose: 'top_up',
        provider: ctx.provider.name,
        network: input.network,
        wallet_msisdn: input.walletMsisdn,
        amount_pesewas: input.amountPesewas,
      },
    });
    return row;
  });
  if (!payment) return null;

  let charged: ChargeResult;
  try {
    charged = await ctx.provider.charge({
      reference,
      amountPesewas: input.amountPesewas,
      currency: 'GHS',
      email: payerEmail(user, ctx.emailDomain),
      network: input.network,
      walletMsisdn: input.walletMsisdn,
      metadata: {
        booking_code: booking.bookingCode,
        purpose: 'top_up',
        renter_name: user.name,
        renter_phone: `+${user.msisdn}`,
        car_id: booking.carId,
        start_date: booking.startDate,
        end_date: booking.endDate,
      },
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (chargeMayHaveReachedProvider(error)) {
      // PAY-23: no answer is no refusal; the prompt may be on the phone. Checked until settled.
      ctx.log.warn(
        { err: error, reference },
        'top-up charge got no answer; its outcome is unknown',
      );
      return repo.updatePayment(ctx.db, payment.id, {
        status: 'unknown',
        gatewayResponse: error.message,
      });
    }
    ctx.log.warn({ err: error, reference }, 'top-up could not be started; due at the counter');
    return ctx.db.transaction(async (tx) => {
      const row = await repo.updatePayment(tx, payment.id, {
        status: 'failed',
        gatewayResponse: 'Could not start the payment',
      });
      await failed(tx, 'The payment provider could not start the payment');
      return row;
    });
  }
  return applyChargeResult(ctx, payment.id, charged, 'verify');
}

/**
 * Inside the change's transaction: the difference is to be given back from the charges that
 * paid the booking, newest first, never more than a charge still holds. Also the deposit's
 * returned part when it was paid by mobile money (HAND-7: staff are the actor then). Returns the partial
 * refunds' references for requestPartialRefunds after commit, and what no charge covered
 * (cash or a charge already partly given back), which is recorded as cash to hand back at the
 * counter (recordCounterRefund).
 */
export async function markPartialRefunds(
  tx: Executor,
  booking: Pick<BookingRow, 'id' | 'bookingCode'>,
  amountPesewas: number,
  by: { userId: number; actor?: 'renter' | 'staff' },
): Promise<{ references: string[]; counterPesewas: number }> {
  let left = amountPesewas;
  const references: string[] = [];
  for (const { payment, refundedPesewas } of await repo.findSuccessfulCharges(tx, booking.id)) {
    if (left <= 0) break;
    if (payment.provider === 'cash') continue;
    const take = Math.min(left, payment.amountPesewas - refundedPesewas);
    if (take <= 0) continue;
    const reference = newPaymentReference(booking.bookingCode);
    await repo.insertPayment(tx, {
      bookingId: booking.id,
      provider: payment.provider,
      purpose: 'partial_refund',
      refundOf: payment.reference,
      reference,
      amountPesewas: take,
      currency: payment.currency,
      status: 'refund_pending',
      network: payment.network,
    });
    await recordBookingNote(tx, {
      bookingId: booking.id,
      type: 'refund_requested',
      actor: by.actor ?? 'renter',
      actorUserId: by.userId,
      data: { reference, refund_of: payment.reference, amount_pesewas: take },
    });
    references.push(reference);
    left -= take;
  }
  const counterPesewas = left > 0 ? await recordCounterRefund(tx, booking, left, by) : 0;
  return { references, counterPesewas };
}

/**
 * Money owed back that no provider can return (BOOK-18's cheaper change of a booking paid in
 * cash; HAND-7's deposit beyond what its charge still holds) is handed back at the counter.
 * It is recorded, not left to memory: a cash partial refund of the newest charge, pending and
 * flagged for staff, who record it as handed back with a note (PAY-18's settle-refund). As a
 * partial refund it already counts in the booking's balance (HAND-10). Returns the amount
 * recorded (0 when nothing was paid, so nothing is owed).
 */
export async function recordCounterRefund(
  tx: Executor,
  booking: Pick<BookingRow, 'id' | 'bookingCode'>,
  amountPesewas: number,
  by: { userId: number; actor?: 'renter' | 'staff' },
): Promise<number> {
  const [newest] = await repo.findSuccessfulCharges(tx, booking.id);
  if (!newest || amountPesewas <= 0) return 0;
  const reference = newPaymentReference(booking.bookingCode);
  await repo.insertPayment(tx, {
    bookingId: booking.id,
    provider: 'cash',
    purpose: 'partial_refund',
    refundOf: newest.payment.reference,
    reference,
    amountPesewas,
    currency: newest.payment.currency,
    status: 'refund_pending',
    flaggedReason: FLAGS.refundAtCounter,
    flaggedAt: new Date(),
  });
  await recordBookingNote(tx, {
    bookingId: booking.id,
    type: 'refund_due_at_counter',
    actor: by.actor ?? 'renter',
    actorUserId: by.userId,
    note: formatCedis(pesewasToCedis(amountPesewas)),
    data: { reference, refund_of: newest.payment.reference, amount_pesewas: amountPesewas },
  });
  return amountPesewas;
}

/** After commit: asks the provider for each partial refund (the reconciler retries failures). */
export async function requestPartialRefunds(ctx: PaymentsContext, references: string[]) {
  for (const reference of references) await requestRefund(ctx, reference);
}
