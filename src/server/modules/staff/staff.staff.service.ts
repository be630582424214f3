import { randomBytes } from 'node:crypto';
import type { StaffRole } from '../../../shared/constants';
import { parseMsisdn } from '../../../shared/phone';
import type {
  CreateStaffInput,
  StaffMember,
  UpdateStaffInput,
} from '../../../shared/schemas/staff-accounts';
import { staffAccountMessages as m } from '../../../shared/staff-messages';
import type { Database, Executor } from '../../db/client';
import { HttpError, sqlState, validationError } from '../../http-errors';
import { revokeUserSessions } from '../auth/auth.repository';
import { hashPassword } from '../auth/passwords';
import { enqueueSms } from '../messages/outbox.repository';
import { staffTemplates } from '../messages/templates';
import {
  countOtherActiveOwners,
  deactivateStaffRow,
  existingBranchIds,
  findAccountByMsisdn,
  findStaffMember,
  hasBookings,
  insertStaffMember,
  promoteRenter,
  reactivateStaffRow,
  replaceStaffBranches,
  updateStaffRow,
} from './staff.staff.repository';

// The owner adds, changes and switches off staff accounts (STAFF-37 to STAFF-43; the choices
// are in docs/decisions/035-staff-accounts.md). Every change to a user or their branches bumps
// the sign-in cache's version (triggers, migrations 0010 and 0035): the next request of the
// person changed sees their new role and branches, and a switched-off account is refused.

const notFound = () => new HttpError(404, m.notFound);
const conflict = (message: string) => new HttpError(409, message);

/** How the welcome text names the role: 'a branch manager'. */
const ROLE_PHRASES: Record<StaffRole, string> = {
  owner: 'an owner',
  manager: 'a branch manager',
  agent: 'a counter agent',
};

async function loadMember(db: Executor, id: number): Promise<StaffMember> {
  const member = await findStaffMember(db, id);
  if (!member) throw notFound();
  return member;
}

/** Every branch named must exist (STAFF-38): a stale form says so on the field. */
async function checkBranchesExist(db: Executor, ids: readonly number[]) {
  const found = await existingBranchIds(db, ids);
  if (ids.some((id) => !found.has(id))) throw validationError({ branch_ids: [m.branchUnknown] });
}

/** A manager or agent needs a branch, an owner has none (the schema checks a body's pair). */
function checkRoleBranches(role: StaffRole, branchIds: readonly number[]) {
  if (role === 'owner' && branchIds.length)
    throw validationError({ branch_ids: [m.ownerHasNoBranches] });
  if (role !== 'owner' && !branchIds.length)
    throw validationError({ branch_ids: [m.branchesRequired] });
}

/** The company keeps an active owner whatever happens to `id` (STAFF-42). */
async function keepAnOwner(tx: Executor, id: number) {
  if ((await countOtherActiveOwners(tx, id)) === 0) throw conflict(m.lastOwner);
}

/**
 * POST /api/admin/staff (STAFF-38, STAFF-39): a new account with a password nobody knows and a
 * text saying how to set one, or a renter's account without bookings made staff (they keep
 * their password). A staff number, or a customer's with bookings, is refused with 409.
 */
export async function addStaffMember(
  db: Database,
  input: CreateStaffInput,
): Promise<{ member: StaffMember; message: string }> {
  const msisdn = parseMsisdn(input.msisdn);
  if (!msisdn) throw validationError({ msisdn: [m.msisdnInvalid] });
  await checkBranchesExist(db, input.branch_ids);
  // Made before the transaction: hashing takes a few milliseconds of CPU.
  const unusablePassword = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    return await db.transaction(async (tx) => {
      const existing = await findAccountByMsisdn(tx, msisdn);
      let id: number;
      let promoted = false;
      if (existing) {
        if (existing.role === 'staff') throw conflict(m.alreadyStaff);
        if (await hasBookings(tx, existing.id)) throw conflict(m.customerWithBookings);
        if (!(await promoteRenter(tx, existing.id, input.role, input.name)).length)
          throw conflict(m.alreadyStaff);
        id = existing.id;
        promoted = true;
      } else {
        id = await insertStaffMember(tx, {
          name: input.name,
          msisdn,
          role: input.role,
          passwordHash: unusablePassword,
        });
      }
      await replaceStaffBranches(tx, id, input.role === 'owner' ? [] : input.branch_ids);
      const role = ROLE_PHRASES[input.role];
      await enqueueSms(tx, [
        {
          kind: promoted ? 'staff_promoted' : 'staff_added',
          recipient: msisdn,
          body: promoted ? staffTemplates.staff_promoted(role) : staffTemplates.staff_added(role),
          userId: id,
        },
      ]);
      return {
        member: await loadMember(tx, id),
        message: promoted ? m.promoted(input.name) : m.added(input.name),
      };
    });
  } catch (error) {
    // Two owners adding the same number at once: the second meets the unique number.
    if (sqlState(error) === '23505') throw conflict(m.alreadyStaff);
    throw error;
  }
}

/**
 * PATCH /api/admin/staff/:id (STAFF-40): name, role and branches. The owner's own role stays
 * (another owner changes it), and the last active owner stays one (STAFF-42).
 */
export async function updateStaffMember(
  db: Database,
  actorId: number,
  id: number,
  input: UpdateStaffInput,
): Promise<StaffMember> {
  const before = await loadMember(db, id);
  const role = input.role ?? before.role;
  const branchIds =
    input.branch_ids ?? (role === 'owner' ? [] : before.branches.map((branch) => branch.id));
  if (role !== before.role && id === actorId) throw conflict(m.notYourOwnRole);
  checkRoleBranches(role, branchIds);
  await checkBranchesExist(db, branchIds);
  return db.transaction(async (tx) => {
    if (before.role === 'owner' && role !== 'owner' && !before.deactivated_at)
      await keepAnOwner(tx, id);
    await updateStaffRow(tx, id, {
      ...(input.name === undefined ? {} : { name: input.name }),
      staffRole: role,
    });
    await replaceStaffBranches(tx, id, branchIds);
    return loadMember(tx, id);
  });
}

/**
 * POST /api/admin/staff/:id/deactivate (STAFF-41): the account is switched off and every one
 * of its sessions ends in the same transaction, so its very next request is refused.
 */
export async function deactivateStaffMember(
  db: Database,
  actorId: number,
  id: number,
): Promise<StaffMember> {
  const before = await loadMember(db, id);
  if (id === actorId) throw conflict(m.notYourself);
  if (before.deactivated_at) throw conflict(m.alreadyDeactivated);
  return db.transaction(async (tx) => {
    if (before.role === 'owner') await keepAnOwner(tx, id);
    if (!(await deactivateStaffRow(tx, id))) throw conflict(m.alreadyDeactivated);
    await revokeUserSessions(tx, id);
    return loadMember(tx, id);
  });
}

/** POST /api/admin/staff/:id/reactivate (STAFF-41): they sign in again with their password. */
export async function reactivateStaffMember(db: Database, id: number): Promise<StaffMember> {
  const before = await loadMember(db, id);
  if (!before.deactivated_at) throw conflict(m.notDeactivated);
  if (!(await reactivateStaffRow(db, id))) throw conflict(m.notDeactivated);
  return loadMember(db, id);
}
