/**
 * Cash at the counter: what staff take (a pay-on-pickup booking's total, what a return
 * collects beyond the deposit) and what they hand back when a cash-paid booking is cancelled.
 * No provider is involved, so none of the prompt, result or refund machinery applies.
 */
import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client';
import type { BookingRow } from '../bookings/booking-lifecycle';
import * as repo from './payments.repository';

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
