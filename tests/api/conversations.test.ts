import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/client';
import { insertBooking, insertCar } from '../../src/server/db/factories';
import {
  contactMessages,
  conversationMessages,
  conversations,
} from '../../src/server/db/schema/index';
import {
  CONVERSATION_HOURLY_LIMIT,
  conversationMessages as texts,
} from '../../src/shared/conversations';
import { makeImage } from '../support/admin';
import { api, day, type FormPart, type SignedIn } from '../support/api';
import { setupTestApp } from '../support/test-app';

/**
 * The renter's conversation with the company and staff's inbox (CONV-1 to CONV-16): what each
 * endpoint answers, and who may reach what (another renter's thread and photo, staff of another
 * branch: 404, ROLE-5).
 */
const ctx = await setupTestApp();
const client = api(ctx.app);

const [here, there] = rowsOf<{ id: number }>(
  await ctx.db.execute(sql`select id from branches order by id`),
).map((r) => r.id) as [number, number];

const owner = await client.staff({ name: 'Efua Owner' });
const manager = await client.staff({
  name: 'Kwame Manager',
  staffRole: 'manager',
  branchIds: [here],
});
const agentThere = await client.staff({
  name: 'Akua Agent',
  staffRole: 'agent',
  branchIds: [there],
});
const carHere = await insertCar(ctx.db, { branchId: here });

async function renterWithBooking() {
  const renter = await client.renter();
  const booking = await insertBooking(ctx.db, {
    userId: renter.user.id,
    carId: carHere.id,
    pricePerDayPesewas: carHere.pricePerDayPesewas,
    startDate: day(30 + 3 * renter.user.id),
    endDate: day(31 + 3 * renter.user.id),
    status: 'confirmed',
  });
  return { renter, code: booking.bookingCode };
}

const photo = async (format: 'jpeg' | 'png' = 'jpeg'): Promise<FormPart> => ({
  name: 'photos',
  value: await makeImage(format, 120, 80),
  filename: `scratch.${format}`,
  type: `image/${format}`,
});

const send = (who: SignedIn, body: string, extra: FormPart[] = []) =>
  who.upload('/api/conversation/messages', [{ name: 'body', value: body }, ...extra]);

const conversationIdOf = async (userId: number) =>
  (await ctx.db.select().from(conversations).where(eq(conversations.userId, userId)))[0]!.id;

