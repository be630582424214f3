import type { CustomerDocument, DocumentKind } from '../../../shared/schemas/documents';
import type { DocumentRow } from './documents.repository';

/** The API's view of a document; the image URL changes with each upload, so no copy goes stale. */
export function toCustomerDocument(row: DocumentRow): CustomerDocument {
  return {
    id: row.id,
    kind: row.kind as DocumentKind,
    status: row.status as CustomerDocument['status'],
    ghana_card_pin: row.ghanaCardPin,
    date_of_birth: row.dateOfBirth,
    licence_number: row.licenceNumber,
    licence_expiry: row.licenceExpiry,
    rejection_reason: row.rejectionReason,
    reviewed_at: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    uploaded_at: row.updatedAt.toISOString(),
    image_url: `/api/documents/${row.id}/image?v=${row.updatedAt.getTime()}`,
    hold:
      row.heldAt && row.holdReason
        ? { reason: row.holdReason, held_at: row.heldAt.toISOString() }
        : null,
  };
}
