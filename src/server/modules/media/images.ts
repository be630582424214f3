import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metadata } from 'sharp';
import { messages } from '../../../shared/messages';
import { HttpError } from '../../http-errors';
import {
  DEFAULT_IMAGE_QUEUE,
  defaultImageWorkers,
  ImageJobError,
  ImagePool,
  ImagePoolFullError,
  type ImagePoolOptions,
} from './image-pool';

/**
 * Uploaded images, staff's car photos (STAFF-3), renters' documents (DOC-3) and handover
 * photos (HAND-4) alike: checked by their first bytes (a renamed text file is not an image,
 * whatever its name or declared type), decoded by sharp as that same type with a pixel limit,
 * and re-encoded to WebP, which also drops the camera's metadata (EXIF, GPS position).
 * Decisions 007 and 021. The decoding runs in worker threads (image-pool.ts, PERF-13,
 * decision 037): this module's functions are what every other module calls.
 */

/** A decompression bomb (a tiny file of a gigantic image) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * PERF-12: sharp (libvips) costs the process about 28 MiB from the moment it is loaded, and only
 * an upload needs it: the workers start, and load it, at the first image.
 */
const pool = new ImagePool({ workers: defaultImageWorkers(), queue: DEFAULT_IMAGE_QUEUE });

/** IMAGE_WORKERS and IMAGE_QUEUE (RUN-20); one pool per process, whatever the number of apps. */
export function configureImages(options: ImagePoolOptions) {
  pool.configure(options);
}

/** Seconds a refused uploader is told to wait: about what the queue takes to drain. */
const BUSY_RETRY_SECONDS = 2;

/** The job's answer; a full queue is the uploader's 503 (DOC-14), as the load shedding's is. */
async function runImageJob<T>(job: Parameters<ImagePool['run']>[0]): Promise<T> {
  try {
    return await pool.run<T>(job);
  } catch (error) {
    if (error instanceof ImagePoolFullError)
      throw new HttpError(503, messages.http.imagesBusy, undefined, {
        'Retry-After': String(BUSY_RETRY_SECONDS),
      });
    throw error;
  }
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
  let meta: Metadata;
  try {
    meta = await runImageJob<Metadata>({
      op: 'metadata',
      input,
      limitInputPixels: MAX_INPUT_PIXELS,
    });
  } catch (error) {
    if (error instanceof ImageJobError) throw new UnreadableImageError('unreadable');
    throw error;
  }
  // The signature said one type; the decoder must agree (a PNG header on other bytes fails here).
  if (meta.format !== kind || !meta.width || !meta.height)
    throw new UnreadableImageError('mismatch');
  return meta;
}

/** Upright by EXIF, at most `width` wide (never enlarged), WebP, without metadata. */
export async function toWebp(input: Buffer, width: number, quality: number): Promise<Buffer> {
  try {
    const output = await runImageJob<Uint8Array>({
      op: 'webp',
      input,
      limitInputPixels: MAX_INPUT_PIXELS,
      width,
      quality,
    });
    // Structured cloning hands a Uint8Array over: the same bytes, seen as a Buffer.
    return Buffer.from(output.buffer, output.byteOffset, output.byteLength);
  } catch (error) {
    if (
      error instanceof ImageJobError &&
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
