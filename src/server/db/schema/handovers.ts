import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { users } from './users';

/**
 * The handover of a rental's car (HAND-1 to HAND-9, decision 023): one 'pickup' row when the
 * renter drives off and one 'return' row when the car comes back, each written in the same
 * transaction as the booking's picked_up or returned transition. What the car was like (odometer,
 * fuel, damage), what was checked (documents), and what happened to the deposit.
 */
export const handovers = pgTable(
  'handovers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** 'pickup' | 'return'. */
    kind: text('kind').notNull(),
    /** When the car left (pickup: now) or came back (return: staff's time, default now). */
    at: timestamp('at', { withTimezone: true }).notNull(),
    odometerKm: integer('odometer_km').notNull(),
    /** The fuel gauge in eighths, 0 (empty) to 8 (full). */
    fuelEighths: smallint('fuel_eighths').notNull(),
    damageNotes: text('damage_notes'),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Pickup: why staff handed the car over without both documents verified (HAND-2); null
     * when the renter's Ghana Card and driving licence were verified.
     */
    documentsOverride: text('documents_override'),
    /** Pickup: the deposit taken, as the booking's deposit_pesewas then, and how it was paid. */
    depositPesewas: integer('deposit_pesewas'),
    /** 'cash' | 'mobile_money' (part of the booking's mobile money payment). */
    depositMethod: text('deposit_method'),
    /** Return: minutes past the due time, and the fee that makes (HAND-6). */
    minutesLate: integer('minutes_late'),
    lateFeePesewas: integer('late_fee_pesewas'),
    /**
     * Return: the charges line by line ({ reason, amount_pesewas, note, from_deposit_pesewas }),
     * in the order the deposit covers them: the late fee, staff's lines, the rental's balance
     * (HAND-7, HAND-11). `from_deposit_pesewas` is the part the deposit paid, the rest was
     * collected. Returns recorded before it was added hold only what was kept (no
     * from_deposit_pesewas: all of it from the deposit, the late fee capped at the deposit).
     */
    keptLines: jsonb('kept_lines').$type<
      {
        reason: string;
        amount_pesewas: number;
        note: string | null;
        from_deposit_pesewas?: number;
      }[]
    >(),
    keptPesewas: integer('kept_pesewas'),
    returnedPesewas: integer('returned_pesewas'),
    /** How the returned part went back: 'cash' or 'mobile_money' (the provider's refund). */
    returnedMethod: text('returned_method'),
    /** What the deposit did not cover, received in cash at the return (HAND-11). */
    counterPesewas: integer('counter_pesewas'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('handovers_booking_kind_key').on(t.bookingId, t.kind),
    // The dashboard's deposits over its period: returns by their time (PERF-5).
    index('handovers_return_at_idx')
      .on(t.at)
      .where(sql`${t.kind} = 'return'`),
    check('handovers_kind_check', sql`${t.kind} in ('pickup','return')`),
    check('handovers_odometer_check', sql`${t.odometerKm} between 0 and 2000000`),
    check('handovers_fuel_check', sql`${t.fuelEighths} between 0 and 8`),
    check(
      'handovers_pickup_shape_check',
      sql`${t.kind} <> 'pickup' or (${t.depositPesewas} >= 0 and ${t.depositMethod} in ('cash','mobile_money'))`,
    ),
    check(
      'handovers_return_shape_check',
      sql`${t.kind} <> 'return' or (${t.minutesLate} >= 0 and ${t.lateFeePesewas} >= 0
        and ${t.keptPesewas} >= 0 and ${t.returnedPesewas} >= 0 and ${t.counterPesewas} >= 0
        and ${t.keptLines} is not null and ${t.returnedMethod} in ('cash','mobile_money'))`,
    ),
  ],
);

/**
 * Photos of the car at a handover (HAND-4): private files like renters' documents
 * (DOCUMENTS_DIR/handovers/<booking id>/<file_key>.webp), read only by staff and the booking's
 * renter, never cached.
 */
export const handoverPhotos = pgTable(
  'handover_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    handoverId: integer('handover_id')
      .notNull()
      .references(() => handovers.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    fileKey: text('file_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('handover_photos_handover_idx').on(t.handoverId),
    check('handover_photos_file_key_check', sql`${t.fileKey} ~ '^[a-f0-9]{24}$'`),
  ],
);
