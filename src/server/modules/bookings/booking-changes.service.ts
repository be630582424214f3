import { and, eq, ne, sql } from 'drizzle-orm';
import { MAX_RENTAL_DAYS } from '../../../shared/constants';
import { daysBetween, todayInAccra } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { receivedPesewas } from '../../../shared/handover';
import { formatCedis, pesewasToCedis } from '../../../shared/money';
import { priceBooking, type BookingPrice, type ExtraPrices } from '../../../shared/pricing';
import type {
  BookingChangeResponse,
  ChangeBookingInput,
  ExtendBookingInput,
  Quote,
} from '../../../shared/schemas/bookings';
import type { Database, Executor } from '../../db/client';
import { bookings } from '../../db/schema/index';
import { withRetry } from '../../db/retry';
import { HttpError, sqlState } from '../../http-errors';
import { holdsCar } from '../cars/cars.repository';
import type { ChangeMoney } from '../messages/templates';
import {
  markPartialRefunds,
  payingWallet,
  recordCounterRefund,
  requestPartialRefunds,
  startTopUp,
} from '../payments/change-payments';
import {
  findPaymentsOf,
  hasOtherPendingPayment,
  type PaymentRow,
} from '../payments/payments.repository';
import { toApiPayment } from '../payments/payment-view';
import type { PaymentsContext } from '../payments/payments-context';
import {
  applyBookingChange,
  expireStaleHolds,
  lockBooking,
  type BookingChangeValues,
} from './booking-lifecycle';
import { loadExtraPrices, storedLines } from './booking-pricing';
import { extrasOf, type PricedChoice } from './booking-quote';
import { assertBookingRules } from './booking-rules';
import { renterChangeRefusal, renterExtendRefusal } from './booking-permissions';
import type { BookingChangeKind } from './booking-transitions';
import { getUserBooking } from './bookings.service';
import * as repo from './bookings.repository';

/**
 * The renter changes a booking before pickup (BOOK-18) or extends the trip (BOOK-19). The
 * booking row itself moves to the new dates in one update, so the exclusion constraint
 * bookings_no_overlap_excl (BOOK-3) is what keeps two bookings of the car apart; the car's
 * row lock only makes the usual conflict a clean 409. The new price comes from the same
 * function as create (PRICE-1); the difference is settled by the payment method (decision 020).
 */

export type ChangeRequest =
  | {
      kind: 'change';
      /** `car_id`: staff only (STAFF-19), a move to another car and so maybe another branch. */
      input: ChangeBookingInput & { car_id?: number };
    }
  | { kind: 'extend'; input: ExtendBookingInput };

/** Who changes the booking: the renter, or staff with their reason (STAFF-19 to STAFF-21). */
export interface ChangeBy {
  actor: 'renter' | 'staff';
  userId: number;
  note?: string | null;
}

type LockedCar = NonNullable<Awaited<ReturnType<typeof repo.lockCar>>>;
type Branch = LockedCar['branch'];

const unavailable = () =>
  new HttpError(409, messages.booking.unavailable, { start_date: [messages.booking.unavailable] });

const fieldError = (field: string, message: string) =>
  new HttpError(422, messages.http.validation, { [field]: [message] });

/** The booking as it will be: every column a change or an extension may move, re-priced. */
function plan(
  row: repo.BookingRow,
  car: LockedCar,
  request: ChangeRequest,
  extraPrices: ExtraPrices,
): { values: BookingChangeValues; price: BookingPrice } {
  const next: PricedChoice & { destination: string } =
    request.kind === 'change'
      ? request.input
      : {
          start_date: row.startDate,
          end_date: request.input.end_date,
          pickup_time: row.pickupTime,
          return_time: request.input.return_time ?? row.returnTime,
          chauffeur: row.chauffeur,
          child_seat: row.childSeat,
          delivery_address: row.deliveryAddress,
          destination: row.destination,
          destination_type: row.destinationType as 1 | 2,
        };
  const price = priceBooking(
    car,
    next.start_date,
    next.end_date,
    extrasOf(next, car.branch),
    extraPrices,
  );
  const moved = car.id !== row.carId;
  return {
    price,
    values: {
      ...(moved ? { carId: car.id, branchId: car.branch.id } : {}),
      startDate: next.start_date,
      endDate: next.end_date,
      pickupTime: next.pickup_time,
      returnTime: next.return_time,
      chauffeur: next.chauffeur,
      childSeat: next.child_seat,
      deliveryAddress: next.delivery_address,
      destination: next.destination,
      destinationType: next.destination_type,
      days: price.days,
      pricePerDayPesewas: price.pricePerDayPesewas,
      lineCostPesewas: price.lineCostPesewas,
      discountPesewas: price.discountPesewas,
      extrasPesewas: price.extrasPesewas,
      depositPesewas: price.depositPesewas,
      totalPesewas: price.totalPesewas,
      lines: storedLines(price.lines),
    },
  };
}

