import { timeInAccra } from '../../../shared/dates';
import { isGhanaMobileNumber } from '../../../shared/mobile-money';
import { messages } from '../../../shared/messages';
import { formatMsisdn } from '../../../shared/phone';
import type { AdminPromptAgainInput } from '../../../shared/schemas/booking-changes.staff';
import type { AdminBookingActionResponse } from '../../../shared/schemas/bookings.staff';
import { adminMessages } from '../../../shared/staff-messages';
import { HttpError } from '../../http-errors';
import { findUserById } from '../auth/auth.repository';
import { startPayment } from '../payments/payment-prompts';
import { findOpenAttempts, hasOtherPendingPayment } from '../payments/payments.repository';
import type { PaymentsContext } from '../payments/payments-context';
import { verifyAndApply } from '../payments/verify-payment';
import { lockBooking, type BookingRow } from './booking-lifecycle';
import { findRentalByCode, loadBookingDetail } from './booking-detail';

/** Why the booking's prompt may not be sent again now (409), or null while its hold runs. */
function promptAgainRefusal(row: BookingRow, now = Date.now()): string | null {
  if (
    row.paymentMethod !== 'mobile_money' ||
    row.status !== 'pending' ||
    row.paymentStatus !== 'pending' ||
    row.holdExpiresAt === null
  )
    return adminMessages.promptNotHeld;
  if (row.holdExpiresAt.getTime() <= now) return adminMessages.promptHoldEnded;
  return null;
}

/**
 * POST /api/admin/bookings/{code}/prompt-again (STAFF-46): a customer who declined the prompt
 * staff sent (or let it end unanswered) keeps the booking held until its hold ends, and staff
 * send the prompt again meanwhile, to the wallet and network the customer names. The renter's
 * top-up asked again (BOOK-21) is the model: the provider is asked about an open prompt
 * first, the booking is locked in the prompt's transaction while deciding, one prompt is open
 * at a time (two could both be approved), and PAY-20's limits are a 429. The hold is not
 * lengthened: it bounds how long the car waits for one customer.
 */
export async function sendPromptAgain(
  payments: PaymentsContext,
  staffId: number,
  code: string,
  input: AdminPromptAgainInput,
): Promise<AdminBookingActionResponse> {
  const { db } = payments;
  const found = await findRentalByCode(db, code);
  if (!found) throw new HttpError(404, adminMessages.bookingNotFound);
  // A decline no webhook told of (failures send none) is learned now, not at the next pass.
  for (const { reference } of await findOpenAttempts(db, found.id))
    await verifyAndApply(payments, reference, 'reconciler');
  const row = (await findRentalByCode(db, code))!;
  const refusal = promptAgainRefusal(row);
  if (refusal) throw new HttpError(409, refusal);
  const customer = row.userId === null ? undefined : await findUserById(db, row.userId);
  if (!customer) throw new HttpError(404, adminMessages.bookingNotFound);
  // PAY-2: without a wallet, the customer's own number, if it can hold mobile money.
  const wallet = input.wallet_msisdn ?? customer.msisdn;
  if (!isGhanaMobileNumber(wallet))
    throw new HttpError(422, messages.http.validation, {
      wallet_msisdn: [messages.payment.walletInvalid],
    });
  const until = timeInAccra(row.holdExpiresAt!);

  try {
    await startPayment(payments, {
      booking: row,
      user: customer,
      network: input.network,
      walletMsisdn: wallet,
      startedBy: { actor: 'staff', userId: staffId },
      again: async (tx) => {
        const locked = await lockBooking(tx, row.id);
        const why = locked ? promptAgainRefusal(locked) : adminMessages.bookingNotFound;
        if (why) throw new HttpError(409, why);
        if (await hasOtherPendingPayment(tx, row.id, -1))
          throw new HttpError(409, adminMessages.promptWaiting);
      },
    });
  } catch (error) {
    // startPayment's 502 speaks of a booking not made; this one stands, held.
    if (error instanceof HttpError && error.statusCode === 502)
      throw new HttpError(502, adminMessages.promptNotSent(until));
    throw error;
  }
  return {
    message: adminMessages.promptSent(formatMsisdn(wallet), until),
    booking: (await loadBookingDetail(db, row.bookingCode))!,
  };
}
