import { z } from 'zod';
import { STAFF_ROLES } from '../constants';
import { idField, numberFromText, optionalIsoDate } from './common';

/** The kinds of thing the audit trail records (AUDIT-1), as its `entity` filter takes them. */
export const AUDIT_ENTITY_KINDS = [
  'booking',
  'car',
  'maintenance_block',
  'branch',
  'extra_prices',
  'document',
  'review',
  'contact_message',
  'conversation',
  'sms',
  'staff_account',
  'tax_settings',
] as const;
export type AuditEntityKind = (typeof AUDIT_ENTITY_KINDS)[number];

const auditId = z.preprocess(
  numberFromText,
  z.number({ error: 'Must be a number' }).int().min(1).max(Number.MAX_SAFE_INTEGER),
);

/** The filters of GET /api/admin/audit and its CSV (AUDIT-8, AUDIT-10). Dates are Accra days. */
export const AuditFilterQuerySchema = z
  .object({
    entity: z.union([z.literal(''), z.enum(AUDIT_ENTITY_KINDS)]).optional(),
    entity_id: z.string().trim().max(40).optional(),
    staff_id: z.union([z.literal(''), idField]).optional(),
    from: optionalIsoDate,
    to: optionalIsoDate,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: 'The end date must not be before the start date',
    path: ['to'],
  });
export type AuditFilterQuery = z.infer<typeof AuditFilterQuerySchema>;

export const AuditListQuerySchema = AuditFilterQuerySchema.and(
  z.object({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    /** Keyset paging (AUDIT-9): the last id of the previous page. */
    before: auditId.optional(),
  }),
);

export const AuditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who, as they were at the time (AUDIT-2). */
  staff: z.object({ id: z.number().int(), name: z.string(), role: z.enum(STAFF_ROLES) }),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  /** The fields that changed: `{ field: [before, after] }`. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  reason: z.string().nullable(),
  request_id: z.string(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditListResponseSchema = z.object({
  events: z.array(AuditEventSchema),
  /** Pass as `before` for the next page; null on the last. */
  next_before: z.number().int().nullable(),
});
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;

/** The staff accounts the trail can be filtered by, switched-off ones too. */
export const AuditStaffResponseSchema = z.object({
  staff: z.array(
    z.object({ id: z.number().int(), name: z.string(), role: z.enum(STAFF_ROLES).nullable() }),
  ),
});
export type AuditStaffResponse = z.infer<typeof AuditStaffResponseSchema>;
