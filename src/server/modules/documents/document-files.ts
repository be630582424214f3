import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkDecodable, type ImageKind, resolveFilesDir, toWebp } from '../media/images';

/**
 * Document photos on disk (DOC-3, decision 021): DOCUMENTS_DIR/<user id>/<key>.webp, one width
 * wide enough to read a card's small print, re-encoded without metadata. The folder is never
 * served as static files; only the document route reads it, for the owner or staff.
 */

const DOCUMENT_WIDTH = 1600;
const WEBP_QUALITY = 85;
const KEY_PATTERN = /^[a-f0-9]{24}$/;

export const documentFile = (dir: string, userId: number, key: string) => {
  // The key comes from our own table, but a path is built from it: refuse anything odd.
  if (!KEY_PATTERN.test(key) || !Number.isInteger(userId)) throw new Error('bad document key');
  return join(dir, String(userId), `${key}.webp`);
};

/** Decodes, resizes and writes the photo; returns its key. Nothing is left behind on failure. */
export async function storeDocumentPhoto(
  dir: string,
  userId: number,
  input: Buffer,
  kind: ImageKind,
): Promise<string> {
  await checkDecodable(input, kind);
  const output = await toWebp(input, DOCUMENT_WIDTH, WEBP_QUALITY);
  const key = randomBytes(12).toString('hex');
  await mkdir(join(dir, String(userId)), { recursive: true });
  await writeFile(documentFile(dir, userId, key), output, { flag: 'wx' });
  return key;
}

export async function removeDocumentPhoto(dir: string, userId: number, key: string) {
  await unlink(documentFile(dir, userId, key)).catch(() => undefined);
}

/** DOCUMENTS_DIR, or (tests, tools) a temporary folder removed when the app closes. */
export const resolveDocumentsDir = (configured: string | undefined) =>
  resolveFilesDir(configured, 'carlink-documents-');
