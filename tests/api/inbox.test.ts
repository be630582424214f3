import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, newsletterSubscriptions } from '../../src/server/db/schema/index';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

describe('newsletter and contact (VAL-8, STAFF-9)', () => {
  it('stores a newsletter sign-up once, however often it is sent', async () => {
    for (const email of ['Kojo@Example.com', 'kojo@example.com ']) {
      const res = await client.post('/api/newsletter', { email });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Thanks, we will get back to you.' });
    }
    const rows = await ctx.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(sql`lower(${newsletterSubscriptions.email})`, 'kojo@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('refuses an address that is not one', async () => {
    const res = await client.post('/api/newsletter', { email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['Enter a valid email address']);
  });

  it('stores a contact message for staff to read', async () => {
    const res = await client.post('/api/contact', {
      first_name: 'Adwoa',
      last_name: 'Sarpong',
      email: 'adwoa@example.com',
      phone: '024 412 3456',
      message: 'Do you deliver cars to Kotoka airport at night?',
    });
    expect(res.statusCode).toBe(201);
    const rows = await ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'adwoa@example.com'));
    expect(rows[0]).toMatchObject({
      firstName: 'Adwoa',
      message: 'Do you deliver cars to Kotoka airport at night?',
    });
  });

  it('names each missing contact field', async () => {
    const res = await client.post('/api/contact', {});
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'email',
      'first_name',
      'last_name',
      'message',
      'phone',
    ]);
  });
});
