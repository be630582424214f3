/**
 * The renter's view of a payment attempt (the API's Payment), with what went wrong in words
 * they can act on. Read by the booking views and the payment routes.
 */
import { messages } from '../../../shared/messages';
import { pesewasToCedis } from '../../../shared/money';
import type { MobileMoneyNetwork } from '../../../shared/constants';
import type { CancelRefund, Payment, Refund } from '../../../shared/schemas/payments';
import type { BookingRow } from '../bookings/booking-lifecycle';
import { FLAGS } from './payments-context';
import type { RenterPaymentFacts } from './payments.repository';

/** The renter's view of an attempt, with the reason in words when something went wrong. */
export function toApiPayment(
  row: RenterPaymentFacts,
  booking: Pick<BookingRow, 'holdExpiresAt'>,
): Payment {
  // PAY-23: a charge request that got no answer is, for the renter, a payment still waiting.
  const unknown = row.status === 'unknown';
  const status = unknown ? 'pending' : row.status;
  return {
    provider: row.provider as Payment['provider'],
    reference: row.reference,
    status: status as Payment['status'],
    network: (row.network as Payment['network']) ?? null,
    wallet_msisdn: row.walletMsisdn,
    amount: pesewasToCedis(row.amountPesewas),
    currency: row.currency,
    authorization_url: row.authorizationUrl,
    access_code: row.accessCode,
    expires_at: booking.holdExpiresAt?.toISOString() ?? null,
    message: renterMessage(row),
    step: status === 'pending' ? ((row.chargeStep as Payment['step']) ?? 'pending') : null,
    display_text: unknown
      ? messages.payment.checkingPrompt
      : status === 'pending'
        ? row.displayText
        : null,
  };
}

function renterMessage(row: RenterPaymentFacts): string | null {
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

/** The charges that paid a booking: its payment and a change's top-ups (BOOK-18). */
const isCharge = (p: RenterPaymentFacts) =>
  (p.purpose === 'booking' || p.purpose === 'top_up') && p.provider !== 'cash';
const isPartialRefund = (p: RenterPaymentFacts) =>
  p.purpose === 'partial_refund' && (p.status === 'refund_pending' || p.status === 'refunded');

/**
 * BOOK-22: the money a cancel gives back through the provider, and to which wallet: the
 * charges that paid the booking less what partial refunds already gave back of them (as
 * markRefundPending asks for). `charged`: the states a charge counts in.
 */
function refundOf(payments: readonly RenterPaymentFacts[], charged: readonly string[]) {
  const charges = payments.filter((p) => isCharge(p) && charged.includes(p.status));
  if (!charges.length) return null;
  const back = payments.filter(isPartialRefund).reduce((sum, p) => sum + p.amountPesewas, 0);
  const amount = charges.reduce((sum, p) => sum + p.amountPesewas, 0) - back;
  const wallet = charges.find((p) => p.walletMsisdn) ?? charges[0]!;
  if (amount <= 0 || !wallet.walletMsisdn) return null;
  return {
    charges,
    view: {
      amount: pesewasToCedis(amount),
      wallet_msisdn: wallet.walletMsisdn,
      network: wallet.network as MobileMoneyNetwork | null,
    },
  };
}

/** What cancelling a paid mobile money booking now refunds, shown before the renter confirms. */
export function cancelRefundOf(payments: readonly RenterPaymentFacts[]): CancelRefund | null {
  return refundOf(payments, ['success'])?.view ?? null;
}

/** A cancelled booking's refund: done once every charge is refunded, else on its way. */
export function refundAfterCancelOf(payments: readonly RenterPaymentFacts[]): Refund | null {
  const found = refundOf(payments, ['refund_pending', 'refunded']);
  if (!found) return null;
  const done = found.charges.every((p) => p.status === 'refunded');
  return { ...found.view, status: done ? 'refunded' : 'pending' };
}
