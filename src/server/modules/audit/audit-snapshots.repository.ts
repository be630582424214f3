import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  bookings,
  branches,
  carImages,
  cars,
  contactMessages,
  conversations,
  customerDocuments,
  extraPrices,
  handovers,
  payments,
  reviews,
  smsOutbox,
  staffBranches,
  users,
} from '../../db/schema/index';

/**
 * The fields of each kind of thing the audit trail compares before and after a staff write
 * (AUDIT-2), read by ../../staff-api/audit-entities.ts. Each loader lists its columns: a password
 * hash, a token, a file key, a document's PIN or a wallet number never reaches the trail (AUDIT-6).
 */

/** A thing's fields as the audit trail compares them: plain JSON, no secrets, no images. */
export type AuditFields = Record<string, unknown>;

export const asNumber = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : null);

/** A loader by numeric id: null for an id that is not a number (the row cannot exist). */
export const byNumber =
  (load: (db: Executor, id: number) => Promise<AuditFields | null>) =>
  (db: Executor, id: string) => {
    const n = asNumber(id);
    return n === null ? Promise.resolve(null) : load(db, n);
  };

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export async function loadCar(db: Executor, id: number): Promise<AuditFields | null> {
  const [car] = await db.select().from(cars).where(eq(cars.id, id));
  if (!car) return null;
  const photos = await db
    .select({ id: carImages.id, alt: carImages.alt })
    .from(carImages)
    .where(eq(carImages.carId, id))
    .orderBy(asc(carImages.position), asc(carImages.id));
  // The id is the row's own (entity_id), not a field that changes.
  const { id: _id, createdAt: _created, updatedAt: _updated, retiredAt, ...fields } = car;
  return { ...fields, retiredAt: iso(retiredAt), photos };
}

export async function loadBooking(db: Executor, code: string): Promise<AuditFields | null> {
  const [booking] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.bookingCode, code), eq(bookings.kind, 'rental')));
  if (!booking) return null;
  const {
    id,
    createdAt: _created,
    updatedAt: _updated,
    holdExpiresAt: _hold,
    cancelledAt,
    userId,
    ...fields
  } = booking;
  const fieldsOut: AuditFields = { ...fields, customerId: userId, cancelledAt: iso(cancelledAt) };
  // Money in and out, one field per payment, without the wallet number or the provider's data.
  const paid = await db
    .select({
      reference: payments.reference,
      purpose: payments.purpose,
      provider: payments.provider,
      status: payments.status,
      amountPesewas: payments.amountPesewas,
      refundOf: payments.refundOf,
      refundNote: payments.refundNote,
    })
    .from(payments)
    .where(eq(payments.bookingId, id))
    .orderBy(asc(payments.id));
  for (const { reference, ...payment } of paid) fieldsOut[`payment ${reference}`] = payment;
  // The pickup and return records, with the reason documents were overridden (HAND-2).
  const records = await db
    .select({
      kind: handovers.kind,
      odometerKm: handovers.odometerKm,
      fuelEighths: handovers.fuelEighths,
      damageNotes: handovers.damageNotes,
      documentsOverride: handovers.documentsOverride,
      depositPesewas: handovers.depositPesewas,
      depositMethod: handovers.depositMethod,
      keptPesewas: handovers.keptPesewas,
      returnedPesewas: handovers.returnedPesewas,
    })
    .from(handovers)
    .where(eq(handovers.bookingId, id));
  for (const { kind, ...record } of records) fieldsOut[`handover ${kind}`] = record;
  return fieldsOut;
}

export async function loadMaintenanceBlock(db: Executor, id: number): Promise<AuditFields | null> {
  const [block] = await db
    .select({
      carId: bookings.carId,
      startDate: bookings.startDate,
      endDate: bookings.endDate,
      status: bookings.status,
      note: bookings.note,
    })
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.kind, 'maintenance')));
  // A removed block is cancelled, not deleted: the same row, another status.
  return block ?? null;
}

export async function loadBranch(db: Executor, id: number): Promise<AuditFields | null> {
  const [branch] = await db.select().from(branches).where(eq(branches.id, id));
  if (!branch) return null;
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = branch;
  return fields;
}

export async function loadExtraPrices(db: Executor): Promise<AuditFields> {
  const rows = await db.select().from(extraPrices).orderBy(asc(extraPrices.key));
  return Object.fromEntries(rows.map((row) => [row.key, row.amountPesewas]));
}

export async function loadDocument(db: Executor, id: number): Promise<AuditFields | null> {
  const [document] = await db
    .select({
      customerId: customerDocuments.userId,
      kind: customerDocuments.kind,
      status: customerDocuments.status,
      rejectionReason: customerDocuments.rejectionReason,
      reviewedBy: customerDocuments.reviewedBy,
      reviewedAt: customerDocuments.reviewedAt,
      // A hold for a dispute (DOC-11).
      heldAt: customerDocuments.heldAt,
      holdReason: customerDocuments.holdReason,
      heldBy: customerDocuments.heldBy,
    })
    .from(customerDocuments)
    .where(eq(customerDocuments.id, id));
  return document
    ? { ...document, reviewedAt: iso(document.reviewedAt), heldAt: iso(document.heldAt) }
    : null;
}

export async function loadReview(db: Executor, id: number): Promise<AuditFields | null> {
  const [review] = await db
    .select({
      carId: reviews.carId,
      rating: reviews.rating,
      hiddenAt: reviews.hiddenAt,
      hiddenBy: reviews.hiddenBy,
    })
    .from(reviews)
    .where(eq(reviews.id, id));
  return review ? { ...review, hiddenAt: iso(review.hiddenAt) } : null;
}

export async function loadContactMessage(db: Executor, id: number): Promise<AuditFields | null> {
  const [message] = await db
    .select({ readAt: contactMessages.readAt })
    .from(contactMessages)
    .where(eq(contactMessages.id, id));
  return message ? { readAt: iso(message.readAt) } : null;
}

/** A renter's conversation (CONV-10, CONV-11): where it stands, never what was written. */
export async function loadConversation(db: Executor, id: number): Promise<AuditFields | null> {
  const [row] = await db
    .select({
      status: conversations.status,
      assignedTo: conversations.assignedTo,
      staffUnread: conversations.staffUnread,
      lastMessageId: conversations.lastMessageId,
    })
    .from(conversations)
    .where(eq(conversations.id, id));
  return row ?? null;
}

/** A text: its kind and state, never its body (a sign-in code) or the recipient's number. */
export async function loadSms(db: Executor, id: number): Promise<AuditFields | null> {
  const [sms] = await db
    .select({
      kind: smsOutbox.kind,
      bookingId: smsOutbox.bookingId,
      customerId: smsOutbox.userId,
      status: smsOutbox.status,
    })
    .from(smsOutbox)
    .where(eq(smsOutbox.id, id));
  return sms ?? null;
}

/**
 * A staff account: its name, number (a colleague's work number, recorded in full), role,
 * branches and whether it is switched off. Never its password hash (AUDIT-6).
 */
export async function loadStaffAccount(db: Executor, id: number): Promise<AuditFields | null> {
  const [user] = await db
    .select({
      name: users.name,
      msisdn: users.msisdn,
      role: users.role,
      staffRole: users.staffRole,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'staff')));
  if (!user) return null;
  const branchRows = await db
    .select({ branchId: staffBranches.branchId })
    .from(staffBranches)
    .where(eq(staffBranches.userId, id))
    .orderBy(asc(staffBranches.branchId));
  return {
    ...user,
    deactivatedAt: iso(user.deactivatedAt),
    branchIds: branchRows.map((row) => row.branchId),
  };
}
