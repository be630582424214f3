import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The audit trail (AUDIT-1): one row per staff write and per view of a renter's document image
 * by staff. Append-only (AUDIT-3): triggers refuse UPDATE, DELETE and TRUNCATE (migration
 * 0038), so a row, once written, says what happened for good. The staff member's name and role
 * are copied as they were at the time; `staff_id` keeps the account (staff are switched off,
 * never deleted, so the reference never has to give way).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    staffName: text('staff_name').notNull(),
    staffRole: text('staff_role').notNull(),
    /** What was done: 'update', 'cancel', 'view_image'… (audit-entities.ts). */
    action: text('action').notNull(),
    /** The route as registered, e.g. `PUT /api/admin/cars/:id`. */
    route: text('route').notNull(),
    /** The kind of thing changed: 'car', 'booking', 'document'… */
    entity: text('entity').notNull(),
    /** Its id as the console names it (a booking's code, a car's number). */
    entityId: text('entity_id').notNull(),
    /** The fields that changed: `{ field: [before, after] }` (AUDIT-2). */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    /** The reason or note the route asks for, when it asks (AUDIT-2). */
    reason: text('reason'),
    /** Fastify's request id, as in the log lines of the same request (AUDIT-4). */
    requestId: text('request_id').notNull(),
  },
  (t) => [
    // Newest first by id (the keyset, AUDIT-9), within one staff member or one kind of thing.
    index('audit_events_staff_idx').on(t.staffId, t.id),
    index('audit_events_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_events_at_idx').on(t.at),
    check('audit_events_role_check', sql`${t.staffRole} in ('owner', 'manager', 'agent')`),
  ],
);
