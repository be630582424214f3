import { isGhanaMobileNumber } from '../../../shared/mobile-money';
import { todayInAccra } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { formatCedis, pesewasToCedis } from '../../../shared/money';
import type { MobileMoneyNetwork } from '../../../shared/constants';
import type { Booking } from '../../../shared/schemas/bookings';
import type { Payment } from '../../../shared/schemas/payments';
import { HttpError } from '../../http-errors';
import { assertWalletMayBePrompted, startPayment } from '../payments/payment-prompts';
import { hasOtherPendingPayment } from '../payments/payments.repository';
import { toApiPayment } from '../payments/payment-view';
import type { PaymentsContext } from '../payments/payments-context';
import { effectiveStatus } from './booking-permissions';
import { getUserBooking } from './bookings.service';
import * as repo from './bookings.repository';

/**
 * POST /api/bookings/{code}/pay-now (BOOK-23, LIMIT-13): a pay-on-pickup booking not paid yet
 * is paid now by mobile money, so "Pay or cancel one first" can be followed online. The prompt
 * asks for the booking's total and holds nothing: approved, the booking is a paid mobile money
 * booking (the lifecycle's paid_online); declined or not approved in time, it stays a
 * pay-on-pickup booking and may be tried again (PAY-20's limits apply).
 */
export async function payBookingNow(
  payments: PaymentsContext,
  user: { id: number; name: string; email: string | null; msisdn: string },
  code: string,
  input: { network: MobileMoneyNetwork; wallet_msisdn?: string | undefined },
): Promise<{ message: string; booking: Booking; payment: Payment }> {
  const { db } = payments;
  const found = await repo.findUserBookingByCode(db, user.id, code);
  if (!found) throw new HttpError(404, messages.booking.notFound);
  const row = found.booking;
  const { status, paymentStatus } = effectiveStatus(row);
  if (
    row.paymentMethod !== 'payOnPickup' ||
    status !== 'pending' ||
    paymentStatus !== 'unpaid' ||
    row.startDate < todayInAccra()
  )
    throw new HttpError(409, messages.booking.nothingToPayNow);
  if (await hasOtherPendingPayment(db, row.id, -1))
    throw new HttpError(409, messages.booking.payNowWaiting);
  let wallet = input.wallet_msisdn;
  if (!wallet) {
    if (!isGhanaMobileNumber(user.msisdn))
      throw new HttpError(422, messages.http.validation, {
        wallet_msisdn: [messages.payment.walletInvalid],
      });
    wallet = user.msisdn;
  }
  await assertWalletMayBePrompted(db, wallet);
  let payment;
  try {
    payment = await startPayment(payments, {
      booking: row,
      user,
      network: input.network,
      walletMsisdn: wallet,
    });
  } catch (error) {
    // startPayment's 502 says a new booking was not made; this booking stands as it was.
    if (error instanceof HttpError && error.statusCode === 502)
      throw new HttpError(502, messages.booking.payNowFailed);
    throw error;
  }
  return {
    message: `Approve the mobile money prompt for ${formatCedis(pesewasToCedis(row.totalPesewas))} on your phone.`,
    booking: await getUserBooking(db, user.id, code),
    payment: toApiPayment(payment, row),
  };
}
