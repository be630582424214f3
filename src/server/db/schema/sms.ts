import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every message the sandbox SMS provider "sends" (RUN-12): the sandbox phone's inbox. With a
 * real provider nothing is written here.
 */
export const sandboxSms = pgTable(
  'sandbox_sms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** E.164 digits without '+'. */
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_sms_recipient_id_idx').on(t.recipient, t.id)],
);
