import type { StaffAccess } from '../auth/staff-access';
import { checkBranchScope } from '../../staff-api/branch-scope';
import {
  DocumentFieldsSchema,
  documentMessages,
  type CustomerDocument,
} from '../../../shared/schemas/documents';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { bookings, users } from '../../db/schema/index';
import { enqueueSms } from '../messages/outbox.repository';
import { accountTemplates } from '../messages/templates';
import { HttpError, validationError } from '../../http-errors';
import { detectImageKind, UnreadableImageError } from '../media/images';
import { removeDocumentPhoto, storeDocumentPhoto, type DocumentStore } from './document-files';
import { deleteDocuments } from './document-retention';
import { toCustomerDocument } from './document-mapper';
import {
  documentsOfUser,
  findDocument,
  setDocumentHold,
  setDocumentStatus,
  upsertDocument,
  type DocumentRow,
} from './documents.repository';

/** What the multipart body held: its text fields and the file's bytes (null when none was sent). */
export interface DocumentUpload {
  fields: Record<string, string>;
  bytes: Buffer | null;
}

/** Every field's problems at once (VAL), the file's among them. */
function uploadErrors(upload: DocumentUpload) {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const parsed = DocumentFieldsSchema.safeParse(upload.fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(String(issue.path[0] ?? 'kind'), issue.message);
  }
  const kind = upload.bytes?.length ? detectImageKind(upload.bytes) : null;
  if (!upload.bytes?.length) add('file', documentMessages.fileMissing);
  else if (!kind) add('file', documentMessages.fileType);
  return { errors, fields: parsed.success ? parsed.data : null, kind };
}

/**
 * A renter's upload (DOC-2, DOC-3): the details checked, the photo checked by its bytes,
 * resized and stored, and the document (new or replaced) pending for staff. The replaced
 * photo is removed once the row points at the new one.
 */
export async function uploadDocument(
  db: Database,
  store: DocumentStore,
  userId: number,
  upload: DocumentUpload,
): Promise<CustomerDocument> {
  const { errors, fields, kind } = uploadErrors(upload);
  if (!fields || !kind || !upload.bytes || Object.keys(errors).length)
    throw validationError(errors);

  let key: string;
  try {
    key = await storeDocumentPhoto(store, userId, upload.bytes, kind);
  } catch (error) {
    if (error instanceof UnreadableImageError)
      throw validationError({ file: [documentMessages.fileUnreadable] });
    throw error;
  }

  try {
    const { row, replacedKey } = await upsertDocument(db, {
      userId,
      kind: fields.kind,
      fileKey: key,
      ghanaCardPin: fields.kind === 'ghana_card' ? fields.ghana_card_pin : null,
      dateOfBirth: fields.kind === 'ghana_card' ? fields.date_of_birth : null,
      licenceNumber: fields.kind === 'driving_licence' ? fields.licence_number : null,
      licenceExpiry: fields.kind === 'driving_licence' ? fields.licence_expiry : null,
    });
    if (replacedKey && replacedKey !== key) await removeDocumentPhoto(store, userId, replacedKey);
    return toCustomerDocument(row);
  } catch (error) {
    await removeDocumentPhoto(store, userId, key);
    throw error;
  }
}

/**
 * Who may see a document's photo (DOC-6): its owner and staff. Anyone else is told it does not
 * exist, so ids cannot be probed.
 */
export async function readableDocument(
  db: Database,
  id: number,
  viewer: { id: number; role: string },
  staff: StaffAccess | null = null,
) {
  const row = await findDocument(db, id);
  if (!row || (row.userId !== viewer.id && (viewer.role !== 'staff' || !staff)))
    throw new HttpError(404, documentMessages.notFound);
  // A manager or an agent sees the documents of their branches' customers only (ROLE-5).
  if (row.userId !== viewer.id && staff)
    await checkBranchScope(db, staff, { document: 'id' }, { id });
  return row;
}

/** The renter is told of staff's decision by SMS (DOC-7), to the number on their account now. */
async function queueDecisionText(tx: Executor, row: DocumentRow) {
  const [owner] = await tx
    .select({ msisdn: users.msisdn })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!owner) return;
  const body =
    row.status === 'rejected'
      ? accountTemplates.document_rejected(row.kind, row.rejectionReason ?? '')
      : accountTemplates.document_verified(row.kind);
  await enqueueSms(tx, [
    { kind: `document_${row.status}`, recipient: owner.msisdn, body, userId: row.userId },
  ]);
}

/** Staff verify or reject (DOC-4); a rejection carries its reason (the schema requires one). */
export async function decideDocument(
  db: Database,
  id: number,
  staffId: number,
  decision: ({ status: 'verified' } | { status: 'rejected'; reason: string }) & {
    uploadedAt?: string;
  },
): Promise<CustomerDocument> {
  const seen = decision.uploadedAt ? new Date(decision.uploadedAt) : undefined;
  if (seen && Number.isNaN(seen.getTime()))
    throw new HttpError(409, documentMessages.replacedSince);
  // DOC-7, MSG-1: the renter's text is queued in the decision's transaction: sent exactly when
  // the decision stands.
  const row = await db.transaction(async (tx) => {
    const decided = await setDocumentStatus(tx, id, {
      status: decision.status,
      reason: decision.status === 'rejected' ? decision.reason : null,
      staffId,
      seenUpload: seen,
    });
    if (decided) await queueDecisionText(tx, decided);
    return decided;
  });
  if (row) return toCustomerDocument(row);
  if (seen && (await findDocument(db, id)))
    throw new HttpError(409, documentMessages.replacedSince);
  throw new HttpError(404, documentMessages.notFound);
}

/** Staff hold a document for a dispute or release it (DOC-11). */
export async function holdDocument(
  db: Database,
  id: number,
  hold: { reason: string; staffId: number } | null,
): Promise<CustomerDocument> {
  const row = await setDocumentHold(db, id, hold);
  if (!row) throw new HttpError(404, documentMessages.notFound);
  return toCustomerDocument(row);
}

/** Whether the renter has a car out now (a booking picked up and not yet returned). */
export async function hasTripUnderWay(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'active')))
    .limit(1);
  return Boolean(row);
}

/**
 * The renter deletes their documents (DOC-13): refused while a trip is under way (staff need
 * them until the car is back); those staff hold for a dispute stay (DOC-11).
 */
export async function deleteMyDocuments(db: Database, store: DocumentStore, userId: number) {
  if (await hasTripUnderWay(db, userId)) throw new HttpError(409, documentMessages.tripUnderWay);
  const rows = await documentsOfUser(db, userId);
  const gone = await deleteDocuments(
    db,
    store,
    rows.filter((r) => !r.heldAt).map((r) => ({ id: r.id, fileKey: r.fileKey })),
    'renter',
  );
  const kept = (await documentsOfUser(db, userId)).map(toCustomerDocument);
  const message = !rows.length
    ? documentMessages.nothingToDelete
    : !gone.length && kept.some((d) => d.hold)
      ? documentMessages.onlyHeldLeft
      : kept.some((d) => d.hold)
        ? documentMessages.deletedExceptHeld
        : documentMessages.deleted;
  return {
    message,
    deleted: gone.map((r) => r.kind as CustomerDocument['kind']),
    documents: kept,
  };
}
