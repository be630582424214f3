import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { handoverMessages } from '../../../shared/handover';
import { validationError } from '../../http-errors';
import { checkDecodable, detectImageKind, toWebp, UnreadableImageError } from '../media/images';

/**
 * Handover photos on disk (HAND-4, decision 023): DOCUMENTS_DIR/handovers/<booking id>/<key>.webp,
 * beside renters' documents and as private as they are: the folder is never served as static
 * files, only the photo route reads it, for staff and the booking's renter. Checked by their
 * bytes, decoded, resized and re-encoded without metadata (where a phone puts its GPS position)
 * like every upload (media/images.ts).
 */

/** Wide enough to see a scratch on a bumper; a phone photo is several times wider. */
const PHOTO_WIDTH = 1600;
const WEBP_QUALITY = 80;
const KEY_PATTERN = /^[a-f0-9]{24}$/;

export const handoverPhotoFile = (dir: string, bookingId: number, key: string) => {
  // The key comes from our own table, but a path is built from it: refuse anything odd.
  if (!KEY_PATTERN.test(key) || !Number.isInteger(bookingId)) throw new Error('bad photo key');
  return join(dir, 'handovers', String(bookingId), `${key}.webp`);
};

export async function removeHandoverPhotos(dir: string, bookingId: number, keys: string[]) {
  await Promise.all(
    keys.map((key) => unlink(handoverPhotoFile(dir, bookingId, key)).catch(() => undefined)),
  );
}

/**
 * Checks every photo first (a bad one refuses the whole handover with 422, before anything is
 * written), then stores them; returns their keys. Nothing is left behind on failure.
 */
export async function storeHandoverPhotos(
  dir: string,
  bookingId: number,
  photos: Buffer[],
): Promise<string[]> {
  const kinds = photos.map((bytes) => detectImageKind(bytes));
  if (kinds.some((kind) => !kind)) throw validationError({ photos: [handoverMessages.photoType] });
  const keys: string[] = [];
  try {
    const encoded: Buffer[] = [];
    for (const [i, bytes] of photos.entries()) {
      await checkDecodable(bytes, kinds[i]!);
      encoded.push(await toWebp(bytes, PHOTO_WIDTH, WEBP_QUALITY));
    }
    await mkdir(join(dir, 'handovers', String(bookingId)), { recursive: true });
    for (const output of encoded) {
      const key = randomBytes(12).toString('hex');
      await writeFile(handoverPhotoFile(dir, bookingId, key), output, { flag: 'wx' });
      keys.push(key);
    }
    return keys;
  } catch (error) {
    await removeHandoverPhotos(dir, bookingId, keys);
    if (error instanceof UnreadableImageError)
      throw validationError({ photos: [handoverMessages.photoUnreadable] });
    throw error;
  }
}
