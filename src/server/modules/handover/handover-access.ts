import { normalizeBookingCode } from '../../../shared/booking-code';
import { handoverMessages } from '../../../shared/handover';
import type { Database } from '../../db/client';
import { HttpError } from '../../http-errors';
import { findRentalByCode } from '../bookings/booking-detail';
import { buildReceipt } from './handover-receipt';
import { reachesBranch, type StaffAccess } from '../auth/staff-access';
import { findPhoto } from './handover.repository';

/**
 * Who may see a handover (HAND-4, HAND-9): staff, and the booking's renter. Anyone else gets the
 * same 404 as for a booking or photo that does not exist.
 */

type Viewer = { id: number; role: string };
const isStaff = (viewer: Viewer) => viewer.role === 'staff';

/** Staff who reach the booking's branch (ROLE-5); the owner reaches every branch. */
const staffReaches = (staff: StaffAccess | null | undefined, branchId: number) =>
  !!staff && reachesBranch(staff, branchId);

export async function staffReceipt(db: Database, code: string) {
  const booking = await findRentalByCode(db, code);
  return booking ? buildReceipt(db, booking.id, { staff: true }) : undefined;
}

/** The renter's receipt of their own booking (staff read it through the console's route). */
export async function renterReceipt(db: Database, code: string, viewer: Viewer) {
  const booking = await findRentalByCode(db, normalizeBookingCode(code));
  if (!booking || booking.userId !== viewer.id) throw new HttpError(404, handoverMessages.notFound);
  const receipt = await buildReceipt(db, booking.id, { staff: false });
  if (!receipt) throw new HttpError(404, handoverMessages.notFound);
  return receipt;
}

export async function readablePhoto(
  db: Database,
  photoId: number,
  viewer: Viewer,
  staff: StaffAccess | null = null,
) {
  const photo = await findPhoto(db, photoId);
  if (
    !photo ||
    (photo.renterId !== viewer.id && !(isStaff(viewer) && staffReaches(staff, photo.branchId)))
  )
    throw new HttpError(404, handoverMessages.notFound);
  return photo;
}
