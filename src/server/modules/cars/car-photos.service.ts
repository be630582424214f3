import { PHOTOS_PER_CAR_MAX } from '../../../shared/car-photos';
import type { AdminCarPhoto } from '../../../shared/schemas/cars.staff';
import { adminMessages } from '../../../shared/staff-messages';
import type { Database } from '../../db/client';
import type { cars } from '../../db/schema/index';
import { HttpError } from '../../http-errors';
import { carTitle } from './car-mapper';
import { findCarRow, lockCarRow, photosOfCar, toAdminPhoto } from './cars.staff.repository';
import { carNotFound } from './cars.staff.service';
import { type ImageKind, UnreadableImageError } from '../media/images';
import { filesOfPhotoUrl, removeFiles, storeCarPhoto } from './car-photo-files';
import {
  deleteCarPhotoRow,
  insertCarPhoto,
  photoCountOfCar,
  photoIdsOfCar,
  setPhotoOrder,
} from './car-photos.repository';

// A car's photos: files on disk (car-photo-files.ts) and rows in car_images, changed together. Photo
// changes of one car take turns on the car's row lock, as bookings do.

const ALT_MAX = 200;

export const invalidPhoto = (message: string) => new HttpError(422, message, { file: [message] });

const photosOf = async (db: Database, carId: number) =>
  (await photosOfCar(db, carId)).map(toAdminPhoto);

/**
 * Stores an uploaded image (already checked by its bytes) at every width and adds it after the
 * car's other photos; its files are removed again if the row cannot be added.
 */
export async function addCarPhoto(
  db: Database,
  uploadsDir: string,
  car: typeof cars.$inferSelect,
  upload: { bytes: Buffer; kind: ImageKind; alt: string },
): Promise<{ photo: AdminCarPhoto; photos: AdminCarPhoto[] }> {
  let stored;
  try {
    stored = await storeCarPhoto(uploadsDir, car.id, upload.bytes, upload.kind);
  } catch (error) {
    if (error instanceof UnreadableImageError) throw invalidPhoto(adminMessages.photoUnreadable);
    throw error;
  }

  try {
    const photo = await db.transaction(async (tx) => {
      if (!(await lockCarRow(tx, car.id))) throw carNotFound();
      const { photos, lastPosition } = await photoCountOfCar(tx, car.id);
      if (photos >= PHOTOS_PER_CAR_MAX) throw new HttpError(409, adminMessages.photoTooMany);
      return insertCarPhoto(tx, {
        carId: car.id,
        url: stored.url,
        alt: (upload.alt || `${carTitle(car)}, photo ${photos + 1}`).slice(0, ALT_MAX),
        position: photos ? Number(lastPosition ?? 0) + 1 : 0,
      });
    });
    return { photo: toAdminPhoto(photo), photos: await photosOf(db, car.id) };
  } catch (error) {
    await removeFiles(stored.files);
    throw error;
  }
}

/** Puts a car's photos in the given order: every photo id of the car once, the cover first. */
export async function reorderCarPhotos(
  db: Database,
  carId: number,
  ids: number[],
): Promise<AdminCarPhoto[]> {
  await db.transaction(async (tx) => {
    if (!(await lockCarRow(tx, carId))) throw carNotFound();
    const expected = await photoIdsOfCar(tx, carId);
    const given = [...ids].sort((a, b) => a - b);
    if (expected.length !== given.length || expected.some((id, i) => id !== given[i])) {
      throw new HttpError(422, adminMessages.photoOrder, {
        photo_ids: [adminMessages.photoOrder],
      });
    }
    await setPhotoOrder(tx, carId, ids);
  });
  return photosOf(db, carId);
}

/** Deletes a photo, then its files, and gives the car's photos left. */
export async function deleteCarPhoto(
  db: Database,
  uploadsDir: string,
  carId: number,
  photoId: number,
): Promise<AdminCarPhoto[]> {
  const deleted = await deleteCarPhotoRow(db, carId, photoId);
  if (!deleted) {
    if (!(await findCarRow(db, carId))) throw carNotFound();
    throw new HttpError(404, adminMessages.photoNotFound);
  }
  // After the row is gone, so no page is ever given a URL whose file was removed.
  await removeFiles(filesOfPhotoUrl(uploadsDir, deleted.url));
  return photosOf(db, carId);
}
