import { and, eq, inArray } from 'drizzle-orm';
import type { DepositMethod, DepositState, KeptReason } from '../../../shared/handover';
import { dueBackAt, lateFeeDescription, lateFeeFor } from '../../../shared/late-fee';
import { pesewasToCedis } from '../../../shared/money';
import type { ReturnCharge } from '../../../shared/schemas/bookings';
import type { HandoverReceipt } from '../../../shared/schemas/handover';
import type { Executor } from '../../db/client';
import { bookings, handovers } from '../../db/schema/index';
import { toApiBranch } from '../branches/branches.repository';
import { carTitle } from '../cars/car-mapper';
import { handoversOf, receiptPeople } from './handover.repository';
import { COMPANY_NAME } from '../../../shared/constants';
import { splitInclusive } from '../../../shared/tax';
import { taxInForceAt } from '../tax/tax-settings.repository';

type ReturnRow = typeof handovers.$inferSelect;

/**
 * The return's charges as recorded (HAND-11). A return recorded before charges were (no
 * from_deposit_pesewas) stored only what the deposit kept, the late fee capped at the deposit
 * and its excess paid at the counter: rebuilt to the same shape.
 */
export function chargesOf(r: ReturnRow) {
  const stored = r.keptLines ?? [];
  return stored.map((line) => {
    const legacy = line.from_deposit_pesewas === undefined;
    const amount =
      legacy && line.reason === 'late_fee' ? (r.lateFeePesewas ?? 0) : line.amount_pesewas;
    const fromDeposit = legacy ? line.amount_pesewas : line.from_deposit_pesewas!;
    return {
      reason: line.reason as KeptReason,
      note: line.note,
      amountPesewas: amount,
      fromDepositPesewas: fromDeposit,
      collectedPesewas: amount - fromDeposit,
    };
  });
}

/**
 * The charges each booking's return made besides its total (HAND-14): the late fee and staff's
 * lines, not the rental's balance (already in the booking's total). One query for a page of
 * bookings (handovers_booking_kind unique index); a booking not returned has none.
 */
export async function returnChargesOf(db: Executor, bookingIds: number[]) {
  const found = new Map<number, ReturnCharge[]>();
  if (!bookingIds.length) return found;
  const rows = await db
    .select()
    .from(handovers)
    .where(and(inArray(handovers.bookingId, bookingIds), eq(handovers.kind, 'return')));
  for (const row of rows)
    found.set(
      row.bookingId,
      chargesOf(row)
        .filter((c) => c.reason !== 'rental_balance' && c.amountPesewas > 0)
        .map((c) => ({
          reason: c.reason as ReturnCharge['reason'],
          amount: pesewasToCedis(c.amountPesewas),
          note: c.note,
        })),
    );
  return found;
}

/**
 * The tax invoice's part of the receipt (HAND-15): the rental as charged (its total less the
 * refundable deposit, which is no supply and carries no tax) and the return's charges besides
 * the rental's balance (already in that total), split by the taxes in force when the car came
 * back. Null while none are set, and for a cancelled booking.
 */
async function taxPart(
  db: Executor,
  booking: typeof bookings.$inferSelect,
  back: ReturnRow | undefined,
): Promise<HandoverReceipt['tax']> {
  // A cancelled booking supplied nothing: no tax to show on what was given back.
  if (booking.status === 'cancelled') return null;
  const tax = await taxInForceAt(db, back?.at ?? new Date());
  if (!tax || tax.lines.length === 0) return null;
  const rental = booking.totalPesewas - booking.depositPesewas;
  const charges = back
    ? chargesOf(back)
        .filter((c) => c.reason !== 'rental_balance')
        .reduce((sum, c) => sum + c.amountPesewas, 0)
    : 0;
  const split = splitInclusive(rental + charges, tax.lines);
  return {
    supplier: COMPANY_NAME,
    tin: tax.tin,
    rental: pesewasToCedis(rental),
    charges: pesewasToCedis(charges),
    total: pesewasToCedis(split.totalPesewas),
    taxable_value: pesewasToCedis(split.taxablePesewas),
    taxes: split.taxes.map((t) => ({
      name: t.name,
      rate_bp: t.rate_bp,
      on_levies: t.on_levies,
      amount: pesewasToCedis(t.amountPesewas),
    })),
  };
}

