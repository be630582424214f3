import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PHOTO_DEFAULT_WIDTH, PHOTO_WIDTHS } from '../../../shared/car-photos';
import { checkDecodable, type ImageKind, resolveFilesDir, toWebp } from '../media/images';

/**
 * Staff's car photos: checked and re-encoded to WebP at a few widths by media/images.ts, and
 * stored as files under the uploads folder, served at /media/uploads. docs/decisions/007.
 */

export const UPLOADS_URL_PREFIX = '/media/uploads';
/** cars/<car id>/<random key>-<width>.webp: the only names the media route serves. */
export const UPLOAD_PATH_PATTERN = /^cars\/(\d{1,10})\/([a-f0-9]{24})-(\d{3,4})\.webp$/;
const DEFAULT_URL_PATTERN = new RegExp(
  `^${UPLOADS_URL_PREFIX}/cars/(\\d{1,10})/([a-f0-9]{24})-${PHOTO_DEFAULT_WIDTH}\\.webp$`,
);

const WEBP_QUALITY = 80;

export interface StoredPhoto {
  /** The default-width URL, stored in car_images.url. */
  url: string;
  files: string[];
}

/** Decodes, resizes and writes every width; nothing is left on disk if any step fails. */
export async function storeCarPhoto(
  uploadsDir: string,
  carId: number,
  input: Buffer,
  kind: ImageKind,
): Promise<StoredPhoto> {
  await checkDecodable(input, kind);

  const key = randomBytes(12).toString('hex');
  const dir = join(uploadsDir, 'cars', String(carId));
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  try {
    for (const width of PHOTO_WIDTHS) {
      const output = await toWebp(input, width, WEBP_QUALITY);
      const file = join(dir, `${key}-${width}.webp`);
      await writeFile(file, output, { flag: 'wx' });
      files.push(file);
    }
  } catch (error) {
    await removeFiles(files);
    throw error;
  }
  return { url: `${UPLOADS_URL_PREFIX}/cars/${carId}/${key}-${PHOTO_DEFAULT_WIDTH}.webp`, files };
}

/** The files behind an uploaded photo's URL; none for the demo illustrations. */
export function filesOfPhotoUrl(uploadsDir: string, url: string): string[] {
  const match = DEFAULT_URL_PATTERN.exec(url);
  if (!match) return [];
  return PHOTO_WIDTHS.map((w) => join(uploadsDir, 'cars', match[1]!, `${match[2]}-${w}.webp`));
}

/** 'url 480w, url 960w, url 1600w' for an uploaded photo, null for anything else. */
export function srcsetOf(url: string): string | null {
  const match = DEFAULT_URL_PATTERN.exec(url);
  if (!match) return null;
  const base = `${UPLOADS_URL_PREFIX}/cars/${match[1]}/${match[2]}`;
  return PHOTO_WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(', ');
}

export async function removeFiles(files: string[]) {
  await Promise.all(files.map((f) => unlink(f).catch(() => undefined)));
}

/**
 * The uploads folder: the configured one, or (tests, tools) a temporary folder removed when
 * the app closes, so a test run leaves no photos behind.
 */
export const resolveUploadsDir = (configured: string | undefined) =>
  resolveFilesDir(configured, 'carlink-uploads-');
