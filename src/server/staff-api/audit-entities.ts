import { normalizeBookingCode } from '../../shared/booking-code';
import type { AuditEntityKind } from '../../shared/schemas/audit';
import type { Executor } from '../db/client';
import {
  type AuditFields,
  byNumber,
  loadBooking,
  loadBranch,
  loadCar,
  loadContactMessage,
  loadConversation,
  loadDocument,
  loadExtraPrices,
  loadMaintenanceBlock,
  loadReview,
  loadSms,
  loadStaffAccount,
} from '../modules/audit/audit-snapshots.repository';
import { loadTaxSettingsForAudit } from '../modules/tax/tax-settings.repository';

export type { AuditFields };

/**
 * What the audit trail records of each staff write (AUDIT-1, AUDIT-2): one row per route,
 * keyed like STAFF_RULES (`METHOD /api/admin/path`). audit.plugin.ts refuses to start with a
 * staff write route that has no row here (AUDIT-5), so a new route cannot forget its audit.
 *
 * A row names the kind of thing the route changes (`entity`, one of AUDIT_ENTITIES), where the
 * thing's id comes from (a path parameter; for a create, the answer's body), and what the route
 * does (`action`). The entity's loader reads its fields before the handler runs and again once
 * the answer is a success; the fields that differ are stored as `{ field: [before, after] }`.
 */

interface AuditEntity {
  /** The id as the console names the thing (a booking's code in capitals, a car's number). */
  normalizeId?: (raw: string) => string;
  /**
   * The fields worth comparing, or null when there is no such thing (before a create, after a
   * delete). Each loader lists its columns: a password hash, a token, a file key, a document's
   * PIN or a wallet number never reaches the trail (AUDIT-6).
   */
  load: (db: Executor, id: string) => Promise<AuditFields | null>;
}

/** Every kind of thing the trail records, with how to read it. */
export const AUDIT_ENTITIES = {
  car: { load: byNumber(loadCar) },
  maintenance_block: { load: byNumber(loadMaintenanceBlock) },
  branch: { load: byNumber(loadBranch) },
  extra_prices: { load: (db) => loadExtraPrices(db) },
  booking: {
    normalizeId: normalizeBookingCode,
    load: (db, code) => loadBooking(db, normalizeBookingCode(code)),
  },
  document: { load: byNumber(loadDocument) },
  review: { load: byNumber(loadReview) },
  contact_message: { load: byNumber(loadContactMessage) },
  conversation: { load: byNumber(loadConversation) },
  sms: { load: byNumber(loadSms) },
  staff_account: { load: byNumber(loadStaffAccount) },
  tax_settings: { load: (db) => loadTaxSettingsForAudit(db) },
} satisfies Record<AuditEntityKind, AuditEntity>;

/** Where a write's thing is named. */
export type AuditIdSource =
  /** A path parameter of the route. */
  | { param: string }
  /** A create: the new thing's id, read from the success answer's JSON body. */
  | { answer: (body: unknown) => unknown }
  /** One thing for the whole company (the extras' price list). */
  | { fixed: string };

export interface AuditDescription {
  entity: AuditEntityKind;
  /** A short verb for the console ('update', 'cancel', 'photo_add'). */
  action: string;
  id: AuditIdSource;
  /**
   * The reason recorded with the row. Without it, the JSON body's `reason` or `note`, whichever
   * the route asks for (AUDIT-2); a function reads it from the fields after the write instead
   * (a multipart body, which the hooks never see).
   */
  reason?: (after: AuditFields | null) => string | null;
}

const param = (name: string) => ({ param: name });
/** `{ <key>: { <field>: id } }`, the usual shape of a create's answer. */
const answerAt =
  (key: string, field: string) =>
  (body: unknown): unknown =>
    ((body as Record<string, Record<string, unknown> | undefined> | null)?.[key] ?? {})[field];

const handoverReason = (kind: 'pickup' | 'return') => (after: AuditFields | null) => {
  const record = after?.[`handover ${kind}`] as { documentsOverride?: string | null } | undefined;
  return record?.documentsOverride ?? null;
};