function returnMoney(r: ReturnRow) {
  const charges = chargesOf(r);
  return {
    balance: pesewasToCedis(charges.find((c) => c.reason === 'rental_balance')?.amountPesewas ?? 0),
    charges: charges.map((c) => ({
      reason: c.reason,
      amount: pesewasToCedis(c.amountPesewas),
      note: c.note,
      from_deposit: pesewasToCedis(c.fromDepositPesewas),
      collected: pesewasToCedis(c.collectedPesewas),
    })),
    total_charges: pesewasToCedis(charges.reduce((t, c) => t + c.amountPesewas, 0)),
    kept_lines: charges
      .filter((c) => c.fromDepositPesewas > 0)
      .map((c) => ({
        reason: c.reason,
        amount: pesewasToCedis(c.fromDepositPesewas),
        note: c.note,
      })),
    kept: pesewasToCedis(r.keptPesewas ?? 0),
    returned: pesewasToCedis(r.returnedPesewas ?? 0),
    returned_method: r.returnedMethod as DepositMethod,
    collected: pesewasToCedis(r.counterPesewas ?? 0),
  };
}

/** Where a handover photo is read (staff and the booking's renter only, HAND-4). */
export const handoverPhotoUrl = (id: number) => `/api/handover-photos/${id}`;

/**
 * The handover receipt (HAND-9): the booking's pickup and return facts, the late fee and the
 * deposit's outcome with its reasons. The same facts for staff and for the renter; only staff
 * see who recorded each handover and why documents were overridden. Undefined for a booking that is not a rental.
 */
export async function buildReceipt(
  db: Executor,
  bookingId: number,
  viewer: { staff: boolean },
): Promise<HandoverReceipt | undefined> {
  const [[booking], people, { rows, photos }] = await Promise.all([
    db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1),
    receiptPeople(db, bookingId),
    handoversOf(db, bookingId),
  ]);
  if (!booking || booking.kind !== 'rental' || !people) return undefined;
  const photosOf = (handoverId: number) =>
    photos
      .filter((p) => p.handoverId === handoverId)
      .map((p) => ({ id: p.id, url: handoverPhotoUrl(p.id) }));
  const common = (h: (typeof rows)[number]) => ({
    at: h.handover.at.toISOString(),
    odometer_km: h.handover.odometerKm,
    fuel_eighths: h.handover.fuelEighths,
    damage_notes: h.handover.damageNotes,
    staff_name: viewer.staff ? h.staffName : null,
    photos: photosOf(h.handover.id),
  });
  const pickup = rows.find((r) => r.handover.kind === 'pickup');
  const back = rows.find((r) => r.handover.kind === 'return');
  const r = back?.handover;
  return {
    booking_code: booking.bookingCode,
    car: carTitle(people),
    renter_name: people.renterName,
    branch: toApiBranch(people.branch),
    start_date: booking.startDate,
    end_date: booking.endDate,
    pickup_time: booking.pickupTime,
    return_time: booking.returnTime,
    price_per_day: pesewasToCedis(booking.pricePerDayPesewas),
    deposit: pesewasToCedis(booking.depositPesewas),
    deposit_state: booking.depositState as DepositState | null,
    pickup: pickup
      ? {
          ...common(pickup),
          documents: pickup.handover.documentsOverride ? 'override' : 'verified',
          // Staff's reason is an internal note: the renter reads only that one was given.
          documents_override: viewer.staff ? pickup.handover.documentsOverride : null,
          deposit: pesewasToCedis(pickup.handover.depositPesewas ?? 0),
          deposit_method: pickup.handover.depositMethod as DepositMethod,
        }
      : null,
    return:
      back && r
        ? {
            ...common(back),
            due_at: dueBackAt(booking.endDate, booking.returnTime).toISOString(),
            minutes_late: r.minutesLate ?? 0,
            late_fee: pesewasToCedis(r.lateFeePesewas ?? 0),
            late_fee_description: lateFeeDescription(
              lateFeeFor(r.minutesLate ?? 0, booking.pricePerDayPesewas),
            ),
            ...returnMoney(r),
            distance_km: pickup ? Math.max(0, r.odometerKm - pickup.handover.odometerKm) : 0,
          }
        : null,
    tax: await taxPart(db, booking, r),
  };
}
