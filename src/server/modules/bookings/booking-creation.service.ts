/**
 * A new booking (MONEY-2, BOOK-3 to BOOK-6, API-5): idempotency keys, the per-car queue that
 * keeps a burst from holding every connection, the locked insert that prices it, and, for
 * mobile money, starting its payment (PAY-3, PAY-4). Renters and staff booking for them
 * (STAFF-14) both come through here.
 */
import { createHash, randomBytes } from 'node:crypto';
import { MOBILE_MONEY_HOLD_MINUTES } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { bookingCodeFromBytes } from '../../../shared/booking-code';
import { isGhanaMobileNumber } from '../../../shared/mobile-money';
import { priceBooking } from '../../../shared/pricing';
import type { CreateBookingInput, CreateBookingResponse } from '../../../shared/schemas/bookings';
import type { ErrorResponse } from '../../../shared/schemas/common';
import type { Database } from '../../db/client';
import { withRetry } from '../../db/retry';
import { HttpError, sqlState } from '../../http-errors';
import { hasCommittedOverlap, hasOverlappingBooking } from '../cars/cars.repository';
import {
  findRenterPayments,
  type PaymentRow,
  type RenterPaymentFacts,
} from '../payments/payments.repository';
import { assertWalletMayBePrompted, startPayment } from '../payments/payment-prompts';
import { toApiPayment } from '../payments/payment-view';
import type { PaymentsContext } from '../payments/payments-context';
import { expireStaleHolds, insertRentalBooking } from './booking-lifecycle';
import { assertMayHoldAnotherUnpaid } from './booking-limits';
import { loadExtraPrices, storedLines } from './booking-pricing';
import { extrasOf } from './booking-quote';
import { assertBookingRules } from './booking-rules';
import * as repo from './bookings.repository';
import { getUserBooking, toApiBooking } from './bookings.service';
import { KeyedQueue } from './keyed-queue';

const unavailable = () =>
  new HttpError(409, messages.booking.unavailable, { start_date: [messages.booking.unavailable] });

const newBookingCode = () => bookingCodeFromBytes(randomBytes(6));

/** Same key, same body → same booking; the hash tells a reused key from a retry. */
const hashRequest = (input: CreateBookingInput) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        input.car_id,
        input.start_date,
        input.end_date,
        input.destination,
        input.destination_type,
        input.payment_method,
        input.network ?? null,
        input.wallet_msisdn ?? null,
        input.pickup_time,
        input.return_time,
        input.chauffeur,
        input.child_seat,
        input.delivery_address,
      ]),
    )
    .digest('hex');

export type CreateBookingResult =
  | {
      status: number;
      body: CreateBookingResponse;
      /** True when the answer is the stored one of an earlier request with the same key. */
      replayed?: boolean;
      conflict?: undefined;
    }
  /**
   * The dates are taken. Returned rather than thrown: under contention this is the answer
   * to almost every request, and the error handler's path costs more than the answer.
   */
  | { status: 409; body: ErrorResponse; conflict: true };

const conflictResult = (): CreateBookingResult => ({
  status: 409,
  body: {
    message: messages.booking.unavailable,
    errors: { start_date: [messages.booking.unavailable] },
  },
  conflict: true,
});

function replayIdempotent(
  record: { requestHash: string; responseStatus: number; responseBody: unknown },
  requestHash: string,
): CreateBookingResult {
  if (record.requestHash !== requestHash) {
    throw new HttpError(422, messages.booking.idempotencyMismatch, {
      idempotency_key: [messages.booking.idempotencyMismatch],
    });
  }
  return {
    status: record.responseStatus,
    body: record.responseBody as CreateBookingResponse,
    replayed: true,
  };
}

/**
 * Creates a booking (MONEY-2, BOOK-3 to BOOK-6, API-5). The database's exclusion constraint is
 * the invariant; the car-row lock makes the usual conflict a clean 409 without deadlocks.
 */
