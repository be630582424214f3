import { todayInAccra } from '../../../shared/dates';
import {
  handoverMessages as m,
  rentalBalancePesewas,
  settleAtReturn,
  type DepositMethod,
  type KeptLine,
} from '../../../shared/handover';
import { lateFeeOfReturn } from '../../../shared/late-fee';
import { cedisToPesewas, formatCedis, pesewasToCedis } from '../../../shared/money';
import { adminMessages } from '../../../shared/staff-messages';
import type { PickupInput, ReturnInput } from '../../../shared/schemas/handover';
import { HttpError, validationError } from '../../http-errors';
import { findRentalByCode, loadBookingDetail } from '../bookings/booking-detail';
import type { Executor } from '../../db/client';
import { applyTransition, lockBooking, type BookingRow } from '../bookings/booking-lifecycle';
import { staffActionRefusal } from '../bookings/booking-permissions';
import { markPartialRefunds, requestPartialRefunds } from '../payments/change-payments';
import {
  findPaymentsOf,
  findSuccessfulPayment,
  hasPendingTopUp,
} from '../payments/payments.repository';
import { recordCashPayment } from '../payments/cash-payments';
import type { PaymentsContext } from '../payments/payments-context';
import { removeHandoverPhotos, storeHandoverPhotos } from './handover-files';
import { buildReceipt } from './handover-receipt';
import {
  documentStates,
  findPickup,
  insertHandover,
  setDepositState,
  type HandoverRow,
} from './handover.repository';

/**
 * The pickup and return records (HAND-1 to HAND-8): each checks what staff typed against the
 * booking, stores the photos, then writes the record, its photos, the deposit's state and the
 * booking's picked_up or returned transition in one transaction (a refusal or a race leaves
 * no record and no photo behind).
 */

export interface HandoverContext {
  payments: PaymentsContext;
  /** DOCUMENTS_DIR: handover photos are as private as renters' documents. */
  dir: string;
}

/** A booking that staff may hand over or take back now (404, then the transition's 409). */
async function bookingFor(ctx: HandoverContext, code: string, action: 'pick_up' | 'return') {
  const current = await findRentalByCode(ctx.payments.db, code);
  if (!current) throw new HttpError(404, adminMessages.bookingNotFound);
  const refusal = staffActionRefusal(action, current, todayInAccra());
  if (refusal) throw new HttpError(409, refusal);
  return current;
}

/**
 * How the deposit was taken (HAND-3): it is part of the booking's payment, so mobile money when
 * the booking was paid by mobile money and cash when the cash was recorded at the counter.
 */
async function depositMethodOf(ctx: HandoverContext, booking: BookingRow): Promise<DepositMethod> {
  const paid = await findSuccessfulPayment(ctx.payments.db, booking.id);
  return paid && paid.provider !== 'cash' ? 'mobile_money' : 'cash';
}

/** Photos are stored before the transaction; a failure after that removes them again. */
async function withPhotos<T>(
  ctx: HandoverContext,
  bookingId: number,
  photos: Buffer[],
  write: (keys: string[]) => Promise<T>,
): Promise<T> {
  const keys = await storeHandoverPhotos(ctx.dir, bookingId, photos);
  try {
    return await write(keys);
  } catch (error) {
    await removeHandoverPhotos(ctx.dir, bookingId, keys);
    throw error;
  }
}

async function answer(ctx: HandoverContext, booking: BookingRow, message: string) {
  const detail = await loadBookingDetail(ctx.payments.db, booking.bookingCode);
  const handover = await buildReceipt(ctx.payments.db, booking.id, { staff: true });
  return { message, booking: detail!, handover: handover! };
}

/** The car leaves (HAND-1 to HAND-4): documents seen, the car's state, the deposit taken. */
export async function recordPickup(
  ctx: HandoverContext,
  code: string,
  staffId: number,
  input: PickupInput,
  photos: Buffer[],
) {
  const current = await bookingFor(ctx, code, 'pick_up');
  const states = await documentStates(ctx.payments.db, current.userId!);
  const verified = Object.values(states).every((state) => state === 'verified');
  if (!verified && !input.documents_override) {
    const message = m.documentsNotVerified(states);
    throw validationError({ documents_override: [message] }, message);
  }
  const method = await depositMethodOf(ctx, current);

  await withPhotos(ctx, current.id, photos, (keys) =>
    ctx.payments.db.transaction(async (tx) => {
      await applyTransition(tx, 'picked_up', current, {
        actor: 'staff',
        userId: staffId,
        note: verified ? null : `Documents not verified: ${input.documents_override}`,
        data: {
          from: current.status,
          to: 'active',
          odometer_km: input.odometer_km,
          fuel_eighths: input.fuel_eighths,
          deposit_pesewas: current.depositPesewas,
          deposit_method: method,
        },
      });
      await insertHandover(
        tx,
        {
          bookingId: current.id,
          kind: 'pickup',
          at: new Date(),
          odometerKm: input.odometer_km,
          fuelEighths: input.fuel_eighths,
          damageNotes: input.damage_notes,
          staffId,
          documentsOverride: verified ? null : input.documents_override,
          depositPesewas: current.depositPesewas,
          depositMethod: method,
        },
        keys,
      );
      await setDepositState(tx, current.id, 'held');
    }),
  );
  return answer(ctx, current, m.pickedUp);
}

