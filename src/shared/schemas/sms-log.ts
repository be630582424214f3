import { z } from 'zod';
import { idField } from './common';

/**
 * The staff console's SMS log (MSG-10): what was sent to whom about a booking or a customer,
 * and where it stands. A code's text is never shown (it is blanked once handed over).
 */
export const SMS_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'failed',
  'cancelled',
] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

export const SmsLogEntrySchema = z.object({
  id: z.number().int(),
  /** The template's name ('booking_received', 'pickup_reminder', …) or 'code'. */
  kind: z.string(),
  status: z.enum(SMS_STATUSES),
  to: z.string(),
  body: z.string(),
  booking_id: z.number().int().nullable(),
  booking_code: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  due_at: z.string(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  /** Staff may queue it again (not a code, nor a message still waiting to go). */
  can_resend: z.boolean(),
});
export type SmsLogEntry = z.infer<typeof SmsLogEntrySchema>;

export const SmsLogResponseSchema = z.object({ messages: z.array(SmsLogEntrySchema) });
export type SmsLogResponse = z.infer<typeof SmsLogResponseSchema>;

export const FailedSmsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Keyset paging: the last id of the previous page. */
  before: idField.optional(),
});

export const FailedSmsResponseSchema = z.object({
  messages: z.array(SmsLogEntrySchema),
  /** Pass as `before` for the next page; null on the last. */
  next_before: z.number().int().nullable(),
});
export type FailedSmsResponse = z.infer<typeof FailedSmsResponseSchema>;

export const ResendSmsResponseSchema = z.object({
  message: z.string(),
  sms: SmsLogEntrySchema,
});
export type ResendSmsResponse = z.infer<typeof ResendSmsResponseSchema>;

/** Arkesel's delivery report: a GET with the message id and its status (MSG-8). */
export const DeliveryReportQuerySchema = z
  .object({
    sms_id: z.string().max(200).optional(),
    id: z.string().max(200).optional(),
    status: z.string().max(50).optional(),
  })
  .passthrough();

export const smsLogMessages = {
  resent: 'The message is queued again.',
  notResendable: 'This message cannot be sent again: codes expire, and a queued one is on its way.',
  notFound: 'Message not found.',
};
