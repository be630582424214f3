import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A clock time 'HH:MM' (24 h, Accra time), as branches open and bookings start. */
export const CLOCK_TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

/**
 * The company's pickup places (BRANCH-1). Every car stands at one; a booking is picked up and
 * returned there. `is_airport` marks a branch whose pickups carry the airport fee (PRICE-4).
 */
export const branches = pgTable(
  'branches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    town: text('town').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    /** Opening hours, 'HH:MM' Accra time; pickups and returns fall within them (BOOK-16). */
    opens: text('opens').notNull().default('07:00'),
    closes: text('closes').notNull().default('21:00'),
    isAirport: boolean('is_airport').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('branches_opens_check', sql`${t.opens} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('branches_closes_check', sql`${t.closes} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('branches_hours_check', sql`${t.opens} < ${t.closes}`),
  ],
);

/**
 * Prices of the extras (PRICE-3), one row per extra, set by staff. Keys are EXTRA_PRICE_KEYS
 * in src/shared/pricing.ts; a booking keeps the amounts it was quoted (bookings.lines).
 */
export const extraPrices = pgTable(
  'extra_prices',
  {
    key: text('key').primaryKey(),
    amountPesewas: integer('amount_pesewas').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('extra_prices_amount_check', sql`${t.amountPesewas} >= 0`),
    check(
      'extra_prices_key_check',
      sql`${t.key} in ('chauffeur_per_day','out_of_station_per_day','child_seat_per_day','delivery_fee','airport_fee')`,
    ),
  ],
);
