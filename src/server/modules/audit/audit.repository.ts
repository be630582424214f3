import { and, asc, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditEvents, users } from '../../db/schema/index';

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEvent = Omit<typeof auditEvents.$inferInsert, 'id' | 'at'>;

/** Appends one row to the trail (AUDIT-1). Rows are never changed afterwards (AUDIT-3). */
export async function insertAuditEvent(db: Executor, event: NewAuditEvent): Promise<void> {
  await db.insert(auditEvents).values(event);
}

export interface AuditFilter {
  entity?: string;
  entityId?: string;
  staffId?: number;
  /** From this instant (inclusive). */
  from?: Date;
  /** Up to this instant (exclusive). */
  to?: Date;
  /** Keyset: only rows older than this id (AUDIT-9). */
  before?: number;
}

const conditions = (filter: AuditFilter): SQL | undefined =>
  and(
    filter.entity ? eq(auditEvents.entity, filter.entity) : undefined,
    filter.entityId ? eq(auditEvents.entityId, filter.entityId) : undefined,
    filter.staffId ? eq(auditEvents.staffId, filter.staffId) : undefined,
    filter.from ? gte(auditEvents.at, filter.from) : undefined,
    filter.to ? lt(auditEvents.at, filter.to) : undefined,
    filter.before ? lt(auditEvents.id, filter.before) : undefined,
  );

/**
 * A page of the trail, newest first by id (rows are appended, so id order is the order they
 * were written), `limit` rows at most. The indexes on (staff_id, id) and (entity, entity_id,
 * id) serve the filtered pages; the primary key the unfiltered ones.
 */
export function listAuditEvents(
  db: Executor,
  filter: AuditFilter,
  limit: number,
): Promise<AuditEventRow[]> {
  return db
    .select()
    .from(auditEvents)
    .where(conditions(filter))
    .orderBy(desc(auditEvents.id))
    .limit(limit);
}

/** Every staff account, switched-off ones too, for the trail's filter. */
export function listStaffMembers(db: Executor) {
  return db
    .select({ id: users.id, name: users.name, role: users.staffRole })
    .from(users)
    .where(eq(users.role, 'staff'))
    .orderBy(asc(users.name), asc(users.id));
}
