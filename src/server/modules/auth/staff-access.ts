import type { StaffRole } from '../../../shared/constants';
import type { UserRow } from './auth.repository';

/** A signed-in staff member as the permission checks see them. */
export interface StaffAccess {
  userId: number;
  role: StaffRole;
  /** The branches they work at (ROLE-2); null for the owner, who sees every branch. */
  branchIds: readonly number[] | null;
}

/** The staff access of a signed-in user, or null for a renter (or a malformed row). */
export function staffAccessOf(user: UserRow, branchIds: readonly number[]): StaffAccess | null {
  if (user.role !== 'staff' || !user.staffRole) return null;
  return {
    userId: user.id,
    role: user.staffRole,
    branchIds: user.staffRole === 'owner' ? null : branchIds,
  };
}

/** Whether `access` reaches a thing at `branchId` (ROLE-2). */
export const reachesBranch = (access: StaffAccess, branchId: number) =>
  access.branchIds === null || access.branchIds.includes(branchId);
