import { and, asc, eq, sql } from 'drizzle-orm';
import {
  documentStatesOf,
  type DocumentKind,
  type DocumentStatus,
} from '../../../shared/documents';
import type { DepositState } from '../../../shared/handover';
import type { Executor } from '../../db/client';
import { branchColumns } from '../branches/branches.repository';
import {
  bookings,
  branches,
  cars,
  customerDocuments,
  handoverPhotos,
  handovers,
  users,
} from '../../db/schema/index';

export type HandoverRow = typeof handovers.$inferSelect;
export type HandoverInsert = typeof handovers.$inferInsert;

/** Where the renter's Ghana Card and driving licence stand (HAND-2: both must be verified). */
export async function documentStates(db: Executor, userId: number) {
  const rows = await db
    .select({ kind: customerDocuments.kind, status: customerDocuments.status })
    .from(customerDocuments)
    .where(eq(customerDocuments.userId, userId));
  return documentStatesOf(rows as { kind: DocumentKind; status: DocumentStatus }[]);
}

/** The record and its photos, in the caller's transaction. */
export async function insertHandover(db: Executor, values: HandoverInsert, photoKeys: string[]) {
  const [row] = await db.insert(handovers).values(values).returning();
  if (photoKeys.length)
    await db
      .insert(handoverPhotos)
      .values(
        photoKeys.map((fileKey) => ({ handoverId: row!.id, bookingId: row!.bookingId, fileKey })),
      );
  return row!;
}

/** Where the deposit stands (not the booking's state: booking-lifecycle.ts keeps that). */
export const setDepositState = (db: Executor, bookingId: number, state: DepositState) =>
  db
    .update(bookings)
    .set({ depositState: state, updatedAt: sql`now()` })
    .where(eq(bookings.id, bookingId));

/** A booking's pickup and return records with who recorded them, and their photos. */
export async function handoversOf(db: Executor, bookingId: number) {
  const [rows, photos] = await Promise.all([
    db
      .select({ handover: handovers, staffName: users.name })
      .from(handovers)
      .leftJoin(users, eq(users.id, handovers.staffId))
      .where(eq(handovers.bookingId, bookingId)),
    db
      .select({ id: handoverPhotos.id, handoverId: handoverPhotos.handoverId })
      .from(handoverPhotos)
      .where(eq(handoverPhotos.bookingId, bookingId))
      .orderBy(asc(handoverPhotos.id)),
  ]);
  return { rows, photos };
}

export const findPickup = async (db: Executor, bookingId: number) =>
  (
    await db
      .select()
      .from(handovers)
      .where(and(eq(handovers.bookingId, bookingId), eq(handovers.kind, 'pickup')))
      .limit(1)
  )[0];

/** A photo with the booking's renter, for the check of who may see it (HAND-4). */
export const findPhoto = async (db: Executor, photoId: number) =>
  (
    await db
      .select({
        id: handoverPhotos.id,
        bookingId: handoverPhotos.bookingId,
        fileKey: handoverPhotos.fileKey,
        renterId: bookings.userId,
        branchId: bookings.branchId,
      })
      .from(handoverPhotos)
      .innerJoin(bookings, eq(bookings.id, handoverPhotos.bookingId))
      .where(eq(handoverPhotos.id, photoId))
      .limit(1)
  )[0];

/** The renter's name and the car, for the receipt. */
export const receiptPeople = async (db: Executor, bookingId: number) =>
  (
    await db
      .select({
        renterName: users.name,
        make: cars.make,
        model: cars.model,
        year: cars.year,
        branch: branchColumns,
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .innerJoin(cars, eq(cars.id, bookings.carId))
      // The booking's own branch (BRANCH-3): where the car was handed over, on the receipt.
      .innerJoin(branches, eq(branches.id, bookings.branchId))
      .where(eq(bookings.id, bookingId))
      .limit(1)
  )[0];