export async function createBooking(
  db: Database,
  userId: number,
  input: CreateBookingInput,
  idempotencyKey?: string,
  holdMs: number = MOBILE_MONEY_HOLD_MINUTES * 60_000,
  /** A phone or walk-in booking (STAFF-14): the staff member who made it for the renter. */
  staffId?: number,
): Promise<CreateBookingResult> {
  const requestHash = hashRequest(input);
  if (idempotencyKey) {
    const existing = await repo.findIdempotencyRecord(db, userId, idempotencyKey);
    if (existing) return replayIdempotent(existing, requestHash);
  }
  // The overlapping booking may be this request's own original, committed a moment ago by
  // another process (a retry that lost the race): its stored answer, not a 409 (API-5).
  const conflict = async (): Promise<CreateBookingResult> => {
    if (idempotencyKey) {
      const existing = await repo.findIdempotencyRecord(db, userId, idempotencyKey);
      if (existing) return replayIdempotent(existing, requestHash);
    }
    return conflictResult();
  };

  // Fast path for the common conflict: a committed overlapping booking already exists, so
  // answer 409 without queueing for the car's lock.
  if (await hasCommittedOverlap(db, input.car_id, input.start_date, input.end_date)) {
    return conflict();
  }

  // In this process, requests for one car take turns to open the booking transaction: a
  // burst would otherwise hold every pooled connection waiting on the same row lock. A request
  // that finds turns already taken first waits for them and checks again, side by side with
  // the others waiting (usually a quick 409 once the first has booked), and only a request
  // whose dates are still free joins the queue, where it checks once more in its turn.
  const busy = carQueue.settled(input.car_id);
  if (busy) {
    await busy;
    if (idempotencyKey) {
      // A duplicate that waited behind its own original gets the original's answer.
      const existing = await repo.findIdempotencyRecord(db, userId, idempotencyKey);
      if (existing) return replayIdempotent(existing, requestHash);
    }
    if (await hasCommittedOverlap(db, input.car_id, input.start_date, input.end_date)) {
      return conflict();
    }
  }
  return carQueue.run(input.car_id, async () => {
    if (idempotencyKey) {
      const existing = await repo.findIdempotencyRecord(db, userId, idempotencyKey);
      if (existing) return replayIdempotent(existing, requestHash);
    }
    if (await hasCommittedOverlap(db, input.car_id, input.start_date, input.end_date)) {
      return conflict();
    }
    return insertBookingLocked(db, userId, input, requestHash, idempotencyKey, holdMs, staffId);
  });
}

const carQueue = new KeyedQueue();

async function insertBookingLocked(
  db: Database,
  userId: number,
  input: CreateBookingInput,
  requestHash: string,
  idempotencyKey: string | undefined,
  holdMs: number,
  staffId: number | undefined,
): Promise<CreateBookingResult> {
  try {
    return await withRetry(() =>
      db.transaction(async (tx) => {
        if (idempotencyKey) {
          const claimed = await repo.claimIdempotencyKey(tx, {
            userId,
            key: idempotencyKey,
            requestHash,
          });
          if (!claimed) {
            const existing = await repo.findIdempotencyRecord(tx, userId, idempotencyKey);
            if (existing) return replayIdempotent(existing, requestHash);
          }
        }

        const car = await repo.lockCar(tx, input.car_id);
        if (!car || car.retiredAt) {
          throw new HttpError(404, messages.booking.carNotFound, {
            car_id: [messages.booking.carNotFound],
          });
        }
        // The branch as it is now (the preValidation check read the snapshot) (BOOK-16).
        assertBookingRules(input, car.branch);
        // LIMIT-13: a booking paid at once by mobile money is paid within its hold or released,
        // so it goes ahead past the limit (PAY-20 bounds its prompts); it still counts.
        if (input.payment_method !== 'mobile_money') await assertMayHoldAnotherUnpaid(tx, userId);
        await expireStaleHolds(tx, car.id);
        if (await hasOverlappingBooking(tx, car.id, input.start_date, input.end_date))
          throw unavailable();

        // The same function prices the quote (PRICE-1), with the prices read in this
        // transaction: what is charged is what the prices are now.
        const quote = priceBooking(
          car,
          input.start_date,
          input.end_date,
          extrasOf(input, car.branch),
          await loadExtraPrices(tx),
        );
        const mobileMoney = input.payment_method === 'mobile_money';
        const row = await insertRentalBooking(
          tx,
          {
            bookingCode: newBookingCode(),
            userId,
            carId: car.id,
            branchId: car.branch.id,
            startDate: input.start_date,
            endDate: input.end_date,
            pickupTime: input.pickup_time,
            returnTime: input.return_time,
            chauffeur: input.chauffeur,
            childSeat: input.child_seat,
            deliveryAddress: input.delivery_address,
            days: quote.days,
            pricePerDayPesewas: quote.pricePerDayPesewas,
            lineCostPesewas: quote.lineCostPesewas,
            discountPesewas: quote.discountPesewas,
            extrasPesewas: quote.extrasPesewas,
            depositPesewas: quote.depositPesewas,
            totalPesewas: quote.totalPesewas,
            lines: storedLines(quote.lines),
            destination: input.destination,
            destinationType: input.destination_type,
            paymentMethod: input.payment_method,
            holdExpiresAt: mobileMoney ? new Date(Date.now() + holdMs) : null,
          },
          {
            ...(staffId === undefined ? { userId } : { userId: staffId, actor: 'staff' as const }),
            data: { payment_method: input.payment_method, total_pesewas: quote.totalPesewas },
          },
          { make: car.make, model: car.model, city: car.city, branch: car.branch.name },
        );
        const carInfo = await repo.findCarSummary(tx, row.carId);
        const body: CreateBookingResponse = {
          message: mobileMoney
            ? 'Booking reserved. Complete the mobile money payment to confirm it.'
            : 'Booking successful. Pay when you pick up the car.',
          booking: toApiBooking(row, carInfo.car, carInfo.images, car.branch),
        };
        if (idempotencyKey)
          await repo.storeIdempotentResponse(tx, userId, idempotencyKey, 201, body);
        return { status: 201, body };
      }),
    );
  } catch (error) {
    // The invariant itself: another process won the race between our check and insert.
    if (sqlState(error) === '23P01') throw unavailable();
    throw error;
  }
}

