import { z } from 'zod';
import { accountDataMessages } from '../account-data';
import { requiredText } from './common';
import { CustomerDocumentSchema, DeletedDocumentSchema } from './documents';
import { ConversationMessageSchema } from './conversations';
import { SavedSearchSchema } from './saved-searches';

export * from '../account-data';

/** POST /api/account/close (ACCT-31): the password, so a borrowed phone cannot close it. */
export const CloseAccountInputSchema = z.object({
  password: requiredText(accountDataMessages.passwordRequired).pipe(z.string().max(200)),
});
export type CloseAccountInput = z.input<typeof CloseAccountInputSchema>;

export const CloseAccountResponseSchema = z.object({ message: z.string() });
export type CloseAccountResponse = z.infer<typeof CloseAccountResponseSchema>;

const money = z.number().int().meta({ description: 'pesewas (GH₵ 1 = 100)' });

/**
 * GET /api/account/export (ACCT-30): everything the company holds about the signed-in renter,
 * as one JSON file. The photos themselves are not in it: each document's `image_url` opens it
 * with the same sign-in.
 */
export const AccountExportSchema = z.object({
  exported_at: z.string(),
  profile: z.object({
    id: z.number().int(),
    name: z.string(),
    msisdn: z.string(),
    email: z.string().nullable(),
    whatsapp: z.string().nullable(),
    phone_verified_at: z.string().nullable(),
    sms_reminders: z.boolean(),
    created_at: z.string(),
  }),
  bookings: z.array(
    z.object({
      booking_code: z.string(),
      status: z.string(),
      payment_status: z.string(),
      payment_method: z.string(),
      car: z.string(),
      start_date: z.string(),
      end_date: z.string(),
      pickup_time: z.string(),
      return_time: z.string(),
      destination: z.string(),
      delivery_address: z.string().nullable(),
      lines: z.array(z.object({ label: z.string(), amount_pesewas: money })),
      total_pesewas: money,
      deposit_pesewas: money,
      created_at: z.string(),
      cancelled_at: z.string().nullable(),
    }),
  ),
  payments: z.array(
    z.object({
      reference: z.string(),
      booking_code: z.string(),
      purpose: z.string(),
      amount_pesewas: money,
      currency: z.string(),
      status: z.string(),
      network: z.string().nullable(),
      wallet_msisdn: z.string().nullable(),
      paid_at: z.string().nullable(),
      refunded_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  text_messages: z.array(
    z.object({
      kind: z.string(),
      to: z.string(),
      body: z.string(),
      status: z.string(),
      created_at: z.string(),
      sent_at: z.string().nullable(),
    }),
  ),
  contact_messages: z.array(z.object({ message: z.string(), created_at: z.string() })),
  /** Their conversation with the company (CONV-1), newest first, at most 2,000 messages. */
  conversation: z.array(ConversationMessageSchema),
  /** The cars they saved with Save (AREA-5), newest first. */
  favourites: z.array(
    z.object({ car_id: z.number().int(), car: z.string(), saved_at: z.string() }),
  ),
  /** Their saved searches (SAVED-1), newest first. */
  saved_searches: z.array(
    z.object({
      name: z.string(),
      filters: SavedSearchSchema.shape.filters,
      alerts_sent: z.number().int(),
      created_at: z.string(),
    }),
  ),
  reviews: z.array(
    z.object({
      booking_code: z.string(),
      rating: z.number().int(),
      comment: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  documents: z.array(CustomerDocumentSchema),
  deleted_documents: z.array(DeletedDocumentSchema),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
