import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AdminContactMessage } from '../../../shared/schemas/inbox.staff';
import type { Executor } from '../../db/client';
import { contactMessages, newsletterSubscriptions } from '../../db/schema/index';
import { pageOffset } from '../../staff-api/paging';

const toContactMessage = (row: typeof contactMessages.$inferSelect): AdminContactMessage => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  phone: row.phone,
  message: row.message,
  user_id: row.userId,
  read_at: row.readAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** A page of contact-form messages, newest first, with how many there are and are unread. */
export async function listContactMessages(db: Executor, page: number, limit: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(pageOffset(page, limit)),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${isNull(contactMessages.readAt)})`.mapWith(
          Number,
        ),
      })
      .from(contactMessages),
  ]);
  return {
    messages: rows.map(toContactMessage),
    unread: totals[0]?.unread ?? 0,
    total: Number(totals[0]?.total ?? 0),
  };
}

/** Marks a message read; undefined when there is no such message. */
export async function markContactMessageRead(
  db: Executor,
  id: number,
): Promise<AdminContactMessage | undefined> {
  // The first reading counts: reading it again keeps the first time.
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: sql`coalesce(${contactMessages.readAt}, now())` })
    .where(eq(contactMessages.id, id))
    .returning();
  return row && toContactMessage(row);
}

/** A page of newsletter sign-ups, newest first, and how many there are. */
export async function listNewsletterSubscriptions(db: Executor, page: number, limit: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(newsletterSubscriptions)
      .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
      .limit(limit)
      .offset(pageOffset(page, limit)),
    db.select({ total: count() }).from(newsletterSubscriptions),
  ]);
  return {
    subscriptions: rows.map((r) => ({
      id: r.id,
      email: r.email,
      created_at: r.createdAt.toISOString(),
    })),
    total: Number(totals[0]?.total ?? 0),
  };
}
