import { createHash, randomBytes } from 'node:crypto';
import { MOBILE_MONEY_HOLD_MINUTES } from '../../../shared/constants';
import { todayInAccra } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { pesewasToCedis } from '../../../shared/money';
import { bookingCodeFromBytes } from '../../../shared/booking-code';
import { lastPageOf } from '../../../shared/pagination';
import { priceBooking } from '../../../shared/pricing';
import type {
  Booking,
  CreateBookingInput,
  CreateBookingResponse,
} from '../../../shared/schemas/bookings';
import type { ErrorResponse } from '../../../shared/schemas/common';
import type { Database } from '../../db/client';
import { withRetry } from '../../db/retry';
import { HttpError, sqlState } from '../../http-errors';
import { carTitle } from '../cars/car-mapper';
import { hasCommittedOverlap, hasOverlappingBooking } from '../cars/cars.repository';
import {
  applyTransition,
  expireStaleHolds,
  insertRentalBooking,
  lockBookingWithCar,
  tryTransition,
} from './booking-lifecycle';
import {
  effectiveStatus,
  renterCancelOf,
  renterCancelRefusal,
  renterMayCancel,
  renterMayChange,
  renterMayExtend,
} from './booking-transitions';
import { apiLines, loadExtraPrices, storedLines } from './booking-pricing';
import { extrasOf } from './booking-quote';
import { assertBookingRules } from './booking-rules';
import { assertMayHoldAnotherUnpaid } from './booking-limits';
import { toApiBranch, type BranchFacts } from '../branches/branches.repository';
import * as repo from './bookings.repository';
import {
  findRenterPayments,
  renterPaymentsOf,
  type PaymentRow,
  type RenterPaymentFacts,
  type RenterPayments,
} from '../payments/payments.repository';
import { balanceDuePesewas } from '../../../shared/handover';
import {
  closeOpenAttempts,
  withdrawPrompts,
  assertWalletMayBePrompted,
  startPayment,
} from '../payments/payment-prompts';
import { toApiPayment } from '../payments/payment-view';
import type { PaymentsContext } from '../payments/payments-context';
import { markRefundPending, requestRefund } from '../payments/refunds';
import { isGhanaMobileNumber } from '../../../shared/mobile-money';

const unavailable = () =>
  new HttpError(409, messages.booking.unavailable, { start_date: [messages.booking.unavailable] });

const newBookingCode = () => bookingCodeFromBytes(randomBytes(6));

export function toApiBooking(
  row: repo.BookingRow,
  car: { id: number; make: string; model: string; year: number },
  images: { image_url: string; alt: string }[],
  branch: BranchFacts,
  payments?: RenterPayments,
): Booking {
  const { status, paymentStatus } = effectiveStatus(row);
  const today = todayInAccra();
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
    // HAND-10: the same figure as staff's booking detail.
    balance_due: pesewasToCedis(
      balanceDuePesewas(
        { status, paymentStatus, totalPesewas: row.totalPesewas },
        payments?.all ?? [],
      ),
    ),
  };
}

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

/** Runs tasks one after another per key; different keys run side by side. */
class KeyedQueue {
  private tails = new Map<number, Promise<unknown>>();

