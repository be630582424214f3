import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { branches } from './branches';

export const cars = pgTable(
  'cars',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: smallint('year').notNull(),
    description: text('description').notNull(),
    bodyType: text('body_type').notNull(),
    transmission: text('transmission').notNull(),
    fuelType: text('fuel_type').notNull(),
    colour: text('colour').notNull(),
    noOfDoors: smallint('no_of_doors'),
    seatCapacity: smallint('seat_capacity'),
    hasAirconditioning: boolean('has_airconditioning').notNull().default(false),
    hasBluetooth: boolean('has_bluetooth').notNull().default(false),
    usbCharger: boolean('usb_charger').notNull().default(false),
    /** Money is integer pesewas (GH₵ 1 = 100 pesewas). */
    pricePerDayPesewas: integer('price_per_day_pesewas').notNull(),
    oldPricePesewas: integer('old_price_pesewas'),
    /** The price of 7 days, if staff set one; from 7 days the cheaper applies (PRICE-2). */
    weeklyPricePesewas: integer('weekly_price_pesewas'),
    /** The security deposit for this car (PRICE-5); GH₵ 200 unless staff set another. */
    depositPesewas: integer('deposit_pesewas').notNull().default(200_00),
    /** Where the car stands, is picked up and is returned (BRANCH-2). */
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    city: text('city').notNull(),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    /** Retired cars stay for the history of their bookings but are never offered. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cars_make_idx').on(sql`lower(${t.make})`),
    index('cars_branch_id_idx').on(t.branchId),
    check('cars_price_positive_check', sql`${t.pricePerDayPesewas} > 0`),
    check(
      'cars_weekly_price_check',
      sql`${t.weeklyPricePesewas} is null or (${t.weeklyPricePesewas} > 0 and ${t.weeklyPricePesewas} < 7 * ${t.pricePerDayPesewas})`,
    ),
    check('cars_deposit_check', sql`${t.depositPesewas} >= 0`),
    check(
      'cars_body_type_check',
      sql`${t.bodyType} in ('sedan','suv','hatchback','coupe','convertible','wagon','pickup','van')`,
    ),
    check('cars_transmission_check', sql`${t.transmission} in ('automatic','manual')`),
    check('cars_fuel_type_check', sql`${t.fuelType} in ('petrol','diesel','hybrid','electric')`),
  ],
);

export const carImages = pgTable(
  'car_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    alt: text('alt').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('car_images_car_id_position_idx').on(t.carId, t.position)],
);

/**
 * One row whose version goes up, by trigger (migration 0003), whenever a car or car image
 * changes. App processes cache the catalogue and compare this number on each read, so a
 * change made by any process is seen by all at once (docs/decisions/003).
 */
export const catalogueState = pgTable(
  'catalogue_state',
  {
    id: smallint('id').primaryKey().default(1),
    version: integer('version').notNull().default(0),
  },
  (t) => [check('catalogue_state_single_row_check', sql`${t.id} = 1`)],
);