/**
 * Input rules that need the booking: a later return date and the 90-day length for an
 * extension; for both, the rules of a new booking the server checks (branch hours BOOK-16,
 * delivery only in Accra PRICE-4, the 180-day horizon LIMIT-14), on the booking's branch.
 */
function checkRequest(row: repo.BookingRow, branch: Branch, request: ChangeRequest) {
  if (request.kind === 'change') return assertBookingRules(request.input, branch);
  const { end_date } = request.input;
  if (end_date <= row.endDate) throw fieldError('end_date', messages.booking.extendNotLater);
  if (daysBetween(row.startDate, end_date) > MAX_RENTAL_DAYS)
    throw fieldError('end_date', messages.booking.tooLong);
  // The trip's own start (already past) and delivery stand: only the return time is new.
  assertBookingRules(
    {
      end_date,
      pickup_time: row.pickupTime,
      return_time: request.input.return_time ?? row.returnTime,
    },
    branch,
  );
}

/** Why this renter's booking may not change now (409), checked again under the locks. */
function refusal(row: repo.BookingRow, kind: BookingChangeKind): string | null {
  return kind === 'extend'
    ? renterExtendRefusal(row)
    : renterChangeRefusal(row, { today: todayInAccra(), now: Date.now() });
}

/** The car's other live bookings on these dates: the booking's own dates are not taken. */
export async function hasOtherOverlappingBooking(
  db: Executor,
  carId: number,
  bookingId: number,
  start: string,
  end: string,
) {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.carId, carId),
        ne(bookings.id, bookingId),
        holdsCar,
        sql`daterange(${bookings.startDate}, ${bookings.endDate}, '[]') && daterange(${start}::date, ${end}::date, '[]')`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * How the difference settles (decision 020): a booking nothing was paid for yet (pay on
 * pickup, unpaid) owes its whole new total at the counter, whatever the change did to it, so
 * the renter is told that total and never only "the extra"; cash already taken settles the
 * difference at the counter either way; a paid mobile money booking is prompted for more or
 * refunded the rest. Only money actually received goes back: after a dearer change still
 * unpaid, a cheaper one first lowers what is due (`receivedPesewas`, what the booking's
 * payments hold now).
 */
function settlementOf(
  row: repo.BookingRow,
  differencePesewas: number,
  newTotalPesewas: number,
  receivedPesewas: number,
): ChangeMoney {
  if (row.paymentStatus === 'unpaid')
    return { settle: 'counter_total', amountPesewas: newTotalPesewas };
  if (differencePesewas === 0) return { settle: 'none' };
  const paid = row.paymentStatus === 'paid';
  const momo = row.paymentMethod === 'mobile_money' && paid;
  if (differencePesewas > 0)
    return { settle: momo ? 'prompt' : 'counter', amountPesewas: differencePesewas };
  if (!paid) return { settle: 'none' };
  const owedBack = Math.min(-differencePesewas, Math.max(0, receivedPesewas - newTotalPesewas));
  if (owedBack > 0) return { settle: momo ? 'refund' : 'counter_refund', amountPesewas: owedBack };
  const stillDue = newTotalPesewas - receivedPesewas;
  return stillDue > 0 ? { settle: 'counter', amountPesewas: stillDue } : { settle: 'none' };
}

interface Applied {
  row: repo.BookingRow;
  differencePesewas: number;
  money: ChangeMoney;
  refundReferences: string[];
}

/** The car a change asks for: the booking's own unless staff move it (STAFF-19). */
const targetCarId = (row: repo.BookingRow, request: ChangeRequest) =>
  request.kind === 'change' ? (request.input.car_id ?? row.carId) : row.carId;

/**
 * Locks the booking's car and, for a move, the new car too, in id order: two moves between
 * the same two cars in opposite directions then queue instead of deadlocking.
 */
async function lockCars(tx: Executor, ids: number[]) {
  const locked = new Map<number, LockedCar>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const car = await repo.lockCar(tx, id);
    if (car) locked.set(id, car);
  }
  return locked;
}