  run<T>(key: number, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Settles (never rejects) when every task queued for `key` so far has ended; none: undefined. */
  settled(key: number): Promise<unknown> | undefined {
    return this.tails.get(key);
  }
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
        await assertMayHoldAnotherUnpaid(tx, userId);
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

/**
 * The renter's history (BOOK-11): one statement gives the page with each booking's car,
 * branch, images and payments and the renter's total (PERF-7).
 */
export async function listUserBookings(db: Database, userId: number, page: number, limit: number) {
  const { rows, total } = await repo.findUserBookings(db, userId, page, limit);
  return {
    bookings: rows.map((r) =>
      toApiBooking(r.booking, r.car, r.images, r.branch, renterPaymentsOf(r.payments ?? [])),
    ),
    total,
    page,
    limit,
    last_page: lastPageOf(total, limit),
  };
}

async function withDetails(
  db: Database,
  row: repo.BookingRow,
  car: { id: number; make: string; model: string; year: number },
  branch: BranchFacts,
) {
  const [images, payments] = await Promise.all([
    repo.findImagesOfCars(db, [car.id]),
    findRenterPayments(db, [row.id]),
  ]);
  return toApiBooking(row, car, images.get(car.id) ?? [], branch, payments.get(row.id));
}

export async function getUserBooking(db: Database, userId: number, code: string): Promise<Booking> {
  const found = await repo.findUserBookingByCode(db, userId, code);
  if (!found) throw new HttpError(404, messages.booking.notFound);
  return withDetails(db, found.booking, found.car, found.branch);
}

/**
 * A renter cancels before the start date; a paid booking is refunded through the provider.
 * One paid in cash is not cancelled here but at the branch, where the cash goes back (BOOK-8).
 */
export async function cancelUserBooking(
  payments: PaymentsContext,
  userId: number,
  code: string,
): Promise<Booking> {
  const { db } = payments;
  const found = await repo.findUserBookingByCode(db, userId, code);
  if (!found) throw new HttpError(404, messages.booking.notFound);
  const today = todayInAccra();
  // The rule's own words before anything is written: a booking paid in cash is cancelled at
  // the branch (BOOK-8), which the generic refusal of a paid cancel below would not say.
  const refusal = renterCancelRefusal(found.booking, today);
  if (refusal) throw new HttpError(409, refusal);
  const cancelled =
    renterCancelOf(found.booking) === 'renter_cancel_paid'
      ? await cancelPaidBooking(payments, found.booking.id, { actor: 'renter', userId, today })
      : await cancelUnpaidBooking(payments, found.booking, { actor: 'renter', userId, today });
  if (!cancelled) throw new HttpError(409, messages.booking.cannotCancel);
  return withDetails(db, cancelled, found.car, found.branch);
}

/**
 * Cancels a booking not paid (yet): an open mobile money prompt of it reads failed in the same
 * transaction and is withdrawn after commit where the provider can (BOOK-8).
 */
async function cancelUnpaidBooking(
  payments: PaymentsContext,
  booking: repo.BookingRow,
  by: { actor: 'renter'; userId: number; today: string },
) {
  const { cancelled, closed } = await payments.db.transaction(async (tx) => {
    const row = await applyTransition(
      tx,
      'renter_cancel',
      booking,
      { actor: by.actor, userId: by.userId },
      { today: by.today },
    );
    return { cancelled: row, closed: await closeOpenAttempts(tx, booking.id) };
  });
  await withdrawPrompts(payments, closed);
  return cancelled;
}

/**
 * Cancels a paid booking and gives the money back through the provider: the cancel and the
 * refund request in one transaction, then the provider is asked (after commit, so a slow
 * provider holds no lock). `today` limits renters to bookings that have not started; staff
 * pass null. Undefined when the booking cannot be cancelled (any more).
 */
export async function cancelPaidBooking(
  payments: PaymentsContext,
  bookingId: number,
  by: { actor: 'renter' | 'staff'; userId: number; today: string | null; note?: string },
): Promise<repo.BookingRow | undefined> {
  const { db } = payments;
  const result = await db.transaction(async (tx) => {
    const booking = await lockBookingWithCar(tx, bookingId);
    if (!booking) return undefined;
    const cancelled = await tryTransition(
      tx,
      by.actor === 'renter' ? 'renter_cancel_paid' : 'staff_cancel_paid',
      booking,
      { actor: by.actor, userId: by.userId, note: by.note ?? null },
      by.today === null ? {} : { today: by.today },
    );
    if (!cancelled) return undefined;
    const refundReferences = await markRefundPending(tx, bookingId, by);
    // A change's top-up prompt still open can no longer pay either (BOOK-8).
    return { cancelled, refundReferences, closed: await closeOpenAttempts(tx, bookingId) };
  });
  if (!result) return undefined;
  await withdrawPrompts(payments, result.closed);
  if (result.refundReferences.length) {
    // The booking's payment and any change's top-up (BOOK-18), each given back.
    for (const reference of result.refundReferences) await requestRefund(payments, reference);
    return repo.findBookingById(db, bookingId);
  }
  return result.cancelled;
}
