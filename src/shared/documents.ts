import { type IsoDate } from './dates';

/**
 * A renter's identity documents (DOC-1 to DOC-6): the Ghana Card and the driving licence, each a
 * photo with the details typed beside it, checked by staff. Used by the API, the profile form
 * and the console.
 */

export const DOCUMENT_KINDS = ['ghana_card', 'driving_licence'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  ghana_card: 'Ghana Card',
  driving_licence: 'Driving licence',
};

/** The kind inside a sentence: 'Reject the Ghana Card', 'Reject the driving licence'. */
export const DOCUMENT_KIND_NAMES: Record<DocumentKind, string> = {
  ghana_card: 'Ghana Card',
  driving_licence: 'driving licence',
};

/** Where a renter's document of one kind stands: its status, or `missing` (none uploaded). */
export type DocumentState = DocumentStatus | 'missing';
export const DOCUMENT_STATE_LABELS: Record<DocumentState, string> = {
  verified: 'Verified',
  pending: 'Waiting for a check',
  rejected: 'Rejected',
  missing: 'Not uploaded',
};

/** Both kinds' states from a renter's documents (a kind with no row is `missing`). */
export const documentStatesOf = (
  documents: readonly { kind: DocumentKind; status: DocumentStatus }[],
): Record<DocumentKind, DocumentState> => ({
  ghana_card: documents.find((d) => d.kind === 'ghana_card')?.status ?? 'missing',
  driving_licence: documents.find((d) => d.kind === 'driving_licence')?.status ?? 'missing',
});

/** What a renter may upload: the same image types as car photos, at most 8 MB (DOC-3). */
export const DOCUMENT_MAX_BYTES = 8 * 1024 * 1024;
export const DOCUMENT_ACCEPT = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** DOC-2: the Ghana Card PIN, 'GHA-' then 9 digits, a dash and a check digit. */
export const GHANA_CARD_PIN_PATTERN = /^GHA-\d{9}-\d$/;
/** DOC-2: renters are at least this old. */
export const MIN_RENTER_AGE = 21;
export const LICENCE_NUMBER_MAX = 30;
export const REJECTION_REASON_MAX = 300;

export const documentMessages = {
  kindRequired: 'Choose the document: Ghana Card or driving licence.',
  pinRequired: 'Ghana Card PIN is required',
  pinFormat: 'Enter the PIN as it is on the card: GHA-123456789-0',
  birthRequired: 'Date of birth is required',
  birthFuture: 'Date of birth cannot be in the future',
  tooYoung: `Renters must be at least ${MIN_RENTER_AGE} years old.`,
  licenceNumberRequired: 'Licence number is required',
  licenceNumberFormat: `Enter the licence number as it is on the licence (letters, digits and dashes, at most ${LICENCE_NUMBER_MAX}).`,
  expiryRequired: 'Expiry date is required',
  licenceExpired: 'This licence has expired. Upload a licence that is still valid.',
  fileMissing: 'Choose a photo of the document.',
  fileType: 'Upload a JPG, PNG or WebP image.',
  fileUnreadable: 'This image could not be read. Try another photo.',
  fileTooLarge: 'The photo is too large: 8 MB at most.',
  uploaded: 'Thank you. Staff will check your document soon.',
  notFound: 'Document not found.',
  reasonRequired: 'Give the reason, so the renter knows what to fix.',
  reasonTooLong: `Keep the reason under ${REJECTION_REASON_MAX} characters.`,
  verified: 'Document verified.',
  replacedSince: 'The renter has uploaded a new photo since you opened this one. Look at it again.',
  rejected: 'Document rejected. The renter sees the reason on their profile.',
  // Keeping documents only as long as needed (DOC-10 to DOC-13).
  holdReasonRequired: 'Give the reason you are keeping this document, e.g. the dispute it is for.',
  holdReasonTooLong: `Keep the reason under ${REJECTION_REASON_MAX} characters.`,
  held: 'Document held for the dispute. It is kept until you release it.',
  released: 'Hold released. The document is deleted on the usual schedule.',
  notHeld: 'This document is not held.',
  deleted: 'Your documents are deleted.',
  deletedExceptHeld:
    'Your documents are deleted, except those our staff keep for a dispute about a trip. They are deleted when it is settled.',
  onlyHeldLeft:
    'Our staff keep your documents for a dispute about a trip. They are deleted when it is settled.',
  nothingToDelete: 'You have no documents on file.',
  tripUnderWay:
    'Your trip is under way: we need your documents until you return the car. Delete them after the trip.',
};

/** Longest reason staff may give for holding a document (DOC-11). */
export const HOLD_REASON_MAX = 300;

/** 'GHA-123456789-0' from what a person typed: spaces dropped, letters in capitals. */
export const normalizeGhanaCardPin = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** Whole years from `birth` to `on` (both 'YYYY-MM-DD'): a 29 February birthday counts from 1 March. */
export function ageOn(birth: IsoDate, on: IsoDate): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  const beforeBirthday = m < bm || (m === bm && d < bd);
  return y - by - (beforeBirthday ? 1 : 0);
}