async function applyLocked(
  db: Database,
  by: ChangeBy,
  bookingId: number,
  request: ChangeRequest,
): Promise<Applied> {
  try {
    return await withRetry(() =>
      db.transaction(async (tx) => {
        const current = await lockBooking(tx, bookingId);
        if (!current) throw new HttpError(404, messages.booking.notFound);
        // The cars first, then the booking again: the lock order of every booking decision.
        const wanted = targetCarId(current, request);
        const cars = await lockCars(tx, [current.carId, wanted]);
        const car = cars.get(wanted);
        if (!cars.get(current.carId)) throw new HttpError(404, messages.booking.notFound);
        if (!car || car.retiredAt)
          throw new HttpError(404, messages.booking.carNotFound, {
            car_id: [messages.booking.carNotFound],
          });
        for (const id of cars.keys()) await expireStaleHolds(tx, id);
        const row = (await lockBooking(tx, bookingId))!;
        const refused = refusal(row, request.kind);
        if (refused) throw new HttpError(409, refused);
        // A prompt for an earlier change's difference is still open: it asks for an amount
        // this change would make wrong.
        // Or a pay-on-pickup booking's own prompt (BOOK-23): any open attempt.
        if (await hasOtherPendingPayment(tx, row.id, -1))
          throw new HttpError(409, messages.booking.changeWhilePaying);
        // The new car's branch as it is now (hours, delivery) (BOOK-16, PRICE-4).
        if (car.id !== row.carId) checkRequest(row, car.branch, request);

        const { values, price } = plan(row, car, request, await loadExtraPrices(tx));
        if (await hasOtherOverlappingBooking(tx, car.id, row.id, values.startDate, values.endDate))
          throw unavailable();
        const differencePesewas = price.totalPesewas - row.totalPesewas;
        const money = settlementOf(
          row,
          differencePesewas,
          price.totalPesewas,
          receivedPesewas(await findPaymentsOf(tx, row.id)),
        );
        const previous = cars.get(row.carId)!;
        const changed = await applyBookingChange(tx, request.kind, row, values, {
          userId: by.userId,
          actor: by.actor,
          note: by.note ?? null,
          money,
          ...(car.id !== row.carId
            ? {
                data: {
                  car: {
                    from: `${previous.make} ${previous.model}`,
                    to: `${car.make} ${car.model}`,
                  },
                  branch: { from: previous.branch.name, to: car.branch.name },
                },
              }
            : {}),
        });
        if (!changed) throw new HttpError(409, refusal(row, request.kind) ?? cannotOf(request));
        let refundReferences: string[] = [];
        if (money.settle === 'refund') {
          const refunds = await markPartialRefunds(tx, row, money.amountPesewas, {
            userId: by.userId,
            actor: by.actor,
          });
          refundReferences = refunds.references;
        }
        // Paid in cash and now cheaper: what the counter owes the renter is recorded for staff.
        if (money.settle === 'counter_refund')
          await recordCounterRefund(tx, row, money.amountPesewas, {
            userId: by.userId,
            actor: by.actor,
          });
        return { row: changed, differencePesewas, money, refundReferences };
      }),
    );
  } catch (error) {
    // The invariant itself: the new dates overlap a booking another process just made.
    if (sqlState(error) === '23P01') throw unavailable();
    throw error;
  }
}

const cannotOf = (request: ChangeRequest) =>
  request.kind === 'extend' ? messages.booking.cannotExtend : messages.booking.cannotChange;

function answerOf(kind: BookingChangeKind, money: ChangeMoney, prompted: boolean): string {
  const done = kind === 'extend' ? 'Trip extended.' : 'Booking changed.';
  const when = kind === 'extend' ? 'when you return the car' : 'when you pick up the car';
  if (money.settle === 'none') return done;
  const amount = formatCedis(pesewasToCedis(money.amountPesewas));
  switch (money.settle) {
    case 'counter':
      return `${done} Pay the extra ${amount} ${when}.`;
    case 'counter_total':
      return `${done} Pay the total of ${amount} ${when}.`;
    case 'prompt':
      return prompted
        ? `${done} Approve the mobile money prompt for the extra ${amount}.`
        : // BOOK-21: the booking's page offers the prompt again.
          `${done} The mobile money prompt could not be sent: pay the extra ${amount} with Pay now on this booking's page.`;
    case 'refund':
      return `${done} ${amount} is being refunded to your wallet.`;
    case 'counter_refund':
      return `${done} We will hand back ${amount} at the counter.`;
  }
}

