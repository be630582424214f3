import { z } from 'zod';
import { todayInAccra } from '../dates';
import { requiredIsoDate, requiredText } from './common';
import {
  DOCUMENT_KINDS,
  DOCUMENT_STATUSES,
  DOCUMENT_MAX_BYTES,
  GHANA_CARD_PIN_PATTERN,
  HOLD_REASON_MAX,
  MIN_RENTER_AGE,
  REJECTION_REASON_MAX,
  documentMessages,
  normalizeGhanaCardPin,
  ageOn,
} from '../documents';

/**
 * The zod-free part (constants, messages, the PIN and age rules) lives in shared/documents.ts,
 * so pages can use it without loading zod (PAGE-18).
 */
export * from '../documents';

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
  /** Staff keep it for a dispute (DOC-11): not deleted until they release it. */
  hold: z.object({ reason: z.string(), held_at: z.string() }).nullable(),
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
  /** The staff member who verified or rejected it (DOC-5); null while pending. */
  reviewed_by: z.string().nullable(),
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

/** Staff hold a document for a dispute (DOC-11): why, in words the renter could be shown. */
export const HoldDocumentInputSchema = z.object({
  reason: requiredText(documentMessages.holdReasonRequired).pipe(
    z.string().max(HOLD_REASON_MAX, { error: documentMessages.holdReasonTooLong }),
  ),
});
export type HoldDocumentInput = z.input<typeof HoldDocumentInputSchema>;

/** DELETE /api/documents (DOC-13): what was deleted and what staff keep for a dispute. */
export const DeleteDocumentsResponseSchema = z.object({
  message: z.string(),
  deleted: z.array(z.enum(DOCUMENT_KINDS)),
  /** Held for a dispute (DOC-11): still on file. */
  documents: z.array(CustomerDocumentSchema),
});
export type DeleteDocumentsResponse = z.infer<typeof DeleteDocumentsResponseSchema>;

/** A document that was on file and is gone (DOC-12), as staff see it on the customer's page. */
export const DeletedDocumentSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  reason: z.enum(['retention', 'renter', 'account_closed']),
  status: z.enum(DOCUMENT_STATUSES),
  uploaded_at: z.string(),
  deleted_at: z.string(),
});
export type DeletedDocument = z.infer<typeof DeletedDocumentSchema>;

/** A customer's documents as staff see them: those on file and those deleted (DOC-12). */
export const StaffCustomerDocumentsResponseSchema = DocumentListResponseSchema.extend({
  deleted: z.array(DeletedDocumentSchema),
});
export type StaffCustomerDocumentsResponse = z.infer<typeof StaffCustomerDocumentsResponseSchema>;
