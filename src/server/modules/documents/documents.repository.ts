import { customerAtBranches } from '../../staff-api/branch-scope';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DocumentKind, DocumentStatus } from '../../../shared/schemas/documents';
import type { Executor } from '../../db/client';
import { customerDocuments, documentDeletions, users } from '../../db/schema/index';

export type DocumentRow = typeof customerDocuments.$inferSelect;

const reviewers = alias(users, 'reviewers');

export interface DocumentDetails {
  ghanaCardPin: string | null;
  dateOfBirth: string | null;
  licenceNumber: string | null;
  licenceExpiry: string | null;
}

export const findDocument = async (db: Executor, id: number) =>
  (await db.select().from(customerDocuments).where(eq(customerDocuments.id, id)).limit(1))[0];

/** A user's documents, by kind (driving licence, then Ghana Card). */
export const documentsOfUser = (db: Executor, userId: number) =>
  db
    .select()
    .from(customerDocuments)
    .where(eq(customerDocuments.userId, userId))
    .orderBy(asc(customerDocuments.kind));

/**
 * Adds the user's document of this kind, or replaces its file and details and sets it back to
 * pending (DOC-3). Gives the new row and the file key it replaced, if any; one statement, so
 * two uploads at once leave one row, the later one.
 */
export async function upsertDocument(
  db: Executor,
  values: { userId: number; kind: DocumentKind; fileKey: string } & DocumentDetails,
): Promise<{ row: DocumentRow; replacedKey: string | null }> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ fileKey: customerDocuments.fileKey })
      .from(customerDocuments)
      .where(
        and(eq(customerDocuments.userId, values.userId), eq(customerDocuments.kind, values.kind)),
      )
      .for('update');
    const fresh = {
      fileKey: values.fileKey,
      ghanaCardPin: values.ghanaCardPin,
      dateOfBirth: values.dateOfBirth,
      licenceNumber: values.licenceNumber,
      licenceExpiry: values.licenceExpiry,
      status: 'pending',
      rejectionReason: null,
      reviewedBy: null,
      reviewedAt: null,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(customerDocuments)
      .values({ userId: values.userId, kind: values.kind, ...fresh })
      .onConflictDoUpdate({
        target: [customerDocuments.userId, customerDocuments.kind],
        set: fresh,
      })
      .returning();
    return { row: row!, replacedKey: previous?.fileKey ?? null };
  });
}

/** Staff's decision (DOC-4); undefined when there is no such document. */
export async function setDocumentStatus(
  db: Executor,
  id: number,
  decision: {
    status: Exclude<DocumentStatus, 'pending'>;
    reason: string | null;
    staffId: number;
    /** Only if the current upload is this one (one conditional update: no race). */
    seenUpload?: Date;
  },
) {
  const [row] = await db
    .update(customerDocuments)
    .set({
      status: decision.status,
      rejectionReason: decision.reason,
      reviewedBy: decision.staffId,
      reviewedAt: new Date(),
    })
    .where(
      and(
        eq(customerDocuments.id, id),
        decision.seenUpload ? eq(customerDocuments.updatedAt, decision.seenUpload) : undefined,
      ),
    )
    .returning();
  return row;
}

/** The staff queue (DOC-5): documents in one status with whose they are, oldest upload first when pending. */
export function documentsByStatus(
  db: Executor,
  status: DocumentStatus,
  limit: number,
  branchIds: readonly number[] | null = null,
) {
  return (
    db
      .select({
        document: customerDocuments,
        customer: { id: users.id, name: users.name },
        reviewer: reviewers.name,
      })
      .from(customerDocuments)
      .innerJoin(users, eq(users.id, customerDocuments.userId))
      // Who decided (DOC-5): one primary-key lookup per listed row.
      .leftJoin(reviewers, eq(reviewers.id, customerDocuments.reviewedBy))
      .where(
        and(
          eq(customerDocuments.status, status),
          // A manager's or an agent's customers only (ROLE-5).
          branchIds ? customerAtBranches(branchIds) : undefined,
        ),
      )
      .orderBy(
        status === 'pending' ? asc(customerDocuments.updatedAt) : desc(customerDocuments.updatedAt),
        asc(customerDocuments.id),
      )
      .limit(limit)
  );
}

/** How many documents wait for staff (the console's count). */
export async function pendingDocumentCount(
  db: Executor,
  branchIds: readonly number[] | null = null,
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(customerDocuments)
    .innerJoin(users, eq(users.id, customerDocuments.userId))
    .where(
      and(
        eq(customerDocuments.status, 'pending'),
        branchIds ? customerAtBranches(branchIds) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Staff hold a document for a dispute, or release it (DOC-11); undefined when there is none. */
export async function setDocumentHold(
  db: Executor,
  id: number,
  hold: { reason: string; staffId: number } | null,
) {
  const [row] = await db
    .update(customerDocuments)
    .set(
      hold
        ? { heldAt: new Date(), holdReason: hold.reason, heldBy: hold.staffId }
        : { heldAt: null, holdReason: null, heldBy: null },
    )
    .where(eq(customerDocuments.id, id))
    .returning();
  return row;
}

export type DeletionReason = 'retention' | 'renter' | 'account_closed';

/**
 * Deletes the rows of these documents that nobody holds (DOC-11), each only if its photo is
 * still the one that was read (`fileKey`: a new upload since wins), and records that each
 * existed (DOC-12). Gives the rows deleted; their files are the caller's to remove once the
 * transaction has committed.
 */
export async function deleteUnheldDocuments(
  db: Executor,
  seen: { id: number; fileKey: string }[],
  reason: DeletionReason,
): Promise<DocumentRow[]> {
  if (!seen.length) return [];
  const gone = await db
    .delete(customerDocuments)
    .where(
      and(
        or(
          ...seen.map((d) =>
            and(eq(customerDocuments.id, d.id), eq(customerDocuments.fileKey, d.fileKey)),
          ),
        ),
        isNull(customerDocuments.heldAt),
      ),
    )
    .returning();
  if (gone.length)
    await db.insert(documentDeletions).values(
      gone.map((row) => ({
        userId: row.userId,
        kind: row.kind,
        reason,
        status: row.status,
        uploadedAt: row.updatedAt,
      })),
    );
  return gone;
}

/** The deletions recorded for a renter (DOC-12), newest first. */
export const deletedDocumentsOfUser = (db: Executor, userId: number) =>
  db
    .select()
    .from(documentDeletions)
    .where(eq(documentDeletions.userId, userId))
    .orderBy(desc(documentDeletions.deletedAt), desc(documentDeletions.id))
    .limit(20);
