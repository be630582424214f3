import { Readable } from 'node:stream';
import type { AuditEvent, AuditFilterQuery } from '../../../shared/schemas/audit';
import type { Database } from '../../db/client';
import { listAuditEvents, type AuditEventRow, type AuditFilter } from './audit.repository';

const DAY_MS = 86_400_000;

/**
 * The query's filters as the repository takes them. Dates are Accra days, and Accra keeps GMT
 * all year: a day starts at 00:00 UTC; `to` includes its whole day.
 */
export function auditFilterOf(query: AuditFilterQuery & { before?: number }): AuditFilter {
  return {
    entity: query.entity || undefined,
    // Booking codes are stored in capitals; numbers are unchanged by it.
    entityId: query.entity_id ? query.entity_id.toUpperCase() : undefined,
    staffId: query.staff_id || undefined,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
    before: query.before,
  };
}

export function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    staff: {
      id: row.staffId,
      name: row.staffName,
      role: row.staffRole as AuditEvent['staff']['role'],
    },
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    changes: row.changes,
    reason: row.reason,
    request_id: row.requestId,
  };
}

const CSV_COLUMNS = [
  'id',
  'at',
  'staff_id',
  'staff_name',
  'staff_role',
  'action',
  'entity',
  'entity_id',
  'changes',
  'reason',
  'request_id',
] as const;

/**
 * One CSV cell: quoted when it holds a comma, a quote or a line break; text a spreadsheet would
 * run as a formula (=, +, -, @ first) gets a leading apostrophe (AUDIT-10).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (row: AuditEventRow) =>
  [
    row.id,
    row.at.toISOString(),
    row.staffId,
    row.staffName,
    row.staffRole,
    row.action,
    row.entity,
    row.entityId,
    JSON.stringify(row.changes),
    row.reason,
    row.requestId,
  ]
    .map(csvCell)
    .join(',') + '\r\n';

/** Rows read per query while the CSV streams: memory stays flat however long the trail. */
const CSV_PAGE = 500;

/**
 * The trail under `filter` as CSV, newest first, streamed page by page along the same keyset as
 * the list (AUDIT-10): nothing is held in memory but one page, so there is no row cap. Each
 * page is a query of its own through `read` (the report pool, cancelled if the client leaves).
 */
export function auditCsvStream(
  filter: AuditFilter,
  read: (work: (db: Database) => Promise<AuditEventRow[]>) => Promise<AuditEventRow[]>,
): Readable {
  async function* lines() {
    yield '\uFEFF' + CSV_COLUMNS.join(',') + '\r\n';
    let before = filter.before;
    for (;;) {
      const page = await read((db) => listAuditEvents(db, { ...filter, before }, CSV_PAGE));
      for (const row of page) yield csvLine(row);
      if (page.length < CSV_PAGE) return;
      before = page[page.length - 1]!.id;
    }
  }
  return Readable.from(lines());
}
