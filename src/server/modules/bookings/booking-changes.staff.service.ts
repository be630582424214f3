import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { formatCedis, pesewasToCedis } from '../../../shared/money';
import { parseMsisdn } from '../../../shared/phone';
import {
  type AdminBookingChangeResponse,
  type AdminCreateBookingInput,
  type AdminCreateBookingResponse,
  staffBookingMessages,
} from '../../../shared/schemas/booking-changes.staff';
import { adminMessages } from '../../../shared/staff-messages';
import type { ErrorResponse } from '../../../shared/schemas/common';
import type { Database, Executor } from '../../db/client';
import { users } from '../../db/schema/index';
import { HttpError } from '../../http-errors';
import { accountMsisdn } from '../auth/auth.service';
import * as authRepo from '../auth/auth.repository';
import { applyAndSettleChange, type ChangeRequest } from './booking-changes.service';
import type { BookingChangeKind } from './booking-transitions';
import { createBookingAndPay } from './booking-creation.service';
import * as bookingsRepo from './bookings.repository';
import type { ChangeMoney } from '../messages/templates';
import { templates } from '../messages/templates';
import { enqueueSms } from '../messages/outbox.repository';
import { toApiPayment } from '../payments/payment-view';
import type { PaymentsContext } from '../payments/payments-context';
import { findRentalByCode, loadBookingDetail } from './booking-detail';

/**
 * Phone and walk-in bookings (STAFF-14 to STAFF-16) and staff changes (STAFF-19 to STAFF-22,
 * decision 022). Nothing here decides a price, a date or a state: the booking is created by
 * the renter's own create and changed by the renter's own change, with the staff member as the
 * event's actor and their reason on its note.
 */

/**
 * An account made at the counter has no password anyone knows: this is no argon2 hash, so
 * every password fails against it. The customer sets one with the reset by SMS (ACCT-13,
 * ACCT-16), which also verifies their phone.
 */
export const NO_PASSWORD = '!staff-created';

export const findCustomerByMsisdn = (db: Executor, msisdn: string) =>
  authRepo.findUserByMsisdn(db, msisdn);

/** GET /api/admin/customers/lookup: exactly this number (any accepted form), or 404. */
export async function lookUpCustomer(db: Database, raw: string) {
  const msisdn = accountMsisdn(raw);
  const user = await findCustomerByMsisdn(db, msisdn);
  if (!user) throw new HttpError(404, staffBookingMessages.customerNotFound);
  return { customer: { id: user.id, name: user.name, msisdn: user.msisdn } };
}

/**
 * The fields only the server can judge on a staff booking's customer, for the one 422 that
 * lists every failing field (BOOK-20): a number that is no Ghana mobile number, or a number
 * with no account and no name to open one with.
 */
export async function customerFieldErrors(
  db: Executor,
  raw: { msisdn?: unknown; name?: unknown },
): Promise<Record<string, string[]>> {
  if (typeof raw.msisdn !== 'string' || !raw.msisdn.trim()) return {};
  const msisdn = parseMsisdn(raw.msisdn);
  if (!msisdn) return { msisdn: [messages.phone.invalid] };
  const named = typeof raw.name === 'string' && raw.name.trim() !== '';
  if (named || (await findCustomerByMsisdn(db, msisdn))) return {};
  return { name: [staffBookingMessages.nameRequired] };
}

/** The customer's account, found by number or opened now (STAFF-15). */
async function findOrCreateCustomer(db: Database, input: AdminCreateBookingInput) {
  const msisdn = accountMsisdn(input.msisdn);
  const found = await findCustomerByMsisdn(db, msisdn);
  if (found) return found;
  if (!input.name)
    throw new HttpError(422, messages.http.validation, {
      name: [staffBookingMessages.nameRequired],
    });
  // The unique index decides between two staff opening the same number at once.
  const created = await authRepo.insertUser(db, {
    name: input.name,
    msisdn,
    passwordHash: NO_PASSWORD,
  });
  return created ?? (await findCustomerByMsisdn(db, msisdn))!;
}

/**
 * POST /api/admin/bookings (STAFF-14): the customer is found or opened, then the booking is
 * made by the renter's create (same price, rules, limits and idempotency) with the staff
 * member on its 'created' event. A mobile money prompt goes to the customer's number. The
 * customer is texted the code: the usual texts, and for an account nobody can sign in to yet
 * how to get in (STAFF-16).
 */
export async function createStaffBooking(
  payments: PaymentsContext,
  staffId: number,
  input: AdminCreateBookingInput,
  idempotencyKey?: string,
): Promise<
  { status: 409; body: ErrorResponse } | { status: 201; body: AdminCreateBookingResponse }
