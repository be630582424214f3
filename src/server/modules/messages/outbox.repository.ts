import { and, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { bookings, smsOutbox } from '../../db/schema/index';
import { STAFF_RECIPIENT } from '../../../shared/constants';
import { REMINDER_KINDS } from './templates';

export type OutboxRow = typeof smsOutbox.$inferSelect;

export interface NewOutboxMessage {
  kind: string;
  recipient: string;
  body: string;
  bookingId?: number | null;
  userId?: number | null;
  dueAt?: Date;
}

/**
 * Something was queued in this process since the worker last looked: the app nudges the
 * worker once the request that queued it has been answered, by which time its transaction
 * has committed (messages.plugin.ts). Several apps in one process share it: a spare nudge
 * costs one empty claim.
 */
export const outboxSignal = { pending: false };

/**
 * Queues texts in the caller's transaction (MSG-1): they exist exactly when the change they
 * report does, and the request pays one INSERT for them.
 */
export async function enqueueSms(db: Executor, messages: NewOutboxMessage[]) {
  if (!messages.length) return;
  await db.insert(smsOutbox).values(
    messages.map((m) => ({
      kind: m.kind,
      recipient: m.recipient,
      body: m.body,
      bookingId: m.bookingId ?? null,
      userId: m.userId ?? null,
      ...(m.dueAt ? { dueAt: m.dueAt } : {}),
    })),
  );
  outboxSignal.pending = true;
}

/** A text about a booking: which template, and the text as rendered now. */
export interface BookingText {
  kind: string;
  body: string;
}

/**
 * A staff alert is written once, to STAFF_RECIPIENT (every staff account), whatever the number
 * of staff; the worker fans it out when it claims it (fanOutStaffAlerts), so a booking pays one
 * row, not one per staff account (MSG-5, decision 015).
 */
export { STAFF_RECIPIENT };

/**
 * The INSERT of a booking's texts (MSG-1, MSG-5), not yet run: the renter's, to the number on
 * their account now, and the staff alert as one row addressed to the staff (STAFF_RECIPIENT).
 * Null when there is nothing to queue. The caller runs it in the transaction of the change,
 * with the change's booking event (booking-lifecycle.ts, executeTogether); the worker is told
 * to look once the request is answered (a rolled-back change leaves it nothing).
 * A plain multi-row VALUES, the renter's number a scalar subquery by primary key: PostgreSQL
 * plans it in a fifth of the time of the INSERT … SELECT … UNION ALL it replaced, and planning
 * was most of what the statement cost a booking (decision 015, 2026-11-27).
 */
export function bookingMessagesInsert(m: {
  bookingId: number;
  renterId: number;
  forRenter: BookingText | null;
  staffAlert: BookingText | null;
}): SQL | null {
  const rows: SQL[] = [];
  if (m.forRenter)
    rows.push(
      sql`(${m.forRenter.kind}, ${m.renterId}::integer, (select msisdn from users where id = ${m.renterId}::integer), ${m.forRenter.body}, ${m.bookingId}::integer)`,
    );
  if (m.staffAlert)
    rows.push(
      sql`(${m.staffAlert.kind}, null, ${STAFF_RECIPIENT}, ${m.staffAlert.body}, ${m.bookingId}::integer)`,
    );
  if (!rows.length) return null;
  outboxSignal.pending = true;
  return sql`
    insert into sms_outbox (kind, user_id, recipient, body, booking_id)
    values ${sql.join(rows, sql`, `)}`;
}

/** A claimed staff alert, now addressed to one staff account. */
export interface FannedOutAlert {
  id: number;
  recipient: string;
  user_id: number;
}

/**
 * Turns claimed staff alerts (addressed to STAFF_RECIPIENT, still this claim's) into one
 * message per staff member told (MSG-5): every active owner and the active managers and
 * agents of the booking's branch (ROLE-2). In one statement: each claimed row becomes the first
 * such account's, still under this claim, and a queued copy due now is added for each of
 * the others. Only a row still addressed to the staff is fanned out, so a claim taken over
 * after a crash never fans it out twice. Returns the claimed rows' new recipients (a row
 * missing when there is no staff account) and how many copies were queued.
 */
export async function fanOutStaffAlerts(db: Executor, claimed: { id: number; attempts: number }[]) {
  const values = sql.join(
    claimed.map((m) => sql`(${m.id}::integer, ${m.attempts}::smallint)`),
    sql`, `,
  );
  const rows = rowsOf<FannedOutAlert & { copies: number }>(
    await db.execute(sql`
      with claimed(id, attempts) as (values ${values}),
      alerts as (
        select o.id, b.branch_id from sms_outbox o
        join claimed c on c.id = o.id and o.attempts = c.attempts
        left join bookings b on b.id = o.booking_id
        where o.status = 'sending' and o.recipient = ${STAFF_RECIPIENT}
      ),
      told as (
        select a.id as alert_id, u.id as user_id, u.msisdn,
          row_number() over (partition by a.id order by u.id) as n
        from alerts a
        join users u on u.role = 'staff' and u.deactivated_at is null
          and (u.staff_role = 'owner' or exists (
            select 1 from staff_branches sb
            where sb.user_id = u.id and sb.branch_id = a.branch_id))
      ),
      first as (
        update sms_outbox o set recipient = t.msisdn, user_id = t.user_id, updated_at = now()
        from told t
        where o.id = t.alert_id and t.n = 1
        returning o.id, o.kind, o.booking_id, o.body, o.recipient, o.user_id
      ),
      copies as (
        insert into sms_outbox (kind, booking_id, user_id, recipient, body)
        select f.kind, f.booking_id, t.user_id, t.msisdn, f.body
        from first f join told t on t.alert_id = f.id and t.n > 1
        returning id
      )
      select f.id, f.recipient, f.user_id, (select count(*) from copies)::integer as copies
      from first f`),
  );
  return { alerts: rows, copies: rows[0]?.copies ?? 0 };
}

/**
 * A booking's reminders that have not gone yet are dropped (cancelled, returned early); the
 * UPDATE is not run until awaited or run with others (executeTogether).
 */
export const cancelBookingReminders = (db: Executor, bookingId: number) =>
  db
    .update(smsOutbox)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(
      and(
        eq(smsOutbox.bookingId, bookingId),
        eq(smsOutbox.status, 'queued'),
        inArray(smsOutbox.kind, [...REMINDER_KINDS]),
      ),
    );

export interface ClaimedMessage {
  id: number;
  kind: string;
  recipient: string;
  body: string;
  attempts: number;
  /** False when the renter turned reminders off (only read for reminders). */
  reminders_on: boolean;
}

/**
 * Claims up to `limit` due messages for this process (MSG-2): queued ones whose time has
 * come, and 'sending' ones whose lease ran out (their process died mid-send). SKIP LOCKED lets
 * several processes claim at once without waiting on each other or taking the same row; the
 * lease keeps a claimed row from the others until it runs out. Each half of the condition is
 * a range of its own partial index (sms_outbox_queued_due_idx, sms_outbox_sending_lease_idx),
 * so the reminders queued for later are never read.
 */
export async function claimDueMessages(db: Executor, limit: number, leaseSeconds: number) {
  return rowsOf<ClaimedMessage>(
    await db.execute(sql`
      update sms_outbox o set status = 'sending', attempts = o.attempts + 1,
        lease_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
      from (
        select id from sms_outbox
        where (status = 'queued' and due_at <= now()) or (status = 'sending' and lease_until < now())
        order by due_at
        limit ${limit}
        for update skip locked
      ) due
      where o.id = due.id
      returning o.id, o.kind, o.recipient, o.body, o.attempts,
        coalesce((select u.sms_reminders from users u where u.id = o.user_id), true) as reminders_on`),
  );
}

/** The claim that made `attempts` is still this process's (its lease was not taken over). */
const stillClaimed = (id: number, attempts: number) =>
  and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'sending'), eq(smsOutbox.attempts, attempts));

