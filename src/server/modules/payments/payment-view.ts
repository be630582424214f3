/**
 * The renter's view of a payment attempt (the API's Payment), with what went wrong in words
 * they can act on. Read by the booking views and the payment routes.
 */
import { messages } from '../../../shared/messages';
import { pesewasToCedis } from '../../../shared/money';
import type { Payment } from '../../../shared/schemas/payments';
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
