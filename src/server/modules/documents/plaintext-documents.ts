import { and, asc, gt } from 'drizzle-orm';
import { access, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Executor } from '../../db/client';
import { customerDocuments } from '../../db/schema/index';
import { encryptStoredPhoto, type DocumentStore } from './document-files';

/** Left in DOCUMENTS_DIR once every photo is encrypted, so later starts skip the pass. */
export const ENCRYPTED_MARKER = '.all-encrypted-v1';
const BATCH = 500;

/**
 * Photos stored before encryption (DOC-9) are encrypted in place, once: every document row's
 * file is read and, when it is still a plain WebP, rewritten encrypted. Runs after start
 * without holding it up (the image route reads both forms meanwhile); a complete pass leaves
 * ENCRYPTED_MARKER. Gives how many files it encrypted.
 */
export async function encryptPlaintextDocuments(db: Executor, store: DocumentStore) {
  const marker = join(store.dir, ENCRYPTED_MARKER);
  if (
    await access(marker).then(
      () => true,
      () => false,
    )
  )
    return 0;
  let encrypted = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: customerDocuments.id,
        userId: customerDocuments.userId,
        fileKey: customerDocuments.fileKey,
      })
      .from(customerDocuments)
      .where(and(gt(customerDocuments.id, after)))
      .orderBy(asc(customerDocuments.id))
      .limit(BATCH);
    for (const row of rows)
      if (await encryptStoredPhoto(store, row.userId, row.fileKey)) encrypted++;
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  await writeFile(marker, `${new Date().toISOString()}\n`);
  return encrypted;
}
