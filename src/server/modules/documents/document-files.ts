import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkDecodable, type ImageKind, resolveFilesDir, toWebp } from '../media/images';
import { decryptDocument, encryptDocument, isEncryptedDocument } from './document-crypto';

/**
 * Document photos on disk (DOC-3, decision 021): DOCUMENTS_DIR/<user id>/<key>.webp, one width
 * wide enough to read a card's small print, re-encoded without metadata, and encrypted with
 * DOCUMENTS_KEY (DOC-9, decision 031). The folder is never served as static files; only the
 * document route reads it, for the owner or staff.
 */

const DOCUMENT_WIDTH = 1600;
const WEBP_QUALITY = 85;
const KEY_PATTERN = /^[a-f0-9]{24}$/;

export const documentFile = (dir: string, userId: number, key: string) => {
  // The key comes from our own table, but a path is built from it: refuse anything odd.
  if (!KEY_PATTERN.test(key) || !Number.isInteger(userId)) throw new Error('bad document key');
  return join(dir, String(userId), `${key}.webp`);
};

/** What the file's encryption is bound to: moved under another renter, it does not open. */
const placeOf = (userId: number, key: string) => `${userId}/${key}`;

/** Where document photos live and the key that opens them. */
export interface DocumentStore {
  dir: string;
  key: Buffer;
}

/** Decodes, resizes, encrypts and writes the photo; returns its key. Nothing is left behind on failure. */
export async function storeDocumentPhoto(
  store: DocumentStore,
  userId: number,
  input: Buffer,
  kind: ImageKind,
): Promise<string> {
  await checkDecodable(input, kind);
  const output = await toWebp(input, DOCUMENT_WIDTH, WEBP_QUALITY);
  const key = randomBytes(12).toString('hex');
  await mkdir(join(store.dir, String(userId)), { recursive: true });
  await writeFile(
    documentFile(store.dir, userId, key),
    encryptDocument(store.key, output, placeOf(userId, key)),
    { flag: 'wx' },
  );
  return key;
}

/** The photo's WebP bytes, or null when the file is not there. Throws DocumentKeyError on a wrong key. */
export async function readDocumentPhoto(
  store: DocumentStore,
  userId: number,
  key: string,
): Promise<Buffer | null> {
  const stored = await readFile(documentFile(store.dir, userId, key)).catch(() => null);
  return stored && decryptDocument(store.key, stored, placeOf(userId, key));
}

export async function removeDocumentPhoto(store: DocumentStore, userId: number, key: string) {
  await unlink(documentFile(store.dir, userId, key)).catch(() => undefined);
}

/**
 * Encrypts one photo stored before encryption (DOC-9), in place: a new file beside it, then a
 * rename, so a reader sees the old file or the new one, never half of one. Two processes doing
 * it at once each write a file that opens. True when it was plaintext.
 */
export async function encryptStoredPhoto(store: DocumentStore, userId: number, key: string) {
  const path = documentFile(store.dir, userId, key);
  const stored = await readFile(path).catch(() => null);
  if (!stored || isEncryptedDocument(stored)) return false;
  const next = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(next, encryptDocument(store.key, stored, placeOf(userId, key)), { flag: 'wx' });
  await rename(next, path);
  return true;
}

/** DOCUMENTS_DIR, or (tests, tools) a temporary folder removed when the app closes. */
export const resolveDocumentsDir = (configured: string | undefined) =>
  resolveFilesDir(configured, 'carlink-documents-');
