import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from '../constants';
import { staffAccountMessages as m } from '../staff-messages';
import { ALWAYS } from './bookings';
import { idField } from './common';

/**
 * Staff accounts, managed by the owner in the console (STAFF-37 to STAFF-43,
 * docs/decisions/035-staff-accounts.md), under /api/admin/staff.
 */

/** A staff member as the owner sees them (STAFF-37). */
export const StaffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** E.164 digits without the plus, as everywhere. */
  msisdn: z.string(),
  role: z.enum(STAFF_ROLES),
  /** Their branches, by name; empty for an owner, who works at every branch. */
  branches: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Null while the account is active (STAFF-41). */
  deactivated_at: z.string().nullable(),
  /** Their latest sign-in; null if they have never signed in (no password set yet, say). */
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffListResponseSchema = z.object({ staff: z.array(StaffMemberSchema) });
export type StaffListResponse = z.infer<typeof StaffListResponseSchema>;

export const StaffMemberResponseSchema = z.object({
  message: z.string(),
  staff_member: StaffMemberSchema,
});
export type StaffMemberResponse = z.infer<typeof StaffMemberResponseSchema>;

// No `abort`: an aborted field would stop the branch rule below from running, and a 422 (or
// the form) should name every field that is wrong at once.
const staffName = z
  .string({ error: m.nameRequired })
  .trim()
  .refine((v) => v.length > 0, { error: m.nameRequired })
  .refine((v) => v.length === 0 || v.length >= 3, { error: m.nameMin })
  .refine((v) => v.length <= 100, { error: m.nameMax });

/** Any way a Ghana number is written; the server reads it with parseMsisdn (ACCT-1). */
const staffMsisdn = z
  .string({ error: m.msisdnRequired })
  .trim()
  .refine((v) => v.length > 0, { error: m.msisdnRequired })
  .refine((v) => v.length <= 40, { error: m.msisdnInvalid });

const staffRole = z.enum(STAFF_ROLES, { error: m.roleRequired });

const branchIds = z
  .array(idField, { error: m.branchesInvalid })
  .max(50, { error: m.branchesInvalid })
  .transform((ids) => [...new Set(ids)]);

/** STAFF-38: a manager or an agent works at one branch or more; an owner at every one. */
function checkBranches(
  v: { role?: StaffRole | undefined; branch_ids?: number[] | undefined },
  ctx: z.RefinementCtx,
) {
  // Run whatever else failed (ALWAYS): only a known role and a list of ids say anything.
  if (!STAFF_ROLES.includes(v.role as StaffRole) || !Array.isArray(v.branch_ids)) return;
  if (v.role === 'owner' && v.branch_ids.length > 0)
    ctx.addIssue({ code: 'custom', path: ['branch_ids'], message: m.ownerHasNoBranches });
  if (v.role !== 'owner' && v.branch_ids.length === 0)
    ctx.addIssue({ code: 'custom', path: ['branch_ids'], message: m.branchesRequired });
}

/** POST /api/admin/staff (STAFF-38). */
export const CreateStaffInputSchema = z
  .object({
    msisdn: staffMsisdn,
    name: staffName,
    role: staffRole,
    branch_ids: branchIds,
  })
  .superRefine(checkBranches, ALWAYS);
export type CreateStaffInput = z.infer<typeof CreateStaffInputSchema>;
export type CreateStaffFormValues = z.input<typeof CreateStaffInputSchema>;

/**
 * PATCH /api/admin/staff/:id (STAFF-40): any of name, role and branches. A new role needs its
 * branches in the same request (a manager made owner has none; an owner made agent needs one).
 */
export const UpdateStaffInputSchema = z
  .object({
    name: staffName.optional(),
    role: staffRole.optional(),
    branch_ids: branchIds.optional(),
  })
  .superRefine(checkBranches, ALWAYS);
export type UpdateStaffInput = z.infer<typeof UpdateStaffInputSchema>;
export type UpdateStaffFormValues = z.input<typeof UpdateStaffInputSchema>;
