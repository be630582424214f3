import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { ConversationMessage } from '../../../shared/schemas/conversations';
import type { InboxConversation } from '../../../shared/schemas/conversations.staff';
import { rowsOf, type Executor } from '../../db/client';
import {
  bookings,
  conversationMessages,
  conversationPhotos,
  conversations,
  users,
} from '../../db/schema/index';

export type ConversationRow = typeof conversations.$inferSelect;

export const photoUrl = (id: number) => `/api/conversation/photos/${id}`;

export async function conversationOfUser(db: Executor, userId: number) {
  const [row] = await db.select().from(conversations).where(eq(conversations.userId, userId));
  return row;
}

export async function findConversation(db: Executor, id: number) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

/**
 * A page of a thread, newest first (CONV-14): keyset on the message id, read from
 * conversation_messages_thread_idx; the page's photos in one more query.
 */
export async function threadPage(
  db: Executor,
  conversationId: number,
  limit: number,
  before?: number,
): Promise<{ messages: ConversationMessage[]; nextBefore: number | null }> {
  const rows = await db
    .select({
      id: conversationMessages.id,
      author: conversationMessages.author,
      via: conversationMessages.via,
      body: conversationMessages.body,
      createdAt: conversationMessages.createdAt,
      bookingCode: bookings.bookingCode,
      staffName: users.name,
    })
    .from(conversationMessages)
    .leftJoin(bookings, eq(bookings.id, conversationMessages.bookingId))
    .leftJoin(users, eq(users.id, conversationMessages.staffId))
    .where(
      and(
        eq(conversationMessages.conversationId, conversationId),
        before ? lt(conversationMessages.id, before) : undefined,
      ),
    )
    .orderBy(desc(conversationMessages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const photos = page.length
    ? await db
        .select({ id: conversationPhotos.id, messageId: conversationPhotos.messageId })
        .from(conversationPhotos)
        .where(
          inArray(
            conversationPhotos.messageId,
            page.map((r) => r.id),
          ),
        )
        .orderBy(conversationPhotos.id)
    : [];
  return {
    messages: page.map((r) => ({
      id: r.id,
      author: r.author as ConversationMessage['author'],
      // A first name is enough for the renter to know who answered.
      staff_name: r.author === 'staff' ? (r.staffName?.split(' ')[0] ?? null) : null,
      via: r.via as ConversationMessage['via'],
      body: r.body,
      booking_code: r.bookingCode ?? null,
      photos: photos
        .filter((p) => p.messageId === r.id)
        .map((p) => ({ id: p.id, url: photoUrl(p.id) })),
      created_at: r.createdAt.toISOString(),
    })),
    nextBefore: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}

/** One message as the thread shows it (the answer to a send). */
export async function messageById(db: Executor, conversationId: number, id: number) {
  const { messages } = await threadPage(db, conversationId, 1, id + 1);
  return messages[0]!;
}

/** The renter's messages in the last hour (CONV-6), from the thread index. */
export async function renterMessagesLastHour(db: Executor, conversationId: number) {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*) as n from conversation_messages
           where conversation_id = ${conversationId} and author = 'renter'
             and created_at > now() - interval '1 hour'`,
    ),
  );
  return Number(row?.n ?? 0);
}

/** The renter's booking by its code, or undefined when it is not theirs (CONV-4). */
export async function renterBooking(db: Executor, userId: number, code: string) {
  const [row] = await db
    .select({ id: bookings.id, branchId: bookings.branchId })
    .from(bookings)
    .where(and(eq(bookings.bookingCode, code), eq(bookings.userId, userId)));
  return row;
}

/** The branch of the renter's latest booking (CONV-9), from bookings_user_id_created_idx. */
export async function latestBookingBranch(db: Executor, userId: number) {
  const [row] = await db
    .select({ branchId: bookings.branchId })
    .from(bookings)
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  return row?.branchId ?? null;
}

/** The renter's conversation, made on their first message, locked for the rest of the write. */
export async function lockConversationOfUser(db: Executor, userId: number) {
  await db.insert(conversations).values({ userId }).onConflictDoNothing();
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from conversations where user_id = ${userId} for update`),
  );
  return row!.id;
}

export async function lockConversation(db: Executor, id: number) {
  const [row] = rowsOf<{ id: number; user_id: number; status: string }>(
    await db.execute(
      sql`select id, user_id, status from conversations where id = ${id} for update`,
    ),
  );
  return row;
}

export async function insertMessage(
  db: Executor,
  values: typeof conversationMessages.$inferInsert,
) {
  const [row] = await db.insert(conversationMessages).values(values).returning();
  return row!;
}