/** Checks the return's time and odometer against the pickup (HAND-5). */
function checkReturn(pickup: HandoverRow | undefined, input: ReturnInput, now: Date) {
  const errors: Record<string, string[]> = {};
  const returnedAt = input.returned_at ? new Date(input.returned_at) : now;
  // A minute's slack: the form's clock and the server's are not the same clock.
  if (returnedAt.getTime() > now.getTime() + 60_000) errors.returned_at = [m.returnedAtFuture];
  else if (pickup && returnedAt < pickup.at) errors.returned_at = [m.returnedAtBeforePickup];
  if (pickup && input.odometer_km < pickup.odometerKm)
    errors.odometer_km = [m.odometerBelowPickup(pickup.odometerKm)];
  if (Object.keys(errors).length) throw validationError(errors);
  return returnedAt;
}

/**
 * The money of the return (HAND-6, HAND-7, HAND-10, HAND-11), from the booking as locked: the
 * late fee, staff's lines and what the booking still owes for the rental, the deposit applied
 * to them and the rest collected.
 */
async function settleMoney(
  tx: Executor,
  booking: BookingRow,
  pickup: HandoverRow | undefined,
  input: ReturnInput,
  returnedAt: Date,
) {
  const lateFee = lateFeeOfReturn(booking, returnedAt);
  const staffLines: KeptLine[] = input.kept_lines.map((line) => ({
    reason: line.reason,
    amountPesewas: cedisToPesewas(line.amount),
    note: line.note,
  }));
  const balancePesewas = rentalBalancePesewas(booking, await findPaymentsOf(tx, booking.id));
  // A booking picked up before handovers were recorded: its deposit is the booking's.
  const depositPesewas = pickup?.depositPesewas ?? booking.depositPesewas;
  const settlement = settleAtReturn({
    depositPesewas,
    lateFeePesewas: lateFee.feePesewas,
    staffLines,
    balancePesewas,
  });
  return { lateFee, settlement, balancePesewas };
}

/**
 * The car comes back (HAND-5 to HAND-8, HAND-11): its state, the late fee, the rental's
 * balance and staff's charges settled against the deposit. The deposit's returned part goes
 * back in cash, or through the provider's refund with an amount when it was part of a mobile
 * money payment (asked for after commit; the reconciler retries). What the deposit does not
 * cover is recorded as cash received at the return, so the booking is only "paid" when it is.
 */
export async function recordReturn(
  ctx: HandoverContext,
  code: string,
  staffId: number,
  input: ReturnInput,
  photos: Buffer[],
  now = new Date(),
) {
  const found = await bookingFor(ctx, code, 'return');
  const pickup = await findPickup(ctx.payments.db, found.id);
  const returnedAt = checkReturn(pickup, input, now);
  const method: DepositMethod =
    (pickup?.depositMethod as DepositMethod | null) ?? (await depositMethodOf(ctx, found));

  const { references, collectedPesewas } = await withPhotos(ctx, found.id, photos, (keys) =>
    ctx.payments.db.transaction(async (tx) => {
      // Locked: a change, an extension or a top-up's answer cannot move the balance under us.
      const current = (await lockBooking(tx, found.id)) ?? found;
      // A prompt the customer may still approve: cash taken now could be taken twice.
      if (await hasPendingTopUp(tx, current.id)) throw new HttpError(409, m.returnWhilePaying);
      const { lateFee, settlement, balancePesewas } = await settleMoney(
        tx,
        current,
        pickup,
        input,
        returnedAt,
      );
      const deposit = {
        deposit_pesewas: settlement.depositPesewas,
        kept_pesewas: settlement.keptPesewas,
        returned_pesewas: settlement.returnedPesewas,
        returned_method: method,
        late_fee_pesewas: lateFee.feePesewas,
        balance_pesewas: balancePesewas,
        counter_pesewas: settlement.collectedPesewas,
      };
      await applyTransition(tx, 'returned', current, {
        actor: 'staff',
        userId: staffId,
        data: {
          from: current.status,
          to: 'completed',
          odometer_km: input.odometer_km,
          fuel_eighths: input.fuel_eighths,
          minutes_late: lateFee.minutesLate,
          deposit,
        },
      });
      await insertHandover(
        tx,
        {
          bookingId: current.id,
          kind: 'return',
          at: returnedAt,
          odometerKm: input.odometer_km,
          fuelEighths: input.fuel_eighths,
          damageNotes: input.damage_notes,
          staffId,
          minutesLate: lateFee.minutesLate,
          lateFeePesewas: lateFee.feePesewas,
          keptLines: settlement.charges.map((line) => ({
            reason: line.reason,
            amount_pesewas: line.amountPesewas,
            note: line.note,
            from_deposit_pesewas: line.fromDepositPesewas,
          })),
          keptPesewas: settlement.keptPesewas,
          returnedPesewas: settlement.returnedPesewas,
          returnedMethod: method,
          counterPesewas: settlement.collectedPesewas,
        },
        keys,
      );
      await setDepositState(tx, current.id, settlement.state);
      // Received in cash at the return (HAND-11): the late fee apart, the rest as the balance.
      const late = settlement.lateFeeCollectedPesewas;
      const rest = settlement.collectedPesewas - late;
      if (late > 0)
        await recordCashPayment(tx, current, { amountPesewas: late, purpose: 'late_fee' });
      if (rest > 0)
        await recordCashPayment(tx, current, { amountPesewas: rest, purpose: 'balance' });
      const done = { references: [] as string[], collectedPesewas: settlement.collectedPesewas };
      if (method !== 'mobile_money' || settlement.returnedPesewas === 0) return done;
      const refunds = await markPartialRefunds(tx, current, settlement.returnedPesewas, {
        userId: staffId,
        actor: 'staff',
      });
      return { ...done, references: refunds.references };
    }),
  );
  await requestPartialRefunds(ctx.payments, references);
  return answer(
    ctx,
    found,
    collectedPesewas > 0
      ? m.returnedCollected(formatCedis(pesewasToCedis(collectedPesewas)))
      : m.returned,
  );
}
