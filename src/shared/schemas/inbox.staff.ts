import { z } from 'zod';
import { PagingSchema } from './common';

/**
 * Staff read what renters sent (STAFF-9), under /api/admin/messages and
 * /api/admin/newsletter: contact messages and newsletter subscriptions. What renters send is in
 * inbox.ts.
 */

export const AdminContactMessageSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  user_id: z.number().int().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminContactMessage = z.infer<typeof AdminContactMessageSchema>;

export const AdminContactListResponseSchema = PagingSchema.extend({
  messages: z.array(AdminContactMessageSchema),
  unread: z.number().int(),
});
export type AdminContactListResponse = z.infer<typeof AdminContactListResponseSchema>;

export const AdminContactMessageResponseSchema = z.object({ message: AdminContactMessageSchema });

export const AdminNewsletterSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  created_at: z.string(),
});
export const AdminNewsletterListResponseSchema = PagingSchema.extend({
  subscriptions: z.array(AdminNewsletterSchema),
});
export type AdminNewsletterListResponse = z.infer<typeof AdminNewsletterListResponseSchema>;
