import type { SignIn } from '../auth/session-cache';
import type { NewAuditEvent } from './audit.repository';

/**
 * Who did it, as the trail keeps it (AUDIT-2): the account, and its name and role as they were
 * at the time, so a later rename or promotion does not rewrite history. Null for someone who is
 * not staff (a renter viewing their own document is not audited).
 */
export function auditActor(
  auth: SignIn | null,
): Pick<NewAuditEvent, 'staffId' | 'staffName' | 'staffRole'> | null {
  if (!auth || auth.user.role !== 'staff') return null;
  const role = auth.staff?.role ?? auth.user.staffRole;
  if (!role) return null;
  return { staffId: auth.user.id, staffName: auth.user.name, staffRole: role };
}