export async function insertPhotos(
  db: Executor,
  messageId: number,
  userId: number,
  keys: string[],
) {
  if (!keys.length) return;
  await db
    .insert(conversationPhotos)
    .values(keys.map((fileKey) => ({ messageId, userId, fileKey })));
}

export async function updateConversation(
  db: Executor,
  id: number,
  set: Partial<Record<keyof ConversationRow, unknown>> & Record<string, unknown>,
) {
  await db
    .update(conversations)
    .set(set as Partial<ConversationRow>)
    .where(eq(conversations.id, id));
}

/**
 * Claims the reply text (CONV-12): true for the first reply in the gap, false for the rest of a
 * burst. One UPDATE, so two staff replying at once send one text.
 */
export async function claimReplySms(db: Executor, id: number, gapMinutes: number) {
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`update conversations set reply_sms_at = now()
           where id = ${id}
             and (reply_sms_at is null or reply_sms_at < now() - make_interval(mins => ${gapMinutes}))
         returning id`,
    ),
  );
  return rows.length > 0;
}

/** A photo and where it belongs, for the photo route's access check (CONV-3). */
export async function findPhoto(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: conversationPhotos.id,
      userId: conversationPhotos.userId,
      fileKey: conversationPhotos.fileKey,
      conversationId: conversationMessages.conversationId,
    })
    .from(conversationPhotos)
    .innerJoin(conversationMessages, eq(conversationMessages.id, conversationPhotos.messageId))
    .where(eq(conversationPhotos.id, id));
  return row;
}

// ------------------------------------------------------------------ the inbox

interface InboxRow {
  id: number;
  status: string;
  user_id: number;
  customer_name: string;
  customer_msisdn: string;
  branch_id: number | null;
  branch_name: string | null;
  booking_code: string | null;
  assigned_id: number | null;
  assigned_name: string | null;
  staff_unread: number;
  last_message_id: number;
  last_author: string | null;
  last_body: string | null;
  last_photos: number | string | null;
  last_at: Date | string;
}

const EXCERPT = 140;

const toInboxConversation = (r: InboxRow): InboxConversation => ({
  id: r.id,
  status: r.status as InboxConversation['status'],
  customer: { id: r.user_id, name: r.customer_name, msisdn: r.customer_msisdn },
  branch: r.branch_id !== null ? { id: r.branch_id, name: r.branch_name ?? '' } : null,
  booking_code: r.booking_code,
  assigned_to: r.assigned_id !== null ? { id: r.assigned_id, name: r.assigned_name ?? '' } : null,
  unread: Number(r.staff_unread),
  last_message: {
    author: (r.last_author ?? 'renter') as 'renter' | 'staff',
    excerpt:
      r.last_body && r.last_body.length > 0
        ? r.last_body.length > EXCERPT
          ? `${r.last_body.slice(0, EXCERPT - 1)}…`
          : r.last_body
        : Number(r.last_photos) > 0
          ? 'Photo'
          : '',
    at: new Date(r.last_at).toISOString(),
  },
});

/** The inbox row's columns: each conversation of `source` with its people, branch and last message. */
const inboxSelect = (source: SQL, tail: SQL) => sql`
  select c.id, c.status, c.user_id, u.name as customer_name, u.msisdn as customer_msisdn,
         c.branch_id, br.name as branch_name, b.booking_code,
         c.assigned_to as assigned_id, a.name as assigned_name, c.staff_unread,
         c.last_message_id, m.author as last_author, m.body as last_body,
         (select count(*) from conversation_photos p where p.message_id = m.id) as last_photos,
         c.last_message_at as last_at
    from (${source}) c
    join users u on u.id = c.user_id
    left join branches br on br.id = c.branch_id
    left join bookings b on b.id = c.booking_id
    left join users a on a.id = c.assigned_to
    left join conversation_messages m on m.id = c.last_message_id
   ${tail}`;

/** Where a manager's or an agent's inbox reaches (CONV-9): their branches and no branch yet. */
export const inBranches = (branchIds: readonly number[] | null): SQL =>
  branchIds === null
    ? sql`true`
    : sql`(c.branch_id in (${sql.join(
        [...branchIds.map((id) => sql`${id}`), sql`null`],
        sql`, `,
      )}) or c.branch_id is null)`;

export interface InboxFilter {
  status: 'open' | 'closed';
  assigned: 'anyone' | 'me' | 'nobody';
  branchId?: number;
  staffId: number;
  branchIds: readonly number[] | null;
  limit: number;
  cursor?: { unread: 0 | 1; lastMessageId: number };
}

const INBOX_ORDER = sql`order by (c.staff_unread > 0) desc, c.last_message_id desc`;