/**
 * Creates the booking and, for mobile money, starts its payment (PAY-3, PAY-4). The stored
 * idempotent answer is replaced by the one with the payment, so a retry sees the same
 * attempt; if the payment cannot start, the key is freed so that a retry may try again.
 */
export async function createBookingAndPay(
  payments: PaymentsContext,
  user: { id: number; name: string; email: string | null; msisdn: string },
  input: CreateBookingInput,
  idempotencyKey?: string,
  /** Staff booking for this renter by phone or at the counter (STAFF-14). */
  staffId?: number,
): Promise<CreateBookingResult> {
  const { db } = payments;
  let wallet = input.wallet_msisdn;
  if (input.payment_method === 'mobile_money' && !wallet) {
    if (!isGhanaMobileNumber(user.msisdn)) {
      throw new HttpError(422, messages.http.validation, {
        wallet_msisdn: [messages.payment.walletInvalid],
      });
    }
    wallet = user.msisdn;
  }
  // A wallet past its prompt limit gets no booking at all, rather than a hold nobody can pay.
  if (input.payment_method === 'mobile_money') await assertWalletMayBePrompted(db, wallet!);
  const result = await createBooking(
    db,
    user.id,
    input,
    idempotencyKey,
    payments.holdSeconds * 1000,
    staffId,
  );
  if (result.conflict || input.payment_method !== 'mobile_money' || result.status !== 201)
    return result;

  const row = await repo.findBookingById(db, result.body.booking.id);
  if (!row) return result;
  const withPayment = (payment: RenterPaymentFacts): CreateBookingResponse => {
    const api = toApiPayment(payment, row);
    return { ...result.body, booking: { ...result.body.booking, payment: api }, payment: api };
  };
  if (result.replayed) {
    const latest = (await findRenterPayments(db, [row.id])).get(row.id)?.latest;
    return latest ? { ...result, body: withPayment(latest) } : result;
  }
  let payment: PaymentRow;
  try {
    payment = await startPayment(payments, {
      booking: row,
      user,
      network: input.network!,
      walletMsisdn: wallet!,
      ...(staffId === undefined ? {} : { startedBy: { actor: 'staff', userId: staffId } }),
    });
  } catch (error) {
    if (idempotencyKey) await repo.deleteIdempotencyKey(db, user.id, idempotencyKey);
    throw error;
  }
  let body = withPayment(payment);
  // A charge that settled at once (paid or declined) changed the booking too.
  if (payment.status !== 'pending') {
    const fresh = await getUserBooking(db, user.id, row.bookingCode);
    body = { ...body, booking: { ...fresh, payment: body.payment ?? null } };
  }
  if (idempotencyKey) await repo.storeIdempotentResponse(db, user.id, idempotencyKey, 201, body);
  return { ...result, body };
}