/** Every staff write route (every non-GET in STAFF_RULES) → what its audit row records. */
export const AUDITED_WRITES: Readonly<Record<string, AuditDescription>> = {
  // The fleet (STAFF-2 to STAFF-4).
  'POST /api/admin/cars': {
    entity: 'car',
    action: 'create',
    id: { answer: answerAt('car', 'id') },
  },
  'PUT /api/admin/cars/:id': { entity: 'car', action: 'update', id: param('id') },
  'POST /api/admin/cars/:id/retire': { entity: 'car', action: 'retire', id: param('id') },
  'POST /api/admin/cars/:id/restore': { entity: 'car', action: 'restore', id: param('id') },
  'POST /api/admin/cars/:id/photos': { entity: 'car', action: 'photo_add', id: param('id') },
  'PUT /api/admin/cars/:id/photos/order': {
    entity: 'car',
    action: 'photo_order',
    id: param('id'),
  },
  'DELETE /api/admin/cars/:id/photos/:photoId': {
    entity: 'car',
    action: 'photo_delete',
    id: param('id'),
  },
  'POST /api/admin/cars/:id/maintenance': {
    entity: 'maintenance_block',
    action: 'create',
    id: { answer: answerAt('block', 'id') },
  },
  'DELETE /api/admin/cars/:id/maintenance/:blockId': {
    entity: 'maintenance_block',
    action: 'remove',
    id: param('blockId'),
  },

  // Branches and the extras' prices (STAFF-10, STAFF-12).
  'POST /api/admin/branches': {
    entity: 'branch',
    action: 'create',
    id: { answer: answerAt('branch', 'id') },
  },
  'PUT /api/admin/branches/:id': { entity: 'branch', action: 'update', id: param('id') },
  'PUT /api/admin/extra-prices': {
    entity: 'extra_prices',
    action: 'update',
    id: { fixed: 'all' },
  },
  // The company's TIN and taxes (STAFF-45): one set for the company.
  'PUT /api/admin/tax-settings': {
    entity: 'tax_settings',
    action: 'update',
    id: { fixed: 'company' },
  },

  // Bookings: the counter's work, changes, refunds, handovers.
  'POST /api/admin/bookings': {
    entity: 'booking',
    action: 'create',
    id: { answer: answerAt('booking', 'booking_code') },
  },
  'POST /api/admin/bookings/:code/record-cash': {
    entity: 'booking',
    action: 'record_cash',
    id: param('code'),
  },
  'POST /api/admin/bookings/:code/cancel': {
    entity: 'booking',
    action: 'cancel',
    id: param('code'),
  },
  'POST /api/admin/bookings/:code/change': {
    entity: 'booking',
    action: 'change',
    id: param('code'),
  },
  'POST /api/admin/bookings/:code/extend': {
    entity: 'booking',
    action: 'extend',
    id: param('code'),
  },
  'POST /api/admin/bookings/:code/prompt-again': {
    entity: 'booking',
    action: 'prompt_again',
    id: param('code'),
  },
  'POST /api/admin/bookings/:code/pick-up': {
    entity: 'booking',
    action: 'pick_up',
    id: param('code'),
    reason: handoverReason('pickup'),
  },
  'POST /api/admin/bookings/:code/return': {
    entity: 'booking',
    action: 'return',
    id: param('code'),
    reason: handoverReason('return'),
  },
  'POST /api/admin/bookings/:code/retry-refund': {
    entity: 'booking',
    action: 'retry_refund',
    id: param('code'),
  },
  'POST /api/admin/bookings/:code/settle-refund': {
    entity: 'booking',
    action: 'settle_refund',
    id: param('code'),
  },

  // Documents and reviews (DOC-5, REVIEW-4).
  'POST /api/admin/documents/:documentId/verify': {
    entity: 'document',
    action: 'verify',
    id: param('documentId'),
  },
  'POST /api/admin/documents/:documentId/reject': {
    entity: 'document',
    action: 'reject',
    id: param('documentId'),
  },
  'POST /api/admin/reviews/:reviewId/hide': {
    entity: 'review',
    action: 'hide',
    id: param('reviewId'),
  },
  'POST /api/admin/reviews/:reviewId/show': {
    entity: 'review',
    action: 'show',
    id: param('reviewId'),
  },

  // The inbox and the SMS log.
  'POST /api/admin/messages/contact/:id/read': {
    entity: 'contact_message',
    action: 'mark_read',
    id: param('id'),
  },
  // Renters' conversations (CONV-10, CONV-11); a reply's text stays in its thread.
  'POST /api/admin/conversations/:id/messages': {
    entity: 'conversation',
    action: 'reply',
    id: param('id'),
  },
  'POST /api/admin/conversations/:id/read': {
    entity: 'conversation',
    action: 'mark_read',
    id: param('id'),
  },
  'POST /api/admin/conversations/:id/assign': {
    entity: 'conversation',
    action: 'assign',
    id: param('id'),
  },
  'POST /api/admin/conversations/:id/close': {
    entity: 'conversation',
    action: 'close',
    id: param('id'),
  },
  // The copy is the new thing; the original stays as it was.
  'POST /api/admin/sms/:id/resend': {
    entity: 'sms',
    action: 'resend',
    id: { answer: answerAt('sms', 'id') },
  },

  // A document held for a dispute, and released (DOC-11).
  'POST /api/admin/documents/:documentId/hold': {
    entity: 'document',
    action: 'hold',
    id: param('documentId'),
  },
  'POST /api/admin/documents/:documentId/release': {
    entity: 'document',
    action: 'release',
    id: param('documentId'),
  },

  // Staff accounts (STAFF-37 to STAFF-43).
  'POST /api/admin/staff': {
    entity: 'staff_account',
    action: 'create',
    id: { answer: answerAt('staff_member', 'id') },
  },
  'PATCH /api/admin/staff/:id': { entity: 'staff_account', action: 'update', id: param('id') },
  'POST /api/admin/staff/:id/deactivate': {
    entity: 'staff_account',
    action: 'deactivate',
    id: param('id'),
  },
  'POST /api/admin/staff/:id/reactivate': {
    entity: 'staff_account',
    action: 'reactivate',
    id: param('id'),
  },
};

/** The audit description of a route as Fastify registered it, e.g. `PUT /api/admin/cars/:id`. */
export const auditDescriptionOf = (method: string, url: string): AuditDescription | undefined =>
  AUDITED_WRITES[`${method} ${url}`];

/** Methods that change nothing: never audited as writes. */
export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Field names that never reach the trail, whatever a loader returns (AUDIT-6). */
const SECRET_FIELD = /password|token|secret|hash|file_?key|access_?code|otp/i;

/**
 * The fields that differ between `before` and `after`, as `{ field: [before, after] }`
 * (AUDIT-2). A create has every field against null, a delete every field against null the
 * other way. Values compare as JSON, so a list or a payment record is one field.
 */
export function diffFields(
  before: AuditFields | null,
  after: AuditFields | null,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (SECRET_FIELD.test(key)) continue;
    const was = normalize(before?.[key]);
    const now = normalize(after?.[key]);
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[key] = [was, now];
  }
  return changes;
}

/** JSON's view of a value: dates as ISO text, undefined as null. */
const normalize = (value: unknown): unknown =>
  value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
