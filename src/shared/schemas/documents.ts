import { z } from 'zod';
import { todayInAccra, type IsoDate } from '../dates';
import { requiredIsoDate, requiredText } from './common';

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
};

/** 'GHA-123456789-0' from what a person typed: spaces dropped, letters in capitals. */
export const normalizeGhanaCardPin = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** Whole years from `birth` to `on` (both 'YYYY-MM-DD'): a 29 February birthday counts from 1 March. */
export function ageOn(birth: IsoDate, on: IsoDate): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  const beforeBirthday = m < bm || (m === bm && d < bd);
  return y - by - (beforeBirthday ? 1 : 0);
}

const ghanaCardFields = z.object({
  kind: z.literal('ghana_card'),
  ghana_card_pin: requiredText(documentMessages.pinRequired)
    .transform(normalizeGhanaCardPin)
    .pipe(z.string().regex(GHANA_CARD_PIN_PATTERN, { error: documentMessages.pinFormat })),
  date_of_birth: requiredIsoDate(documentMessages.birthRequired)
    .refine((birth) => birth <= todayInAccra(), {
      error: documentMessages.birthFuture,
      abort: true,
    })
    .refine((birth) => ageOn(birth, todayInAccra()) >= MIN_RENTER_AGE, {
      error: documentMessages.tooYoung,
    }),
});

const licenceFields = z.object({
  kind: z.literal('driving_licence'),
  licence_number: requiredText(documentMessages.licenceNumberRequired)
    .transform((value) => value.toUpperCase())
    .pipe(
      z.string().regex(/^[A-Z0-9][A-Z0-9/ -]{0,29}$/, {
        error: documentMessages.licenceNumberFormat,
      }),
    ),
  licence_expiry: requiredIsoDate(documentMessages.expiryRequired).refine(
    (expiry) => expiry >= todayInAccra(),
    { error: documentMessages.licenceExpired },
  ),
});

/** The text fields of an upload (DOC-2), sent before the file in the multipart body. */
export const DocumentFieldsSchema = z.discriminatedUnion('kind', [ghanaCardFields, licenceFields], {
  error: documentMessages.kindRequired,
});
export type DocumentFields = z.infer<typeof DocumentFieldsSchema>;
export type DocumentFieldsInput = z.input<typeof DocumentFieldsSchema>;

/** The multipart body, for the API document only (the handler checks each part itself). */
export const DocumentUploadFormSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  ghana_card_pin: z.string().optional().meta({ description: 'Ghana Card: GHA-#########-#' }),
  date_of_birth: z.string().optional().meta({ description: 'Ghana Card: YYYY-MM-DD' }),
  licence_number: z.string().optional().meta({ description: 'Driving licence' }),
  licence_expiry: z.string().optional().meta({ description: 'Driving licence: YYYY-MM-DD' }),
  file: z
    .file()
    .max(DOCUMENT_MAX_BYTES)
    .meta({ description: 'A JPG, PNG or WebP photo, at most 8 MB, sent after the fields.' }),
});

export const CustomerDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  status: z.enum(DOCUMENT_STATUSES),
  ghana_card_pin: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  licence_number: z.string().nullable(),
  licence_expiry: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  uploaded_at: z.string(),
  /** GET it with the same bearer token (owner or staff; never cached). */
  image_url: z.string(),
});
export type CustomerDocument = z.infer<typeof CustomerDocumentSchema>;

export const DocumentListResponseSchema = z.object({ documents: z.array(CustomerDocumentSchema) });
export type DocumentListResponse = z.infer<typeof DocumentListResponseSchema>;

export const DocumentUploadResponseSchema = z.object({
  message: z.string(),
  document: CustomerDocumentSchema,
});
export type DocumentUploadResponse = z.infer<typeof DocumentUploadResponseSchema>;

export const DocumentIdParamsSchema = z.object({
  documentId: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** A document in the staff queue: whose it is as well. */
export const PendingDocumentSchema = CustomerDocumentSchema.extend({
  customer: z.object({ id: z.number().int(), name: z.string() }),
});
export type PendingDocument = z.infer<typeof PendingDocumentSchema>;
export const PendingDocumentListResponseSchema = z.object({
  documents: z.array(PendingDocumentSchema),
});
export type PendingDocumentListResponse = z.infer<typeof PendingDocumentListResponseSchema>;

/**
 * The upload staff looked at (`uploaded_at` as the API gave it): a decision about a photo the
 * renter has since replaced is refused (409), so no photo is verified unseen (DOC-4).
 */
const seenUpload = z.string().max(40).optional();

export const VerifyDocumentInputSchema = z
  .object({ uploaded_at: seenUpload })
  // Verify may be posted with no body at all (Fastify hands the schema null then).
  .nullish()
  .transform((v) => v ?? {});
export type VerifyDocumentInput = z.input<typeof VerifyDocumentInputSchema>;

export const RejectDocumentInputSchema = z.object({
  reason: requiredText(documentMessages.reasonRequired).pipe(
    z.string().max(REJECTION_REASON_MAX, { error: documentMessages.reasonTooLong }),
  ),
  uploaded_at: seenUpload,
});
export type RejectDocumentInput = z.input<typeof RejectDocumentInputSchema>;

export const DocumentReviewResponseSchema = z.object({
  message: z.string(),
  document: CustomerDocumentSchema,
});
export type DocumentReviewResponse = z.infer<typeof DocumentReviewResponseSchema>;
