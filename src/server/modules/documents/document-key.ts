import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DOCUMENTS_KEY_BYTES, parseDocumentsKey } from './document-crypto';

/**
 * The zero-configuration run's documents key (DOC-9): made once, kept in the data folder
 * (owner-only), and read again on every start, so the photos stored last time still open.
 * Production never comes here: it refuses to start without DOCUMENTS_KEY (config.ts).
 */
export function loadOrCreateDocumentsKey(file: string): Buffer {
  mkdirSync(dirname(file), { recursive: true });
  try {
    // 'wx': two processes starting at once never write two different keys.
    writeFileSync(file, `${randomBytes(DOCUMENTS_KEY_BYTES).toString('base64')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = parseDocumentsKey(readFileSync(file, 'utf8'));
  if (!key)
    throw new Error(
      `${file}: not a documents key (32 bytes in base64); restore it, or set DOCUMENTS_KEY`,
    );
  return key;
}