/**
 * The inbox (CONV-8, CONV-14): unread first, then the newest, keyset-paged on
 * ((staff_unread > 0), last_message_id), the order of the inbox indexes. A manager's or an
 * agent's inbox is one index walk per branch (and one for conversations with no branch),
 * merged: an OR over branches would walk every open conversation of the company to fill a page
 * of a quiet branch.
 */
export async function inboxPage(db: Executor, f: InboxFilter) {
  const conditions: SQL[] = [sql`c.status = ${f.status}`];
  if (f.assigned === 'me') conditions.push(sql`c.assigned_to = ${f.staffId}`);
  if (f.assigned === 'nobody') conditions.push(sql`c.assigned_to is null`);
  if (f.cursor)
    conditions.push(
      sql`((c.staff_unread > 0), c.last_message_id) < (${f.cursor.unread === 1}, ${f.cursor.lastMessageId})`,
    );
  const scopes: SQL[] = f.branchId
    ? f.branchIds === null || f.branchIds.includes(f.branchId)
      ? [sql`c.branch_id = ${f.branchId}`]
      : []
    : f.branchIds === null
      ? [sql`true`]
      : [...f.branchIds.map((id) => sql`c.branch_id = ${id}`), sql`c.branch_id is null`];
  if (!scopes.length) return { conversations: [], nextCursor: null };
  const take = f.limit + 1;
  const source = sql.join(
    scopes.map(
      (scope) =>
        sql`(select * from conversations c where ${scope} and ${sql.join(conditions, sql` and `)} ${INBOX_ORDER} limit ${take})`,
    ),
    sql` union all `,
  );
  const rows = rowsOf<InboxRow>(
    await db.execute(inboxSelect(source, sql`${INBOX_ORDER} limit ${take}`)),
  );
  const page = rows.slice(0, f.limit);
  const last = page[page.length - 1];
  return {
    conversations: page.map(toInboxConversation),
    nextCursor:
      rows.length > f.limit && last
        ? `${Number(last.staff_unread) > 0 ? 1 : 0}.${last.last_message_id}`
        : null,
  };
}

/** Open conversations with unread messages in reach (the console's count, CONV-8). */
export async function inboxUnreadCount(db: Executor, branchIds: readonly number[] | null) {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*) as n from conversations c
           where c.status = 'open' and (c.staff_unread > 0) and ${inBranches(branchIds)}`,
    ),
  );
  return Number(row?.n ?? 0);
}

export async function inboxConversation(db: Executor, id: number) {
  const [row] = rowsOf<InboxRow>(
    await db.execute(inboxSelect(sql`select * from conversations where id = ${id}`, sql``)),
  );
  return row && toInboxConversation(row);
}

/** Active staff members who may be given a conversation: those at the branches in reach. */
export async function assignableStaff(db: Executor, branchIds: readonly number[] | null) {
  return rowsOf<{ id: number; name: string; role: string }>(
    await db.execute(sql`
      select u.id, u.name, u.staff_role as role from users u
       where u.role = 'staff' and u.deactivated_at is null and u.staff_role is not null
         and ${
           branchIds === null
             ? sql`true`
             : sql`(u.staff_role = 'owner' or exists (select 1 from staff_branches s
                     where s.user_id = u.id and s.branch_id in (${sql.join(
                       [...branchIds.map((id) => sql`${id}`), sql`null`],
                       sql`, `,
                     )})))`
         }
       order by u.name, u.id
       limit 200`),
  );
}

// ------------------------------------------------------------------ staff's writes

/** The renter's messages are read (CONV-8). */
export const markStaffRead = (db: Executor, id: number) =>
  db.update(conversations).set({ staffUnread: 0 }).where(eq(conversations.id, id));

export const setAssignee = (db: Executor, id: number, staffId: number | null) =>
  db.update(conversations).set({ assignedTo: staffId }).where(eq(conversations.id, id));

/** Closed (CONV-11); closing reads it, so nothing is left waiting in the unread count. */
export const closeConversation = (db: Executor, id: number) =>
  db
    .update(conversations)
    .set({ status: 'closed', closedAt: sql`now()`, staffUnread: 0 })
    .where(eq(conversations.id, id));

/**
 * A closing account's photos (ACCT-31): their rows deleted and the conversation closed; the
 * caller removes the files once the transaction commits. The words stay, as contact messages
 * do, under the account's replaced name.
 */
export async function dropPhotosOfClosingAccount(db: Executor, userId: number) {
  await db
    .update(conversations)
    .set({ status: 'closed', closedAt: sql`now()`, staffUnread: 0 })
    .where(eq(conversations.userId, userId));
  return db
    .delete(conversationPhotos)
    .where(eq(conversationPhotos.userId, userId))
    .returning({ userId: conversationPhotos.userId, fileKey: conversationPhotos.fileKey });
}
