import { pesewasToCedis } from '../../../shared/money';
import type { AdminBookingSummary, AdminPayment } from '../../../shared/schemas/bookings.staff';
import type { payments } from '../../db/schema/index';
import { carTitle } from '../cars/car-mapper';
import type { BookingSummaryRow } from './booking-summaries.repository';

// Rows to the staff API's booking and payment shapes (pesewas become cedis here).

export function toAdminBookingSummary(row: BookingSummaryRow): AdminBookingSummary {
  const b = row.booking;
  return {
    id: b.id,
    booking_code: b.bookingCode,
    status: b.status as AdminBookingSummary['status'],
    payment_status: b.paymentStatus as AdminBookingSummary['payment_status'],
    payment_method: b.paymentMethod as AdminBookingSummary['payment_method'],
    start_date: b.startDate,
    end_date: b.endDate,
    pickup_time: b.pickupTime,
    return_time: b.returnTime,
    branch: row.branch,
    days: b.days,
    price_per_day: pesewasToCedis(b.pricePerDayPesewas),
    total_cost: pesewasToCedis(b.totalPesewas),
    created_at: b.createdAt.toISOString(),
    car: { id: row.car.id, title: carTitle(row.car) },
    renter: row.renter,
    flagged: Boolean(row.flagged),
  };
}

/** Declined (`failed`) or left unanswered past the hold (`abandoned`); a success says 'Approved'. */
const ENDED_UNPAID = new Set(['failed', 'abandoned']);

export function toAdminPayment(row: typeof payments.$inferSelect): AdminPayment {
  return {
    id: row.id,
    provider: row.provider,
    reference: row.reference,
    amount: pesewasToCedis(row.amountPesewas),
    currency: row.currency,
    status: row.status,
    network: row.network,
    wallet_msisdn: row.walletMsisdn,
    flagged_reason: row.flaggedReason,
    refund_id: row.refundId,
    refund_note: row.refundNote,
    // Only an attempt that ended unpaid has words that explain anything (STAFF-35).
    failure_reason: ENDED_UNPAID.has(row.status) ? row.gatewayResponse : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
