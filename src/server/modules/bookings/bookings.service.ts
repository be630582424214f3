import { createHash, randomBytes } from 'node:crypto';
import { MOBILE_MONEY_HOLD_MINUTES } from '../../../shared/constants';
import { todayInAccra } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { pesewasToCedis } from '../../../shared/money';
import { bookingCodeFromBytes } from '../../../shared/booking-code';
import { quoteRentalPrice } from '../../../shared/rental';
import type { Booking, CreateBookingInput, CreateBookingResponse } from '../../../shared/schemas/bookings';
import type { Database } from '../../db/client';
import { constraintName, HttpError, sqlState } from '../../http-errors';
import { carTitle } from '../cars/car-mapper';
import { hasCommittedOverlap, hasOverlappingBooking } from '../cars/cars.repository';
import { recordBookingEvent } from './booking-events';
import * as repo from './bookings.repository';

const unavailable = () =>
  new HttpError(409, messages.booking.unavailable, { start_date: [messages.booking.unavailable] });

/** Deadlocks and serialisation failures are safe to retry: the transaction did nothing. */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);

async function withRetry<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const state = sqlState(error) ?? '';
      // A new random booking code that happens to exist already: draw again.
      const codeClash = state === '23505' && constraintName(error) === 'bookings_booking_code_key';
      if (attempt >= attempts || !(RETRYABLE_SQLSTATES.has(state) || codeClash)) throw error;
      await new Promise((r) => setTimeout(r, attempt * 5 + Math.random() * 10));
    }
  }
}

const newBookingCode = () => bookingCodeFromBytes(randomBytes(6));

export function canCancel(row: repo.BookingRow, today = todayInAccra()): boolean {
  return (
    (row.status === 'pending' || row.status === 'confirmed') &&
    (row.paymentStatus === 'unpaid' || row.paymentStatus === 'pending') &&
    row.startDate > today
  );
}

export function toApiBooking(
  row: repo.BookingRow,
  car: { id: number; make: string; model: string; year: number },
  images: { image_url: string; alt: string }[],
): Booking {
  return {
    id: row.id,
    booking_code: row.bookingCode,
    status: row.status as Booking['status'],
    payment_status: row.paymentStatus as Booking['payment_status'],
    start_date: row.startDate,
    end_date: row.endDate,
    days: row.days,
    price_per_day: pesewasToCedis(row.pricePerDayPesewas),
    line_cost: pesewasToCedis(row.lineCostPesewas),
    deposit: pesewasToCedis(row.depositPesewas),
    total_cost: pesewasToCedis(row.totalPesewas),
    destination: row.destination,
    destination_type: row.destinationType,
    payment_method: row.paymentMethod as Booking['payment_method'],
    hold_expires_at: row.holdExpiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    can_cancel: canCancel(row),
    car: { ...car, title: carTitle(car), images },
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
      ]),
    )
    .digest('hex');

export interface CreateBookingResult {
  status: number;
  body: CreateBookingResponse;
}

function replayIdempotent(record: { requestHash: string; responseStatus: number; responseBody: unknown }, requestHash: string): CreateBookingResult {
  if (record.requestHash !== requestHash) {
    throw new HttpError(422, messages.booking.idempotencyMismatch, {
      idempotency_key: [messages.booking.idempotencyMismatch],
    });
  }
  return { status: record.responseStatus, body: record.responseBody as CreateBookingResponse };
}

/**
 * Creates a booking (PRODUCT.md P2.2–P2.5, P3, P4). The database's exclusion constraint is
 * the invariant; the car-row lock makes the usual conflict a clean 409 without deadlocks.
 */
export async function createBooking(
  db: Database,
  userId: number,
  input: CreateBookingInput,
  idempotencyKey?: string,
): Promise<CreateBookingResult> {
  const requestHash = hashRequest(input);
  if (idempotencyKey) {
    const existing = await repo.findIdempotencyRecord(db, userId, idempotencyKey);
    if (existing) return replayIdempotent(existing, requestHash);
  }

  // Fast path for the common conflict: a committed overlapping booking already exists, so
  // answer 409 without queueing for the car's lock.
  if (await hasCommittedOverlap(db, input.car_id, input.start_date, input.end_date)) {
    throw unavailable();
  }

  // In this process, requests for one car take turns before opening a transaction: a burst
  // would otherwise hold every pooled connection waiting on the same row lock. Each, in its
  // turn, checks again without a lock (usually a quick 409 once the first has booked).
  return carQueue.run(input.car_id, async () => {
    if (idempotencyKey) {
      // A duplicate that queued behind its own original gets the original's answer.
      const existing = await repo.findIdempotencyRecord(db, userId, idempotencyKey);
      if (existing) return replayIdempotent(existing, requestHash);
    }
    if (await hasCommittedOverlap(db, input.car_id, input.start_date, input.end_date)) {
      throw unavailable();
    }
    return insertBookingLocked(db, userId, input, requestHash, idempotencyKey);
  });
}

