import type { AdminBranch } from '../../../shared/schemas/branches.staff';
import { adminMessages } from '../../../shared/staff-messages';
import type { BranchInput } from '../../../shared/schemas/branches';
import type { Database } from '../../db/client';
import { HttpError, validationError } from '../../http-errors';
import {
  branchNameTaken,
  insertBranchRow,
  loadAdminBranch,
  moveBranchCarsTo,
  toAdminBranch,
  updateBranchRow,
} from './branches.staff.repository';

// Staff add and edit branches (STAFF-10). A branch's name and town are part of every car the
// renters' catalogue shows, and its hours bound new pickups: a trigger on branches bumps the
// catalogue version (docs/decisions/003), so the public pages show the change at once.
// Bookings already made keep their times: new hours apply to new bookings and changes.

export const branchNotFound = () => new HttpError(404, adminMessages.branchNotFound);

const nameTaken = () => validationError({ name: [adminMessages.branchNameTaken] });

export async function createBranch(db: Database, input: BranchInput): Promise<AdminBranch> {
  if (await branchNameTaken(db, input.name)) throw nameTaken();
  return toAdminBranch(await insertBranchRow(db, input), 0);
}

export async function updateBranch(
  db: Database,
  id: number,
  input: BranchInput,
): Promise<AdminBranch> {
  // An unknown branch is 404 whatever the body says; then the name must be free.
  const before = await loadAdminBranch(db, id);
  if (!before) throw branchNotFound();
  if (await branchNameTaken(db, input.name, id)) throw nameTaken();
  await db.transaction(async (tx) => {
    if (!(await updateBranchRow(tx, id, input))) throw branchNotFound();
    // STAFF-34: a car's town is its branch's, so a branch that moves takes its cars along.
    if (before.town !== input.town) await moveBranchCarsTo(tx, id, input.town);
  });
  return (await loadAdminBranch(db, id))!;
}