describe('a renter writes to the company (CONV-1 to CONV-5)', () => {
  it('has no conversation before the first message', async () => {
    const renter = await client.renter();
    const res = await renter.get('/api/conversation');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ conversation: null, messages: [], next_before: null });
    expect((await renter.get('/api/conversation/unread')).json()).toEqual({ unread: 0 });
  });

  it('writes from a booking with a photo, re-encoded and private to them and its staff (CONV-3, CONV-4)', async () => {
    const { renter, code } = await renterWithBooking();
    const res = await send(renter, 'The left mirror was cracked at pickup.', [
      { name: 'booking_code', value: code.toLowerCase() },
      await photo('png'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { sent, message } = res.json();
    expect(message).toBe(texts.sent);
    expect(sent).toMatchObject({ author: 'renter', booking_code: code, via: 'app' });
    expect(sent.photos).toHaveLength(1);

    const mine = await renter.get(sent.photos[0].url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    const stranger = await client.renter();
    expect((await stranger.get(sent.photos[0].url)).statusCode).toBe(404);
    expect((await agentThere.get(sent.photos[0].url)).statusCode).toBe(404);
    expect((await manager.get(sent.photos[0].url)).statusCode).toBe(200);
    expect((await owner.get(sent.photos[0].url)).statusCode).toBe(200);
    expect((await client.get(sent.photos[0].url)).statusCode).toBe(401);

    const thread = (await renter.get('/api/conversation')).json();
    expect(thread.conversation).toMatchObject({ status: 'open', unread: 0 });
    expect(thread.messages.map((m: { id: number }) => m.id)).toEqual([sent.id]);
    // Another renter has their own (empty) conversation, never this one.
    expect((await stranger.get('/api/conversation')).json().conversation).toBeNull();
  });

  it('refuses bad input with a clear message per field (CONV-2, CONV-5)', async () => {
    const { renter } = await renterWithBooking();
    const other = await renterWithBooking();
    const empty = await send(renter, '   ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.body).toEqual([texts.empty]);

    const long = await send(renter, 'x'.repeat(2001));
    expect(long.json().errors.body).toEqual([texts.tooLong]);

    const four = await send(
      renter,
      'Four photos',
      await Promise.all([1, 2, 3, 4].map(() => photo())),
    );
    expect(four.statusCode).toBe(422);
    expect(four.json().errors.photos).toEqual([texts.tooManyPhotos]);

    const notImage = await send(renter, 'A file', [
      { name: 'photos', value: 'hello', filename: 'a.jpg', type: 'image/jpeg' },
    ]);
    expect(notImage.json().errors.photos).toEqual([texts.photoType]);

    const theirs = await send(renter, 'About their booking', [
      { name: 'booking_code', value: other.code },
    ]);
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().errors.booking_code).toEqual([texts.bookingNotYours]);

    const json = await renter.post('/api/conversation/messages', { body: 'json' });
    expect(json.statusCode).toBe(422);
    expect(json.body).not.toMatch(/stack|select|insert/i);
    // Nothing of the refused messages was kept.
    expect((await renter.get('/api/conversation')).json().conversation).toBeNull();
  });

  it('limits a renter to the hourly number of messages, with a clear 429 (CONV-6)', async () => {
    const renter = await client.renter();
    expect((await send(renter, 'first')).statusCode).toBe(201);
    const id = await conversationIdOf(renter.user.id);
    await ctx.db.insert(conversationMessages).values(
      Array.from({ length: CONVERSATION_HOURLY_LIMIT - 1 }, (_, i) => ({
        conversationId: id,
        author: 'renter',
        body: `message ${i}`,
      })),
    );
    const res = await send(renter, 'one too many');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(texts.tooMany);
    // An hour later the allowance is back.
    await ctx.db.execute(
      sql`update conversation_messages set created_at = now() - interval '61 minutes' where conversation_id = ${id}`,
    );
    expect((await send(renter, 'back again')).statusCode).toBe(201);
  });

  it('pages the thread by keyset, newest first (CONV-14)', async () => {
    const renter = await client.renter();
    for (const text of ['one', 'two', 'three']) await send(renter, text);
    const first = (await renter.get('/api/conversation?limit=2')).json();
    expect(first.messages.map((m: { body: string }) => m.body)).toEqual(['three', 'two']);
    const second = (
      await renter.get(`/api/conversation?limit=2&before=${first.next_before}`)
    ).json();
    expect(second.messages.map((m: { body: string }) => m.body)).toEqual(['one']);
    expect(second.next_before).toBeNull();
    expect((await renter.get('/api/conversation?before=abc')).statusCode).toBe(422);
  });
});

describe('staff answer from the inbox (CONV-8 to CONV-12)', () => {
  it('shows a conversation to staff of its branch, unread first, and 404 to another branch (CONV-9)', async () => {
    const { renter, code } = await renterWithBooking();
    await send(renter, 'Can I return the car at 22:00?', [{ name: 'booking_code', value: code }]);
    const id = await conversationIdOf(renter.user.id);

    for (const who of [owner, manager]) {
      const inbox = (await who.get('/api/admin/conversations?limit=100')).json();
      const row = inbox.conversations.find((c: { id: number }) => c.id === id);
      expect(row).toMatchObject({
        unread: 1,
        booking_code: code,
        branch: { id: here },
        customer: { id: renter.user.id },
        last_message: { author: 'renter', excerpt: 'Can I return the car at 22:00?' },
      });
      expect(inbox.unread).toBeGreaterThanOrEqual(1);
    }
    const elsewhere = (await agentThere.get('/api/admin/conversations?limit=100')).json();
    expect(elsewhere.conversations.map((c: { id: number }) => c.id)).not.toContain(id);
    // The branch filter: the owner narrows to one branch; another branch's staff get nothing.
    const idsOf = async (who: SignedIn, query: string) =>
      (
        (await who.get(`/api/admin/conversations?limit=100&${query}`)).json() as {
          conversations: { id: number }[];
        }
      ).conversations.map((c) => c.id);
    expect(await idsOf(owner, `branch_id=${here}`)).toContain(id);
    expect(await idsOf(owner, `branch_id=${there}`)).not.toContain(id);
    expect(await idsOf(agentThere, `branch_id=${here}`)).toEqual([]);
    for (const [method, url] of [
      ['GET', `/api/admin/conversations/${id}`],
      ['POST', `/api/admin/conversations/${id}/messages`],
      ['POST', `/api/admin/conversations/${id}/close`],
    ] as const) {
      const res = await agentThere.request(
        method,
        url,
        method === 'POST' ? { body: 'hi' } : undefined,
      );
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(texts.notFound);
    }
  });

  it('lets any branch answer a renter with no booking yet (CONV-9)', async () => {
    const renter = await client.renter();
    await send(renter, 'Do you rent to visitors from Togo?');
    const id = await conversationIdOf(renter.user.id);
    const res = await agentThere.get(`/api/admin/conversations/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().conversation.branch).toBeNull();
  });

  it('pages the inbox by keyset, unread before read (CONV-8, CONV-14)', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const renter = await client.renter();
      await send(renter, `question ${i}`);
      ids.push(await conversationIdOf(renter.user.id));
    }
    // The oldest is read: it goes after every unread one.
    await owner.post(`/api/admin/conversations/${ids[0]}/read`);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await owner.get(`/api/admin/conversations?limit=2${query}`)).json();
      seen.push(...page.conversations.map((c: { id: number }) => c.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.indexOf(ids[2]!)).toBeLessThan(seen.indexOf(ids[1]!));
    expect(seen.indexOf(ids[1]!)).toBeLessThan(seen.indexOf(ids[0]!));
    const bad = await owner.get('/api/admin/conversations?cursor=x');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.cursor).toEqual([texts.badCursor]);
  });

  it('texts the renter once per burst of replies, with a link and no content (CONV-10, CONV-12, CONV-13)', async () => {
    const { renter, code } = await renterWithBooking();
    await send(renter, 'Is a child seat included?', [{ name: 'booking_code', value: code }]);
    const id = await conversationIdOf(renter.user.id);

    const first = await manager.post(`/api/admin/conversations/${id}/messages`, {
      body: 'Yes, ask at the counter. The secret word is mango.',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().sent).toMatchObject({ author: 'staff', staff_name: 'Kwame' });
    const again = await owner.post(`/api/admin/conversations/${id}/messages`, {
      body: 'And a booster.',
    });
    expect(again.statusCode).toBe(201);

    const texts_ = (await client.smsInbox(renter.user.msisdn)).filter((t) => t.includes('replied'));
    expect(texts_).toHaveLength(1);
    expect(texts_[0]).toMatch(/\/messages$/);
    expect(texts_[0]).not.toMatch(/mango|booster/);

    expect((await renter.get('/api/conversation/unread')).json()).toEqual({ unread: 2 });
    const thread = (await renter.get('/api/conversation')).json();
    expect(thread.messages[0]).toMatchObject({ author: 'staff', body: 'And a booster.' });
    expect((await renter.post('/api/conversation/read')).json()).toEqual({ unread: 0 });
    expect((await renter.get('/api/conversation/unread')).json()).toEqual({ unread: 0 });

    // The staff side is read once answered; an empty reply is refused.
    const staffView = (await manager.get(`/api/admin/conversations/${id}`)).json();
    expect(staffView.conversation.unread).toBe(0);
    const blank = await manager.post(`/api/admin/conversations/${id}/messages`, { body: ' ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.body).toEqual([texts.replyRequired]);
  });

  it('texts again after the gap (CONV-12)', async () => {
    const renter = await client.renter();
    await send(renter, 'Hello');
    const id = await conversationIdOf(renter.user.id);
    await owner.post(`/api/admin/conversations/${id}/messages`, { body: 'Hi' });
    await ctx.db.execute(
      sql`update conversations set reply_sms_at = now() - interval '16 minutes' where id = ${id}`,
    );
    await owner.post(`/api/admin/conversations/${id}/messages`, { body: 'Still there?' });
    const replies = (await client.smsInbox(renter.user.msisdn)).filter((t) =>
      t.includes('replied'),
    );
    expect(replies).toHaveLength(2);
  });

  it('assigns, closes, and a renter’s new message opens it again (CONV-10, CONV-11)', async () => {
    const { renter, code } = await renterWithBooking();
    await send(renter, 'Refund question', [{ name: 'booking_code', value: code }]);
    const id = await conversationIdOf(renter.user.id);

    const assign = await manager.post(`/api/admin/conversations/${id}/assign`, {
      staff_id: manager.user.id,
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json().conversation.assigned_to).toMatchObject({ id: manager.user.id });
    const mine = (await manager.get('/api/admin/conversations?assigned=me&limit=100')).json();
    expect(mine.conversations.map((c: { id: number }) => c.id)).toContain(id);
    // Not a staff member at their branches: refused on the field.
    for (const staff_id of [renter.user.id, agentThere.user.id]) {
      const bad = await manager.post(`/api/admin/conversations/${id}/assign`, { staff_id });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.staff_id).toEqual([texts.assigneeNotStaff]);
    }
    const assignees = (await manager.get('/api/admin/conversations/assignees')).json().staff;
    expect(assignees.map((s: { id: number }) => s.id)).toEqual(
      expect.arrayContaining([manager.user.id, owner.user.id]),
    );
    expect(assignees.map((s: { id: number }) => s.id)).not.toContain(agentThere.user.id);

    const close = await manager.post(`/api/admin/conversations/${id}/close`);
    expect(close.statusCode).toBe(200);
    expect(close.json().conversation).toMatchObject({ status: 'closed', unread: 0 });
    expect((await manager.post(`/api/admin/conversations/${id}/close`)).statusCode).toBe(409);
    const closed = (await manager.get('/api/admin/conversations?status=closed&limit=100')).json();
    expect(closed.conversations.map((c: { id: number }) => c.id)).toContain(id);

    await send(renter, 'One more thing');
    const reopened = (await manager.get(`/api/admin/conversations/${id}`)).json();
    expect(reopened.conversation).toMatchObject({ status: 'open', unread: 1 });

    const audit = rowsOf<{ action: string }>(
      await ctx.db.execute(
        sql`select action from audit_events where entity = 'conversation' and entity_id = ${String(id)} order by id`,
      ),
    ).map((r) => r.action);
    expect(audit).toEqual(['assign', 'close']);
  });
});

describe('the contact form (CONV-15)', () => {
  const form = {
    first_name: 'Adwoa',
    last_name: 'Sarpong',
    email: 'adwoa@example.com',
    phone: '024 412 3456',
    message: 'Do you deliver to Tema?',
  };

  it("joins a signed-in renter's conversation", async () => {
    const renter = await client.renter();
    const res = await renter.post('/api/contact', form);
    expect(res.statusCode).toBe(201);
    const thread = (await renter.get('/api/conversation')).json();
    expect(thread.messages[0]).toMatchObject({
      body: 'Do you deliver to Tema?',
      via: 'contact_form',
    });
    const inContact = await ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.userId, renter.user.id));
    expect(inContact).toHaveLength(0);
  });

  it("keeps a visitor's in the contact inbox", async () => {
    const res = await client.post('/api/contact', { ...form, message: 'Visitor question 7781' });
    expect(res.statusCode).toBe(201);
    const rows = await ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.message, 'Visitor question 7781'));
    expect(rows).toHaveLength(1);
  });
});