/** Runs tasks one after another per key; different keys run side by side. */
class KeyedQueue {
  private tails = new Map<number, Promise<unknown>>();

  run<T>(key: number, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.catch(() => undefined).then(task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

const carQueue = new KeyedQueue();

async function insertBookingLocked(
  db: Database,
  userId: number,
  input: CreateBookingInput,
  requestHash: string,
  idempotencyKey: string | undefined,
): Promise<CreateBookingResult> {
  try {
    return await withRetry(() =>
      db.transaction(async (tx) => {
        if (idempotencyKey) {
          const claimed = await repo.claimIdempotencyKey(tx, { userId, key: idempotencyKey, requestHash });
          if (!claimed) {
            const existing = await repo.findIdempotencyRecord(tx, userId, idempotencyKey);
            if (existing) return replayIdempotent(existing, requestHash);
          }
        }

        const car = await repo.lockCar(tx, input.car_id);
        if (!car || car.retiredAt) {
          throw new HttpError(404, messages.booking.carNotFound, { car_id: [messages.booking.carNotFound] });
        }
        await repo.expireStaleHolds(tx, car.id);
        if (await hasOverlappingBooking(tx, car.id, input.start_date, input.end_date)) throw unavailable();

        const quote = quoteRentalPrice(car.pricePerDayPesewas, input.start_date, input.end_date);
        const mobileMoney = input.payment_method === 'mobile_money';
        const row = await repo.insertBooking(tx, {
          bookingCode: newBookingCode(),
          userId,
          carId: car.id,
          startDate: input.start_date,
          endDate: input.end_date,
          days: quote.days,
          pricePerDayPesewas: quote.pricePerDayPesewas,
          lineCostPesewas: quote.lineCostPesewas,
          depositPesewas: quote.depositPesewas,
          totalPesewas: quote.totalPesewas,
          destination: input.destination,
          destinationType: input.destination_type,
          paymentMethod: input.payment_method,
          status: 'pending',
          paymentStatus: mobileMoney ? 'pending' : 'unpaid',
          holdExpiresAt: mobileMoney ? new Date(Date.now() + MOBILE_MONEY_HOLD_MINUTES * 60_000) : null,
        });
        await recordBookingEvent(tx, {
          bookingId: row.id,
          type: 'created',
          actor: 'renter',
          actorUserId: userId,
          data: { payment_method: input.payment_method, total_pesewas: quote.totalPesewas },
        });
        const carInfo = await repo.findCarSummary(tx, row.carId);
        const body: CreateBookingResponse = {
          message: mobileMoney
            ? 'Booking reserved. Complete the mobile money payment to confirm it.'
            : 'Booking successful. Pay when you pick up the car.',
          booking: toApiBooking(row, carInfo.car, carInfo.images),
        };
        if (idempotencyKey) await repo.storeIdempotentResponse(tx, userId, idempotencyKey, 201, body);
        return { status: 201, body };
      }),
    );
  } catch (error) {
    // The invariant itself: another process won the race between our check and insert.
    if (sqlState(error) === '23P01') throw unavailable();
    throw error;
  }
}

export async function listUserBookings(db: Database, userId: number, page: number, limit: number) {
  const { rows, total } = await repo.findUserBookings(db, userId, page, limit);
  const images = await repo.findImagesOfCars(db, [...new Set(rows.map((r) => r.car.id))]);
  return {
    bookings: rows.map((r) => toApiBooking(r.booking, r.car, images.get(r.car.id) ?? [])),
    total,
    page,
    limit,
    last_page: Math.max(1, Math.ceil(total / limit)),
  };
}

export async function getUserBooking(db: Database, userId: number, code: string): Promise<Booking> {
  const found = await repo.findUserBookingByCode(db, userId, code);
  if (!found) throw new HttpError(404, messages.booking.notFound);
  const images = await repo.findImagesOfCars(db, [found.car.id]);
  return toApiBooking(found.booking, found.car, images.get(found.car.id) ?? []);
}

export async function cancelUserBooking(db: Database, userId: number, code: string): Promise<Booking> {
  const found = await repo.findUserBookingByCode(db, userId, code);
  if (!found) throw new HttpError(404, messages.booking.notFound);
  if (found.booking.paymentStatus === 'paid') {
    throw new HttpError(409, 'This booking is paid. Please call us to cancel it and arrange your refund.');
  }
  const cancelled = await repo.cancelBookingIfAllowed(db, found.booking.id, todayInAccra());
  if (!cancelled) throw new HttpError(409, messages.booking.cannotCancel);
  const images = await repo.findImagesOfCars(db, [found.car.id]);
  return toApiBooking(cancelled, found.car, images.get(found.car.id) ?? []);
}
