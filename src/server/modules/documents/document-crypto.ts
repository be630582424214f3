import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Document photos encrypted at rest (DOC-9, decision 031): AES-256-GCM with DOCUMENTS_KEY.
 * A file is MAGIC, a 12-byte IV, the 16-byte tag, then the ciphertext. The file's own place
 * (`<user id>/<file key>`) is the additional data, so a file moved under another renter does
 * not decrypt. A file without MAGIC is a photo stored before encryption (a WebP starts with
 * RIFF): read as it is, and encrypted by `encryptStoredDocuments` at start.
 */
export const ENCRYPTED_MAGIC = Buffer.from('CLDOCv1\n', 'latin1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const DOCUMENTS_KEY_BYTES = 32;

/** The key could not open the file: DOCUMENTS_KEY is not the key it was written with. */
export class DocumentKeyError extends Error {
  constructor() {
    super(
      'A document photo could not be decrypted: DOCUMENTS_KEY is not the key it was encrypted with (or the file was changed).',
    );
    this.name = 'DocumentKeyError';
  }
}

/** 32 bytes from 64 hex digits or from base64; null when the text is neither. */
export function parseDocumentsKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed, 'base64');
    if (bytes.length === DOCUMENTS_KEY_BYTES) return bytes;
  }
  return null;
}

export const isEncryptedDocument = (bytes: Buffer) =>
  bytes.length >= ENCRYPTED_MAGIC.length + IV_BYTES + TAG_BYTES &&
  bytes.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC);

export function encryptDocument(key: Buffer, plain: Buffer, place: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(place, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([ENCRYPTED_MAGIC, iv, cipher.getAuthTag(), body]);
}

/** The photo's bytes: decrypted, or as they are for a file stored before encryption. */
export function decryptDocument(key: Buffer, stored: Buffer, place: string): Buffer {
  if (!isEncryptedDocument(stored)) return stored;
  const start = ENCRYPTED_MAGIC.length;
  const iv = stored.subarray(start, start + IV_BYTES);
  const tag = stored.subarray(start + IV_BYTES, start + IV_BYTES + TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(place, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(stored.subarray(start + IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new DocumentKeyError();
  }
}
