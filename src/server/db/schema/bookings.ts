import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { cars } from './cars';
import { users } from './users';

/**
 * The booking invariant (BOOK-3, decision 002) is the exclusion constraint
 * bookings_no_overlap_excl, added by the custom migration 0001: a car has at most one live
 * booking on any day. Drizzle cannot express it, so it lives in SQL only.
 *
 * Staff maintenance blocks are rows here too (`kind = 'maintenance'`), because an exclusion
 * constraint cannot span tables (docs/decisions/005): no renter (so no renter endpoint, which
 * all filter by user, can ever return one), no money, status 'confirmed' while the block holds
 * the car and 'cancelled' once removed.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingCode: text('booking_code').notNull(),
    /** 'rental' | 'maintenance' (a staff block of the car's dates). */
    kind: text('kind').notNull().default('rental'),
    /** The renter; null exactly for maintenance blocks (bookings_kind_shape_check). */
    userId: integer('user_id').references(() => users.id),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    days: smallint('days').notNull(),
    /** The price when booked: a later price change never alters a booking. */
    pricePerDayPesewas: integer('price_per_day_pesewas').notNull(),
    lineCostPesewas: integer('line_cost_pesewas').notNull(),
    /** The weekly price's saving on line_cost (PRICE-2); 0 below 7 days. */
    discountPesewas: integer('discount_pesewas').notNull().default(0),
    /** Chauffeur, child seat, delivery and airport fees together (PRICE-3, PRICE-4). */
    extrasPesewas: integer('extras_pesewas').notNull().default(0),
    depositPesewas: integer('deposit_pesewas').notNull(),
    totalPesewas: integer('total_pesewas').notNull(),
    destination: text('destination').notNull(),
    destinationType: smallint('destination_type').notNull(),
    /** The pickup and return branch: the car's own when booked (BRANCH-3). */
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    /** 'HH:MM' Accra time, within the branch's hours (BOOK-16). */
    pickupTime: text('pickup_time').notNull().default('09:00'),
    returnTime: text('return_time').notNull().default('09:00'),
    chauffeur: boolean('chauffeur').notNull().default(false),
    childSeat: boolean('child_seat').notNull().default(false),
    /** Set when the car is brought to an address in Accra for the delivery fee (PRICE-4). */
    deliveryAddress: text('delivery_address'),
    /**
     * The quote's lines as booked ({ label, amount_pesewas }[]), summing to total_pesewas, so a
     * receipt shows what was charged even after prices change (PRICE-6).
     */
    lines: jsonb('lines')
      .$type<{ label: string; amount_pesewas: number }[]>()
      .notNull()
      .default([]),
    paymentMethod: text('payment_method').notNull(),
    status: text('status').notNull().default('pending'),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    /** Until when an unpaid mobile money booking holds the car (BOOK-6). */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * Where the deposit stands (HAND-8): null until pickup, 'held' while the car is out, then
     * 'returned', 'partly_kept' or 'kept' once the return settles it.
     */
    depositState: text('deposit_state'),
    /** Staff's note (the reason for a maintenance block). */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_booking_code_key').on(t.bookingCode),
    index('bookings_user_id_created_idx').on(t.userId, t.createdAt),
    index('bookings_car_id_idx').on(t.carId),
    // The dashboard's deposits held now (HAND-9): only bookings whose car is out.
    index('bookings_deposit_held_idx')
      .on(t.id)
      .where(sql`${t.depositState} = 'held'`),
    check(
      'bookings_deposit_state_check',
      sql`${t.depositState} in ('held','returned','partly_kept','kept')`,
    ),
    check('bookings_pickup_time_check', sql`${t.pickupTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('bookings_return_time_check', sql`${t.returnTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('bookings_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('bookings_days_check', sql`${t.days} between 1 and 90`),
    check(
      'bookings_status_check',
      sql`${t.status} in ('pending','confirmed','active','completed','cancelled')`,
    ),
    check(
      'bookings_payment_status_check',
      sql`${t.paymentStatus} in ('unpaid','pending','paid','failed','refunded')`,
    ),
    check(
      'bookings_payment_method_check',
      sql`${t.paymentMethod} in ('mobile_money','payOnPickup','none')`,
    ),
    check('bookings_kind_check', sql`${t.kind} in ('rental','maintenance')`),
    check(
      'bookings_kind_shape_check',
      sql`(${t.kind} = 'rental' and ${t.userId} is not null and ${t.paymentMethod} <> 'none')
        or (${t.kind} = 'maintenance' and ${t.userId} is null and ${t.paymentMethod} = 'none'
          and ${t.pricePerDayPesewas} = 0 and ${t.depositPesewas} = 0 and ${t.totalPesewas} = 0
          and ${t.status} in ('confirmed','cancelled') and ${t.paymentStatus} = 'unpaid'
          and ${t.holdExpiresAt} is null)`,
    ),
    check('bookings_destination_type_check', sql`${t.destinationType} in (1, 2)`),
    check(
      'bookings_money_check',
      sql`${t.totalPesewas} = ${t.lineCostPesewas} - ${t.discountPesewas} + ${t.extrasPesewas} + ${t.depositPesewas} and ${t.lineCostPesewas} = ${t.pricePerDayPesewas} * ${t.days}
        and ${t.discountPesewas} >= 0 and ${t.discountPesewas} <= ${t.lineCostPesewas} and ${t.extrasPesewas} >= 0`,
    ),
  ],
);

/**
 * API-5: the same Idempotency-Key from the same user returns the same booking.
 * The row is written in the booking's own transaction, so a key exists only with its answer.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: smallint('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pkey', columns: [t.userId, t.key] })],
);

/**
 * A change counter per car, bumped by a trigger whenever one of its bookings starts, stops or
 * moves holding it (migration 0028), from any process or tool. The sum over all rows is the
 * version of "which cars are busy" that each process's dated car list checks before using
 * its cached answer (docs/decisions/003-catalogue-cache.md, addendum 2026-11-27). Per car, not
 * one row: a booking transaction already holds its car's row lock (decision 002), so this adds
 * no wait between bookings of different cars, where one shared row would make every booking
 * commit wait for the one before it.
 */
export const carBookingVersions = pgTable('car_booking_versions', {
  carId: integer('car_id')
    .primaryKey()
    .references(() => cars.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