> {
  const { db } = payments;
  const customer = await findOrCreateCustomer(db, input);
  const { msisdn: _msisdn, name: _name, ...booking } = input;
  const result = await createBookingAndPay(payments, customer, booking, idempotencyKey, staffId);
  // Created, or a stored answer replayed (API-5): only a 201 is ever stored for a key.
  if (result.conflict) return result;
  const noPassword = customer.passwordHash === NO_PASSWORD;
  if (!result.replayed) await textCustomer(db, result.body.booking.id, customer, noPassword);
  return {
    status: 201,
    body: {
      ...result.body,
      customer: {
        id: customer.id,
        name: customer.name,
        msisdn: customer.msisdn,
        created: noPassword,
      },
    },
  };
}

/**
 * The texts a staff booking adds to the renter's (STAFF-16): mobile money bookings get no
 * 'received' text (the prompt is the news), so they are told the code and the prompt; an
 * account nobody can sign in to yet is told how to get in.
 */
async function textCustomer(
  db: Database,
  bookingId: number,
  customer: { id: number; msisdn: string },
  noPassword: boolean,
) {
  const row = (await bookingsRepo.findBookingById(db, bookingId))!;
  const summary = await bookingsRepo.findCarSummary(db, row.carId);
  const facts = {
    code: row.bookingCode,
    car: `${summary.car.make} ${summary.car.model}`,
    place: '',
    branch: '',
    pickupTime: row.pickupTime,
    startDate: row.startDate,
    endDate: row.endDate,
    totalPesewas: row.totalPesewas,
    paymentMethod: row.paymentMethod,
  };
  const texts = [];
  if (row.paymentMethod === 'mobile_money')
    texts.push({ kind: 'staff_booking_prompt', body: templates.staff_booking_prompt(facts) });
  if (noPassword)
    texts.push({ kind: 'staff_booking_account', body: templates.staff_booking_account(facts) });
  await enqueueSms(
    db,
    texts.map((t) => ({ ...t, recipient: customer.msisdn, bookingId, userId: customer.id })),
  );
}

/** A rental by its code, with its renter's account (for a top-up prompt) and its branch. */
async function findRentalWithCustomer(db: Database, code: string) {
  const row = await findRentalByCode(db, code);
  if (!row || row.userId === null) throw new HttpError(404, adminMessages.bookingNotFound);
  const [customer] = await db
    .select({ id: users.id, name: users.name, email: users.email, msisdn: users.msisdn })
    .from(users)
    .where(eq(users.id, row.userId));
  const found = await bookingsRepo.findUserBookingByCode(db, row.userId, row.bookingCode);
  if (!customer || !found) throw new HttpError(404, adminMessages.bookingNotFound);
  return { booking: found.booking, branch: found.branch, customer };
}

/** What staff are told once a change is done, and what the customer owes or gets back. */
function staffAnswerOf(kind: BookingChangeKind, money: ChangeMoney, prompted: boolean): string {
  const done = kind === 'extend' ? 'Trip extended.' : 'Booking changed.';
  const when = kind === 'extend' ? 'on return' : 'at pickup';
  if (money.settle === 'none') return done;
  const amount = formatCedis(pesewasToCedis(money.amountPesewas));
  switch (money.settle) {
    case 'counter':
      return `${done} The customer pays the extra ${amount} ${when}.`;
    case 'counter_total':
      return `${done} The customer pays the total of ${amount} ${when}.`;
    case 'prompt':
      return prompted
        ? `${done} A mobile money prompt for the extra ${amount} went to the customer.`
        : `${done} The prompt could not be sent: the customer pays the extra ${amount} ${when}.`;
    case 'refund':
      return `${done} ${amount} is being refunded to the customer's wallet.`;
    case 'counter_refund':
      return `${done} Hand ${amount} back to the customer at the counter.`;
  }
}

/**
 * POST /api/admin/bookings/{code}/change and /extend (STAFF-19, STAFF-20): the renter's
 * change, by staff, who may also move the booking to another car; the reason goes on the
 * event with what changed (STAFF-22).
 */
export async function changeBookingByStaff(
  payments: PaymentsContext,
  staffId: number,
  code: string,
  request: ChangeRequest,
  reason: string,
): Promise<AdminBookingChangeResponse> {
  const { booking, branch, customer } = await findRentalWithCustomer(payments.db, code);
  const settled = await applyAndSettleChange(payments, booking, branch, customer, request, {
    actor: 'staff',
    userId: staffId,
    note: reason,
  });
  const detail = await loadBookingDetail(payments.db, booking.bookingCode);
  return {
    message: staffAnswerOf(request.kind, settled.money, settled.prompted),
    booking: detail!,
    difference: pesewasToCedis(settled.differencePesewas),
    ...(settled.topUp ? { payment: toApiPayment(settled.topUp, settled.row) } : {}),
  };
}
