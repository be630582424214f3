import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { TaxLine } from '../../../shared/tax';
import { users } from './users';

/**
 * The company's taxes as the owner set them (STAFF-45): its TIN and the taxes it charges, in
 * order. Each save is a new row, never an update: a receipt prints the taxes in force when its
 * car came back (HAND-15), so a later change of rate never rewrites a tax invoice already given.
 * No row: no taxes set, and receipts show no tax line.
 */
export const taxSettings = pgTable(
  'tax_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The GRA TIN (C0012345678) or Ghana Card PIN; null until the owner gives it. */
    tin: text('tin'),
    /** The taxes in the order the receipt lists them ({ name, rate_bp, on_levies }[]). */
    lines: jsonb('lines').$type<TaxLine[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('tax_settings_lines_check', sql`jsonb_typeof(${t.lines}) = 'array'`),
    index('tax_settings_created_at_idx').on(t.createdAt, t.id),
  ],
);
