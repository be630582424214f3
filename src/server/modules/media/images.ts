import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { default as Sharp, Metadata } from 'sharp';

/**
 * Uploaded images, staff's car photos (STAFF-3) and renters' documents (DOC-3) alike: checked
 * by their first bytes (a renamed text file is not an image, whatever its name or declared
 * type), decoded by sharp as that same type with a pixel limit, and re-encoded to WebP, which
 * also drops the camera's metadata (EXIF, GPS position). Decisions 007 and 021.
 */

/** A decompression bomb (a tiny file of a gigantic image) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

let loadedSharp: Promise<typeof Sharp> | undefined;

/**
 * PERF-12: sharp (libvips) costs the process about 28 MiB from the moment it is loaded, and only
 * an upload needs it: loaded then, once. Its operation cache is off: each image is decoded
 * once, so the cache (up to 50 MB by default) would only hold memory.
 */
function loadSharp() {
  return (loadedSharp ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));
}

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

/** Refuses bytes sharp cannot decode as the type their signature claims. */
export async function checkDecodable(input: Buffer, kind: ImageKind): Promise<Metadata> {
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
  return meta;
}

/** Upright by EXIF, at most `width` wide (never enlarged), WebP, without metadata. */
export async function toWebp(input: Buffer, width: number, quality: number): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // upright by the EXIF orientation, before the metadata is dropped
      .resize({ width, withoutEnlargement: true })
      .webp({ quality })
      .toBuffer();
  } catch (error) {
    if (
      error instanceof Error &&
      /Input|unsupported|corrupt|premature|pixel/i.test(error.message)
    ) {
      throw new UnreadableImageError(error.message);
    }
    throw error;
  }
}

/**
 * A folder for uploaded files: the configured one, or (tests, tools) a temporary folder
 * removed when the app closes, so a test run leaves no files behind.
 */
export async function resolveFilesDir(configured: string | undefined, tempPrefix: string) {
  if (configured) {
    await mkdir(configured, { recursive: true });
    return { dir: configured, dispose: async () => undefined };
  }
  const dir = await mkdtemp(join(tmpdir(), tempPrefix));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