/** A code's text is a secret: it is blanked once it has been handed over or given up on. */
const forgetCode = sql`case when ${smsOutbox.kind} = 'code' then '' else ${smsOutbox.body} end`;

/** A message the provider accepted, under the claim (`attempts`) that sent it. */
export interface SentMessage {
  id: number;
  attempts: number;
  providerId: string;
}

/**
 * Marks a pass's accepted messages sent, all in one UPDATE (the worker's cost is per
 * statement, decision 015); a row another process has claimed since is left alone.
 * `delivered`: the sandbox phone has a message the moment it is stored.
 */
export async function markSent(db: Executor, sent: SentMessage[], delivered: boolean) {
  if (!sent.length) return;
  const values = sql.join(
    sent.map((m) => sql`(${m.id}::integer, ${m.attempts}::smallint, ${m.providerId}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    update sms_outbox o set status = ${delivered ? 'delivered' : 'sent'},
      provider_id = s.provider_id, sent_at = now(),
      delivered_at = ${delivered ? sql`now()` : sql`o.delivered_at`},
      lease_until = null, last_error = null,
      body = case when o.kind = 'code' then '' else o.body end, updated_at = now()
    from (values ${values}) as s(id, attempts, provider_id)
    where o.id = s.id and o.status = 'sending' and o.attempts = s.attempts`);
}

export const markRetry = (
  db: Executor,
  id: number,
  attempts: number,
  delaySeconds: number,
  error: string,
) =>
  db
    .update(smsOutbox)
    .set({
      status: 'queued',
      dueAt: sql`now() + make_interval(secs => ${delaySeconds})`,
      leaseUntil: null,
      lastError: error.slice(0, 300),
      updatedAt: sql`now()`,
    })
    .where(stillClaimed(id, attempts));

export const markGivenUp = (
  db: Executor,
  id: number,
  attempts: number,
  status: 'failed' | 'cancelled',
  error: string,
) =>
  db
    .update(smsOutbox)
    .set({
      status,
      leaseUntil: null,
      lastError: error.slice(0, 300),
      body: forgetCode,
      updatedAt: sql`now()`,
    })
    .where(stillClaimed(id, attempts));

/**
 * A delivery report (MSG-8): moves a sent message forward to delivered or failed, never back,
 * and touches nothing but that row. Unknown ids change nothing.
 */
export async function recordDeliveryReport(
  db: Executor,
  providerId: string,
  report: { outcome: 'delivered' | 'failed'; status: string },
) {
  const { outcome } = report;
  await db
    .update(smsOutbox)
    .set({
      status: outcome,
      ...(outcome === 'delivered' ? { deliveredAt: sql`now()` } : {}),
      // Staff see why beside the failed text (MSG-10): the provider's own word.
      ...(outcome === 'failed'
        ? { lastError: `Not delivered: the provider reported ${report.status}` }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(smsOutbox.providerId, providerId),
        // 'sending': the report can outrun our own write of the provider's answer.
        inArray(smsOutbox.status, ['sending', 'sent']),
      ),
    );
}

const logColumns = {
  id: smsOutbox.id,
  kind: smsOutbox.kind,
  status: smsOutbox.status,
  recipient: smsOutbox.recipient,
  body: smsOutbox.body,
  bookingId: smsOutbox.bookingId,
  userId: smsOutbox.userId,
  attempts: smsOutbox.attempts,
  lastError: smsOutbox.lastError,
  dueAt: smsOutbox.dueAt,
  sentAt: smsOutbox.sentAt,
  deliveredAt: smsOutbox.deliveredAt,
  createdAt: smsOutbox.createdAt,
  bookingCode: bookings.bookingCode,
};
export type MessageLogRow = Awaited<ReturnType<typeof listBookingMessages>>[number];

/** The staff console's log (newest first, at most `limit`). */
export const listBookingMessages = (db: Executor, bookingId: number, limit = 100) =>
  db
    .select(logColumns)
    .from(smsOutbox)
    .leftJoin(bookings, eq(bookings.id, smsOutbox.bookingId))
    .where(eq(smsOutbox.bookingId, bookingId))
    .orderBy(desc(smsOutbox.id))
    .limit(limit);

/**
 * A customer's messages: those about their bookings, found through the bookings
 * (bookings_user_id_created_idx, then sms_outbox_booking_id_idx), and the others (codes)
 * through sms_outbox_user_unbooked_idx, which holds only rows with no booking (decision 015).
 */
export async function listUserMessages(db: Executor, userId: number, limit = 100) {
  const [aboutBookings, others] = await Promise.all([
    db
      .select(logColumns)
      .from(bookings)
      .innerJoin(smsOutbox, eq(smsOutbox.bookingId, bookings.id))
      .where(and(eq(bookings.userId, userId), eq(smsOutbox.userId, userId)))
      .orderBy(desc(smsOutbox.id))
      .limit(limit),
    db
      .select(logColumns)
      .from(smsOutbox)
      .leftJoin(bookings, eq(bookings.id, smsOutbox.bookingId))
      .where(and(eq(smsOutbox.userId, userId), isNull(smsOutbox.bookingId)))
      .orderBy(desc(smsOutbox.id))
      .limit(limit),
  ]);
  return [...aboutBookings, ...others].sort((a, b) => b.id - a.id).slice(0, limit);
}

/** Failed messages, newest first, by keyset (`before` is the last id of the previous page). */
export const listFailedMessages = (
  db: Executor,
  limit: number,
  before?: number,
  branchIds: readonly number[] | null = null,
) =>
  db
    .select(logColumns)
    .from(smsOutbox)
    .leftJoin(bookings, eq(bookings.id, smsOutbox.bookingId))
    .where(
      and(
        eq(smsOutbox.status, 'failed'),
        before ? lt(smsOutbox.id, before) : undefined,
        // A manager sees the texts about their branches' bookings (ROLE-5).
        branchIds ? inArray(bookings.branchId, [...branchIds, -1]) : undefined,
      ),
    )
    .orderBy(desc(smsOutbox.id))
    .limit(limit);

export const findMessage = async (db: Executor, id: number) =>
  (
    await db
      .select(logColumns)
      .from(smsOutbox)
      .leftJoin(bookings, eq(bookings.id, smsOutbox.bookingId))
      .where(eq(smsOutbox.id, id))
  )[0];

/** Staff's resend: a new queued copy, due now; the original stays as it was (MSG-10). */
export async function requeueCopy(db: Executor, id: number) {
  const [copy] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into sms_outbox (kind, booking_id, user_id, recipient, body)
      select kind, booking_id, user_id, recipient, body from sms_outbox where id = ${id}
      returning id`),
  );
  outboxSignal.pending = true;
  return copy?.id;
}

/** A rental's id from its code (the console's booking page is addressed by code). */
export const findRentalIdByCode = async (db: Executor, code: string) =>
  (
    await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.bookingCode, code), eq(bookings.kind, 'rental')))
  )[0]?.id;
