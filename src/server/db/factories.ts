import { sql } from 'drizzle-orm';
import { parseMsisdn } from '../../shared/phone';
import { defaultCarPrices, NO_EXTRAS, priceBooking } from '../../shared/pricing';
import { NO_EXTRA_PRICES, storedLines } from '../modules/bookings/booking-pricing';
import { bookingCodeFromBytes } from '../../shared/booking-code';
import { hashPassword } from '../modules/auth/passwords';
import type { Executor } from './client';
import { bookings, carImages, cars, payments, staffBranches, users } from './schema/index';
import { randomBytes } from 'node:crypto';

/**
 * Factories shared by the demo seed and the tests (CONTRIBUTING.md): `buildX` returns data,
 * `insertX` saves it. Defaults are valid; tests override only what they are about.
 */

const fail = (message: string): never => {
  throw new Error(message);
};

let sequence = 0;
const next = () => ++sequence;

export function buildUser(
  overrides: Partial<{
    name: string;
    msisdn: string;
    password: string;
    role: 'renter' | 'staff';
    /** A staff account's role (ROLE-1); an owner unless said. */
    staffRole: 'owner' | 'manager' | 'agent';
    /** A manager's or an agent's branches (ROLE-2). */
    branchIds: number[];
    email: string | null;
    /** Verified by default, so tests about anything else can book (ACCT-12). */
    phoneVerified: boolean;
    /** When the account was opened (demo data: before its own bookings); now by default. */
    joinedAt: Date;
  }> = {},
) {
  const n = next();
  return {
    name: 'Kofi Boateng',
    // Unique per process and per call; 0 2 0 … is a valid Ghana national format.
    msisdn: `020${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(4, '0')}`,
    password: 'Secret@123',
    role: 'renter' as const,
    email: null,
    phoneVerified: true,
    ...overrides,
  };
}

export async function insertUser(db: Executor, overrides: Parameters<typeof buildUser>[0] = {}) {
  const data = buildUser(overrides);
  const [row] = await db
    .insert(users)
    .values({
      name: data.name,
      msisdn: parseMsisdn(data.msisdn) ?? fail(`not a valid mobile number: ${data.msisdn}`),
      email: data.email,
      role: data.role,
      staffRole: data.role === 'staff' ? (overrides.staffRole ?? 'owner') : null,
      passwordHash: await hashPassword(data.password),
      phoneVerifiedAt: data.phoneVerified ? (data.joinedAt ?? new Date()) : null,
      ...(data.joinedAt ? { createdAt: data.joinedAt } : {}),
    })
    .returning();
  if (overrides.branchIds?.length)
    await db
      .insert(staffBranches)
      .values(overrides.branchIds.map((branchId) => ({ userId: row!.id, branchId })));
  return { ...row!, password: data.password };
}

/** A car's columns; without a branch it stands at the first one (East Legon, BRANCH-1). */
export type CarValues = Omit<typeof cars.$inferInsert, 'branchId'> & { branchId?: number };

export function buildCar(overrides: Partial<CarValues> = {}): CarValues {
  next();
  return {
    make: 'Toyota',
    model: 'Corolla',
    year: 2021,
    description: 'A reliable saloon for city days and the Accra–Kumasi road.',
    bodyType: 'sedan',
    transmission: 'automatic',
    fuelType: 'petrol',
    colour: 'Silver',
    noOfDoors: 4,
    seatCapacity: 5,
    hasAirconditioning: true,
    hasBluetooth: true,
    usbCharger: true,
    pricePerDayPesewas: 500_00,
    oldPricePesewas: null,
    city: 'Accra – East Legon',
    lat: 5.635,
    long: -0.161,
    ...overrides,
  };
}

export async function insertCar(
  db: Executor,
  overrides: Partial<CarValues> = {},
  images: { url: string; alt: string }[] = [
    { url: '/media/demo/sedan-c0c0c0-0.svg', alt: 'Car, side view' },
  ],
) {
  const data = buildCar(overrides);
  const [car] = await db
    .insert(cars)
    .values({ ...data, branchId: data.branchId ?? sql`(select min(id) from branches)` })
    .returning();
  if (images.length) {
    await db
      .insert(carImages)
      .values(images.map((image, position) => ({ ...image, carId: car!.id, position })));
  }
  return car!;
}

/** A booking straight into the table, for states the API cannot reach yet (past, completed). */
export async function insertBooking(
  db: Executor,
  values: {
    userId: number;
    carId: number;
    pricePerDayPesewas: number;
    startDate: string;
    endDate: string;
  } & Partial<typeof bookings.$inferInsert>,
) {
  // The car's days and the default deposit, no extras: what the pricing gives a plain rental.
  const quote = priceBooking(
    defaultCarPrices(values.pricePerDayPesewas),
    values.startDate,
    values.endDate,
    NO_EXTRAS,
    NO_EXTRA_PRICES,
  );
  const [row] = await db
    .insert(bookings)
    .values({
      bookingCode: bookingCodeFromBytes(randomBytes(6)),
      days: quote.days,
      lineCostPesewas: quote.lineCostPesewas,
      depositPesewas: quote.depositPesewas,
      totalPesewas: quote.totalPesewas,
      lines: storedLines(quote.lines),
      // The booking is picked up where its car stands (BRANCH-3).
      branchId: sql`(select branch_id from cars where id = ${values.carId})`,
      destination: 'Accra',
      destinationType: 1,
      paymentMethod: 'payOnPickup',
      status: 'pending',
      paymentStatus: 'unpaid',
      ...values,
    })
    .returning();
  return row!;
}

/** 09:00 in Accra (UTC all year) on a booking's first day: when a pickup's cash is taken. */
export const atPickup = (date: string) => new Date(`${date}T09:00:00Z`);

/**
 * The successful payment of a booking's whole total, as the lifecycle leaves a paid booking:
 * cash taken at the counter (a 'cash' row, as recordCashPayment writes it) or an approved
 * mobile money charge. For states made straight in the table (the demo's past trips), whose
 * payment_status 'paid' must have the money behind it (STAFF-33).
 */
export async function insertSucceededPayment(
  db: Executor,
  booking: Pick<typeof bookings.$inferSelect, 'id' | 'bookingCode' | 'totalPesewas'>,
  paid: { method: 'cash' | 'mobile_money'; at: Date; walletMsisdn?: string },
) {
  const suffix = randomBytes(4).toString('hex').toUpperCase();
  const [row] = await db
    .insert(payments)
    .values({
      bookingId: booking.id,
      amountPesewas: booking.totalPesewas,
      currency: 'GHS',
      status: 'success',
      paidAt: paid.at,
      createdAt: paid.at,
      updatedAt: paid.at,
      ...(paid.method === 'cash'
        ? { provider: 'cash', reference: `CASH-${booking.bookingCode.slice(3)}-${suffix}` }
        : {
            provider: 'sandbox',
            reference: `${booking.bookingCode}-${suffix}`,
            network: 'mtn',
            walletMsisdn: paid.walletMsisdn ?? null,
            gatewayResponse: 'Approved',
          }),
    })
    .returning();
  return row!;
}
