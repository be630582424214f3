import { z } from 'zod';

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required', abort: true })
  .max(254, { error: 'Email is too long' })
  // A check on the trimmed text (a pipe would hide the format from the OpenAPI document).
  .check(z.email({ error: 'Enter a valid email address' }));

export const NewsletterInputSchema = z.object({ email });
export type NewsletterInput = z.infer<typeof NewsletterInputSchema>;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .max(max, { error: `${label} must be ${max} characters or less` });

export const ContactInputSchema = z.object({
  first_name: required('First name', 80),
  last_name: required('Last name', 80),
  email,
  phone: required('Phone', 20).regex(/^\+?[\d\s-]{7,20}$/, { error: 'Enter a valid phone number' }),
  message: required('Message', 4000),
});
export type ContactInput = z.infer<typeof ContactInputSchema>;

/** The confirmation of VAL-8, word for word. */
export const INBOX_THANKS = 'Thanks, we will get back to you.';