/** A change applied and its difference asked for or given back (decision 020). */
export interface SettledChange {
  row: repo.BookingRow;
  differencePesewas: number;
  money: ChangeMoney;
  topUp: PaymentRow | null;
  prompted: boolean;
}

/**
 * Checks, applies and settles a change or an extension of a booking: the one path of the
 * renter's change (BOOK-18, BOOK-19) and staff's (STAFF-19, STAFF-20). `customer` is the
 * booking's renter: a top-up prompt goes to the wallet that paid, or their number.
 */
export async function applyAndSettleChange(
  payments: PaymentsContext,
  booking: repo.BookingRow,
  branch: Branch,
  customer: { id: number; name: string; email: string | null; msisdn: string },
  request: ChangeRequest,
  by: ChangeBy,
): Promise<SettledChange> {
  const { db } = payments;
  const refused = refusal(booking, request.kind);
  if (refused) throw new HttpError(409, refused);
  // A move's new branch is checked under the locks, once the new car is read.
  if (targetCarId(booking, request) === booking.carId) checkRequest(booking, branch, request);

  const applied = await applyLocked(db, by, booking.id, request);
  if (applied.refundReferences.length)
    await requestPartialRefunds(payments, applied.refundReferences);
  let topUp: PaymentRow | null = null;
  if (applied.money.settle === 'prompt') {
    topUp = await startTopUp(payments, {
      booking: applied.row,
      user: customer,
      amountPesewas: applied.money.amountPesewas,
      startedBy: { actor: by.actor, userId: by.userId },
      ...(await payingWallet(db, applied.row.id, customer.msisdn)),
    });
  }
  return {
    row: applied.row,
    differencePesewas: applied.differencePesewas,
    money: applied.money,
    topUp,
    prompted: topUp !== null && topUp.status !== 'failed',
  };
}

/**
 * POST /api/bookings/{code}/change and /extend: the renter's own booking (anyone else's is
 * not found), changed at once; then the difference is asked for or given back.
 */
export async function changeUserBooking(
  payments: PaymentsContext,
  user: { id: number; name: string; email: string | null; msisdn: string },
  code: string,
  request: ChangeRequest,
): Promise<BookingChangeResponse> {
  const { db } = payments;
  const found = await repo.findUserBookingByCode(db, user.id, code);
  if (!found) throw new HttpError(404, messages.booking.notFound);
  // The renter never moves the car (BOOK-18): whatever the body says.
  const own: ChangeRequest =
    request.kind === 'change'
      ? { kind: 'change', input: { ...request.input, car_id: undefined } }
      : request;
  const settled = await applyAndSettleChange(payments, found.booking, found.branch, user, own, {
    actor: 'renter',
    userId: user.id,
  });
  const booking = await getUserBooking(db, user.id, code);
  return {
    message: answerOf(request.kind, settled.money, settled.prompted),
    booking,
    difference: pesewasToCedis(settled.differencePesewas),
    ...(settled.topUp ? { payment: toApiPayment(settled.topUp, settled.row) } : {}),
  };
}

/**
 * GET /api/bookings/quote with booking_code: the change re-quoted for the renter's own booking
 * (BOOK-18), its own dates not counted as taken, and `difference` the new total less the
 * current one. The car is the booking's. For a trip under way (BOOK-19) only the end date and
 * return time are read: the rest is the booking's own, as the extension will keep it.
 */
export async function quoteUserChange(
  db: Database,
  userId: number,
  code: string,
  query: PricedChoice,
  quote: (carId: number, q: PricedChoice) => Promise<Quote>,
): Promise<Quote> {
  const found = await repo.findUserBookingByCode(db, userId, code);
  if (!found) throw new HttpError(404, messages.booking.notFound);
  const b = found.booking;
  const extending = b.status === 'active';
  if (!extending && query.start_date < todayInAccra())
    throw fieldError('start_date', messages.booking.startInPast);
  const q = await quote(
    b.carId,
    extending
      ? {
          start_date: b.startDate,
          end_date: query.end_date,
          pickup_time: b.pickupTime,
          return_time: query.return_time,
          destination_type: b.destinationType as 1 | 2,
          chauffeur: b.chauffeur,
          child_seat: b.childSeat,
          delivery_address: b.deliveryAddress,
        }
      : query,
  );
  return {
    ...q,
    available: !(await hasOtherOverlappingBooking(db, b.carId, b.id, q.start_date, q.end_date)),
    difference: pesewasToCedis(Math.round(q.total_cost * 100) - b.totalPesewas),
  };
}
