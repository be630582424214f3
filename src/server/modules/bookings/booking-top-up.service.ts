import { messages } from '../../../shared/messages';
import { balanceDuePesewas } from '../../../shared/handover';
import { formatCedis, pesewasToCedis } from '../../../shared/money';
import type { Payment } from '../../../shared/schemas/payments';
import type { Booking } from '../../../shared/schemas/bookings';
import type { Executor } from '../../db/client';
import { HttpError } from '../../http-errors';
import { payingWallet, startTopUp } from '../payments/change-payments';
import { findPaymentsOf, hasPendingTopUp } from '../payments/payments.repository';
import { toApiPayment } from '../payments/payment-view';
import type { PaymentsContext } from '../payments/payments-context';
import { lockBooking } from './booking-lifecycle';
import { effectiveStatus } from './booking-permissions';
import { getUserBooking, topUpDuePesewas } from './bookings.service';
import * as repo from './bookings.repository';

/** What a booking's top-up asks for now (BOOK-21), from the booking as it is in `db`. */
async function topUpDueOf(db: Executor, row: repo.BookingRow) {
  const { status, paymentStatus } = effectiveStatus(row);
  const balance = balanceDuePesewas(
    { status, paymentStatus, totalPesewas: row.totalPesewas },
    await findPaymentsOf(db, row.id),
  );
  return topUpDuePesewas(row.paymentMethod, balance);
}

/**
 * POST /api/bookings/{code}/top-up (BOOK-21): the renter asks for the mobile money prompt of a
 * change's difference again, from the booking's page, while it is due and no prompt for it is
 * open (two open prompts could both be approved). The prompt goes to the wallet that paid.
 * The booking row is locked while deciding, so a change (which locks it too) and a second
 * press wait for this one's prompt row.
 */
export async function askForTopUp(
  payments: PaymentsContext,
  user: { id: number; name: string; email: string | null; msisdn: string },
  code: string,
): Promise<{ message: string; booking: Booking; payment: Payment }> {
  const { db } = payments;
  const found = await repo.findUserBookingByCode(db, user.id, code);
  if (!found) throw new HttpError(404, messages.booking.notFound);
  const amountPesewas = await topUpDueOf(db, found.booking);
  if (amountPesewas <= 0) throw new HttpError(409, messages.booking.noTopUpDue);
  const topUp = await startTopUp(payments, {
    booking: found.booking,
    user,
    amountPesewas,
    startedBy: { actor: 'renter', userId: user.id },
    ...(await payingWallet(db, found.booking.id, user.msisdn)),
    again: async (tx) => {
      const row = await lockBooking(tx, found.booking.id);
      if (!row) throw new HttpError(404, messages.booking.notFound);
      if (await hasPendingTopUp(tx, row.id))
        throw new HttpError(409, messages.booking.topUpWaiting);
      if ((await topUpDueOf(tx, row)) !== amountPesewas)
        throw new HttpError(409, messages.booking.noTopUpDue);
    },
  }).catch((error: unknown) => {
    // PAY-20's words for a booking's prompts speak of a new booking: here the way on is the counter.
    if (error instanceof HttpError && error.message === messages.payment.tooManyPromptsBooking)
      throw new HttpError(429, messages.booking.topUpPromptsUsed);
    throw error;
  });
  // `again` makes a prompt limit a 429, so a top-up row always exists here.
  const payment = toApiPayment(topUp!, found.booking);
  const booking = await getUserBooking(db, user.id, code);
  const message =
    topUp!.status === 'failed'
      ? `We could not send the mobile money prompt. Try again in a moment, or pay ${formatCedis(pesewasToCedis(amountPesewas))} at the counter.`
      : `Approve the mobile money prompt for ${formatCedis(pesewasToCedis(amountPesewas))} on your phone.`;
  return { message, booking, payment };
}
