import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { default as Sharp, Metadata } from 'sharp';
import { PHOTO_DEFAULT_WIDTH, PHOTO_WIDTHS } from '../../../shared/schemas/admin';

/**
 * Staff's car photos: checked by their first bytes (a renamed text file is not an image,
 * whatever its name or declared type), decoded and re-encoded by sharp to WebP at a few
 * widths, and stored as files under the uploads folder, served at /media/uploads.
 * Re-encoding also drops the camera's metadata (EXIF, GPS position). docs/decisions/007.
 */

export const UPLOADS_URL_PREFIX = '/media/uploads';
/** cars/<car id>/<random key>-<width>.webp: the only names the media route serves. */
export const UPLOAD_PATH_PATTERN = /^cars\/(\d{1,10})\/([a-f0-9]{24})-(\d{3,4})\.webp$/;
const DEFAULT_URL_PATTERN = new RegExp(
  `^${UPLOADS_URL_PREFIX}/cars/(\\d{1,10})/([a-f0-9]{24})-${PHOTO_DEFAULT_WIDTH}\\.webp$`,
);

/** A decompression bomb (a tiny file of a gigantic image) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 80;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The image type by its signature, or null. */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (bytes.length >= 3 && starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // 'RIFF' <size> 'WEBP'
  if (bytes.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  return null;
}

export class UnreadableImageError extends Error {}

export interface StoredPhoto {
  /** The default-width URL, stored in car_images.url. */
  url: string;
  files: string[];
}

let loadedSharp: Promise<typeof Sharp> | undefined;

/**
 * PERF-12: sharp (libvips) costs the process about 28 MiB from the moment it is loaded, and only
 * a staff photo upload needs it: loaded then, once. Its operation cache is off: each photo is
 * decoded once, so the cache (up to 50 MB by default) would only hold memory.
 */
function loadSharp() {
  return (loadedSharp ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));
}

/** Decodes, resizes and writes every width; nothing is left on disk if any step fails. */
export async function storeCarPhoto(
  uploadsDir: string,
  carId: number,
  input: Buffer,
  kind: ImageKind,
): Promise<StoredPhoto> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new UnreadableImageError('unreadable');
  }
  // The signature said one type; the decoder must agree (a PNG header on other bytes fails here).
  if (meta.format !== kind || !meta.width || !meta.height)
    throw new UnreadableImageError('mismatch');

  const key = randomBytes(12).toString('hex');
  const dir = join(uploadsDir, 'cars', String(carId));
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  try {
    for (const width of PHOTO_WIDTHS) {
      const output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate() // upright by the EXIF orientation, before the metadata is dropped
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      const file = join(dir, `${key}-${width}.webp`);
      await writeFile(file, output, { flag: 'wx' });
      files.push(file);
    }
  } catch (error) {
    await removeFiles(files);
    if (
      error instanceof Error &&
      /Input|unsupported|corrupt|premature|pixel/i.test(error.message)
    ) {
      throw new UnreadableImageError(error.message);
    }
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
export async function resolveUploadsDir(configured: string | undefined) {
  if (configured) {
    await mkdir(configured, { recursive: true });
    return { dir: configured, dispose: async () => undefined };
  }
  const dir = await mkdtemp(join(tmpdir(), 'carlink-uploads-'));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
