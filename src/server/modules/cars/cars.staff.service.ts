import { townOf } from '../../../shared/car-facets';
import type { AdminCar, AdminCarInput } from '../../../shared/schemas/cars.staff';
import { adminMessages } from '../../../shared/staff-messages';
import type { Database } from '../../db/client';
import { HttpError, validationError } from '../../http-errors';
import { findBranchSummary } from '../branches/branches.staff.repository';
import {
  adminCarOf,
  findCarRow,
  hasUnfinishedRental,
  insertCarRow,
  lockCarRow,
  markCarRestored,
  markCarRetired,
  updateCarRow,
} from './cars.staff.repository';

// The fleet's changes. Every write to cars or car_images bumps the catalogue version by
// trigger (migrations 0003 and 0005), so the renters' pages show a change at once
// (docs/decisions/003). A car's price is copied into each booking when it is made, so editing
// it never changes existing bookings; nor do its weekly price and deposit (PRICE-6).

export const carNotFound = () => new HttpError(404, adminMessages.carNotFound);

/**
 * STAFF-11: the car's branch must be one of the branches (a 422 on the field, as the form
 * shows). STAFF-34: the car's city is in its branch's town: `city` (sent, else the car's own)
 * is kept when its town is the branch's ('Accra – Osu' at an Accra branch), else it becomes
 * the branch's town.
 */
async function cityAtBranch(db: Database, input: AdminCarInput, current?: string) {
  const branch = await findBranchSummary(db, input.branch_id);
  if (!branch) throw validationError({ branch_id: [adminMessages.chooseBranch] });
  const candidate = input.city ?? current;
  const sameTown = (city: string) =>
    townOf(city).toLocaleLowerCase('en-GH') === branch.town.trim().toLocaleLowerCase('en-GH');
  return candidate && sameTown(candidate) ? candidate : branch.town;
}

export async function createCar(db: Database, input: AdminCarInput): Promise<AdminCar> {
  const city = await cityAtBranch(db, input);
  return adminCarOf(db, await insertCarRow(db, input, city));
}

export async function updateCar(db: Database, id: number, input: AdminCarInput): Promise<AdminCar> {
  const existing = await findCarRow(db, id);
  if (!existing) throw carNotFound();
  const city = await cityAtBranch(db, input, existing.city);
  const car = await updateCarRow(db, id, input, city);
  if (!car) throw carNotFound();
  return adminCarOf(db, car);
}

/** Stops offering a car; refused while a rental still holds it. */
export async function retireCar(db: Database, id: number): Promise<AdminCar> {
  const car = await db.transaction(async (tx) => {
    // The booking transaction locks the car row too: no booking slips in between the
    // check and the retirement.
    const locked = await lockCarRow(tx, id);
    if (!locked) throw carNotFound();
    if (locked.retiredAt) throw new HttpError(409, adminMessages.alreadyRetired);
    if (await hasUnfinishedRental(tx, id))
      throw new HttpError(409, adminMessages.retireWithBookings);
    return (await markCarRetired(tx, id))!;
  });
  return adminCarOf(db, car);
}

export async function restoreCar(db: Database, id: number): Promise<AdminCar> {
  const car = await markCarRestored(db, id);
  if (!car) {
    if (!(await findCarRow(db, id))) throw carNotFound();
    throw new HttpError(409, adminMessages.notRetired);
  }
  return adminCarOf(db, car);
}
