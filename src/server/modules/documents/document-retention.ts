import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rowsOf, type Database } from '../../db/client';
import { removeDocumentPhoto, type DocumentStore } from './document-files';
import { deleteUnheldDocuments, type DeletionReason } from './documents.repository';

/** How often the retention job looks for documents past their time (DOC-10). */
export const DOCUMENT_RETENTION_EVERY_MS = 60 * 60_000;
/** Documents deleted per transaction: a long backlog goes in short steps. */
const BATCH = 200;

/** Booking statuses whose trip is not over: the documents are needed for it (DOC-10). */
export const LIVE_BOOKING_STATUSES = ['pending', 'confirmed', 'active'] as const;

/**
 * Deletes these rows (those nobody holds, DOC-11) and records each (DOC-12) in one
 * transaction, then removes their photos. Gives the rows deleted.
 */
export async function deleteDocuments(
  db: Database,
  store: DocumentStore,
  seen: { id: number; fileKey: string }[],
  reason: DeletionReason,
) {
  const gone = await db.transaction((tx) => deleteUnheldDocuments(tx, seen, reason));
  // After the commit: a crash in between leaves an encrypted file no row names, never a row
  // whose photo is gone.
  for (const row of gone) await removeDocumentPhoto(store, row.userId, row.fileKey);
  return gone;
}

/**
 * The retention rule (DOC-10, decision 031): a document is deleted `retentionDays` after the
 * later of its upload and the end of the renter's last completed trip (the return's time), as
 * long as the renter has no booking that is not over (pending, confirmed or under way) and
 * staff do not hold it (DOC-11). A renter who never rented keeps a document `retentionDays`
 * after uploading it. Safe in several processes at once: a row is deleted once, by one.
 * Returns how many documents this run deleted.
 */
export async function runDocumentRetention(
  db: Database,
  store: DocumentStore,
  options: { retentionDays: number; now?: Date },
): Promise<number> {
  const cutoff = new Date(
    (options.now ?? new Date()).getTime() - options.retentionDays * 86_400_000,
  );
  let deleted = 0;
  for (;;) {
    const due = rowsOf<{ id: number; file_key: string }>(
      await db.execute(sql`
        select d.id, d.file_key
        from customer_documents d
        where d.held_at is null
          and d.updated_at < ${cutoff.toISOString()}
          and not exists (
            select 1 from bookings b
            where b.user_id = d.user_id
              and b.status in ('pending', 'confirmed', 'active'))
          and not exists (
            select 1 from bookings b
            left join handovers h on h.booking_id = b.id and h.kind = 'return'
            where b.user_id = d.user_id
              and b.status = 'completed'
              and coalesce(h.at, b.updated_at) >= ${cutoff.toISOString()})
        order by d.updated_at, d.id
        limit ${BATCH}`),
    );
    if (!due.length) return deleted;
    const gone = await deleteDocuments(
      db,
      store,
      due.map((d) => ({ id: d.id, fileKey: d.file_key })),
      'retention',
    );
    deleted += gone.length;
    // Rows another process took meanwhile: stop rather than read the same ones again.
    if (gone.length < due.length || due.length < BATCH) return deleted;
  }
}

/** The rule as a periodic job: once an hour across every process (PERF-10). */
export const documentRetentionPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { store: DocumentStore; retentionDays: number; everyMs?: number },
  ) => {
    const everyMs = opts.everyMs ?? DOCUMENT_RETENTION_EVERY_MS;
    if (everyMs <= 0) return;
    app.scheduler.registerJob('document-retention', everyMs, () =>
      runDocumentRetention(app.db, opts.store, { retentionDays: opts.retentionDays }),
    );
  },
  { name: 'document-retention', dependencies: ['scheduler'] },
);
