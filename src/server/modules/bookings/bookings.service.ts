/**
 * The renter's bookings as the API shows them: one booking's view (with can_cancel,
 * can_change and the balance due), the history page (BOOK-11) and one booking by its code.
 * What changes a booking lives beside it: booking-creation.service.ts (a new booking and its
 * payment), booking-cancellation.service.ts, booking-changes.service.ts.
 */
import { todayInAccra } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { pesewasToCedis } from '../../../shared/money';
import { lastPageOf } from '../../../shared/pagination';
import type { Booking, ReturnCharge } from '../../../shared/schemas/bookings';
import { returnChargesOf } from '../handover/handover-receipt';
import { balanceDuePesewas } from '../../../shared/handover';
import type { Database } from '../../db/client';
import { HttpError } from '../../http-errors';
import { carTitle } from '../cars/car-mapper';
import { toApiBranch, type BranchFacts } from '../branches/branches.repository';
import {
  findRenterPayments,
  renterPaymentsOf,
  type RenterPayments,
} from '../payments/payments.repository';
import { cancelRefundOf, refundAfterCancelOf, toApiPayment } from '../payments/payment-view';
import {
  effectiveStatus,
  renterMayCancel,
  renterMayChange,
  renterMayExtend,
} from './booking-permissions';
import { apiLines } from './booking-pricing';
import * as repo from './bookings.repository';

/**
 * BOOK-21: a paid mobile money booking's balance is a change's difference, asked by a prompt
 * and payable by another; a cash booking's is paid at the counter.
 */
export const topUpDuePesewas = (paymentMethod: string, balancePesewas: number) =>
  paymentMethod === 'mobile_money' ? balancePesewas : 0;

export function toApiBooking(
  row: repo.BookingRow,
  car: { id: number; make: string; model: string; year: number },
  images: { image_url: string; alt: string }[],
  branch: BranchFacts,
  payments?: RenterPayments,
  returnCharges: ReturnCharge[] = [],
): Booking {
  const { status, paymentStatus } = effectiveStatus(row);
  const today = todayInAccra();
  // HAND-10: the same figure as staff's booking detail.
  const balance = balanceDuePesewas(
    { status, paymentStatus, totalPesewas: row.totalPesewas },
    payments?.all ?? [],
  );
  return {
    id: row.id,
    booking_code: row.bookingCode,
    status,
    payment_status: paymentStatus,
    start_date: row.startDate,
    end_date: row.endDate,
    days: row.days,
    price_per_day: pesewasToCedis(row.pricePerDayPesewas),
    line_cost: pesewasToCedis(row.lineCostPesewas),
    discount: pesewasToCedis(row.discountPesewas),
    extras: pesewasToCedis(row.extrasPesewas),
    deposit: pesewasToCedis(row.depositPesewas),
    total_cost: pesewasToCedis(row.totalPesewas),
    lines: apiLines(row.lines),
    destination: row.destination,
    destination_type: row.destinationType,
    pickup_time: row.pickupTime,
    return_time: row.returnTime,
    chauffeur: row.chauffeur,
    child_seat: row.childSeat,
    delivery_address: row.deliveryAddress,
    branch: toApiBranch(branch),
    payment_method: row.paymentMethod as Booking['payment_method'],
    hold_expires_at: row.holdExpiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    can_cancel: status !== 'cancelled' && renterMayCancel(row, today),
    can_change: renterMayChange({ ...row, status }, today),
    can_extend: renterMayExtend({ ...row, status }),
    car: { ...car, title: carTitle(car), images },
    payment: payments?.latest ? toApiPayment(payments.latest, row) : null,
    balance_due: pesewasToCedis(balance),
    top_up_due: pesewasToCedis(topUpDuePesewas(row.paymentMethod, balance)),
    cancel_refund:
      status !== 'cancelled' && renterMayCancel(row, today)
        ? cancelRefundOf(payments?.all ?? [])
        : null,
    refund: status === 'cancelled' ? refundAfterCancelOf(payments?.all ?? []) : null,
    return_charges: returnCharges,
  };
}

/**
 * The renter's history (BOOK-11): one statement gives the page with each booking's car,
 * branch, images and payments and the renter's total (PERF-7).
 */
export async function listUserBookings(db: Database, userId: number, page: number, limit: number) {
  const { rows, total } = await repo.findUserBookings(db, userId, page, limit);
  const charges = await returnChargesOf(
    db,
    rows.filter((r) => r.booking.status === 'completed').map((r) => r.booking.id),
  );
  return {
    bookings: rows.map((r) =>
      toApiBooking(
        r.booking,
        r.car,
        r.images,
        r.branch,
        renterPaymentsOf(r.payments ?? []),
        charges.get(r.booking.id),
      ),
    ),
    total,
    page,
    limit,
    last_page: lastPageOf(total, limit),
  };
}

/** One booking as the renter sees it, with its images and payments read alongside. */
export async function toApiBookingWithDetails(
  db: Database,
  row: repo.BookingRow,
  car: { id: number; make: string; model: string; year: number },
  branch: BranchFacts,
) {
  const [images, payments, charges] = await Promise.all([
    repo.findImagesOfCars(db, [car.id]),
    findRenterPayments(db, [row.id]),
    returnChargesOf(db, row.status === 'completed' ? [row.id] : []),
  ]);
  return toApiBooking(
    row,
    car,
    images.get(car.id) ?? [],
    branch,
    payments.get(row.id),
    charges.get(row.id),
  );
}

export async function getUserBooking(db: Database, userId: number, code: string): Promise<Booking> {
  const found = await repo.findUserBookingByCode(db, userId, code);
  if (!found) throw new HttpError(404, messages.booking.notFound);
  return toApiBookingWithDetails(db, found.booking, found.car, found.branch);
}
