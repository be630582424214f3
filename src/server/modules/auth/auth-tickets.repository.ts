import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { authTickets, phoneCodes } from '../../db/schema/index';

export type TicketPurpose = (typeof authTickets.$inferSelect)['purpose'];
export type TicketRow = typeof authTickets.$inferSelect;
export type TicketMethod = TicketRow['method'];

export const insertTicket = async (
  db: Executor,
  values: {
    ticketHash: string;
    purpose: TicketPurpose;
    method?: TicketMethod;
    userId: number | null;
    msisdn: string;
    codeId: number | null;
    ttlSeconds: number;
  },
) =>
  (
    await db
      .insert(authTickets)
      .values({
        ticketHash: values.ticketHash,
        purpose: values.purpose,
        method: values.method ?? 'sms',
        userId: values.userId,
        msisdn: values.msisdn,
        codeId: values.codeId,
        expiresAt: sql`now() + make_interval(secs => ${values.ttlSeconds})`,
      })
      .returning({ id: authTickets.id })
  )[0]!.id;

/** The code sent for the ticket, once it is known (null: none was sent). */
export const setTicketCode = (db: Executor, ticketId: number, codeId: number | null) =>
  db.update(authTickets).set({ codeId }).where(eq(authTickets.id, ticketId));

/** Seconds since the last ticket of this purpose for the number, known or not (LIMIT-9). */
export async function secondsSinceLastTicket(
  db: Executor,
  msisdn: string,
  purpose: TicketPurpose,
): Promise<number | null> {
  const result = await db.execute(sql`
    select extract(epoch from now() - max(${authTickets.createdAt}))::float8 as since_last
    from ${authTickets}
    where ${authTickets.msisdn} = ${msisdn} and ${authTickets.purpose} = ${purpose}
      and ${authTickets.createdAt} > now() - interval '1 hour'`);
  const since = rowsOf<{ since_last: number | null }>(result)[0]?.since_last ?? null;
  return since === null ? null : Number(since);
}

/** A live ticket of this purpose (not ended, not expired), locked until the transaction ends. */
export const findLiveTicketForUpdate = async (
  db: Executor,
  ticketHash: string,
  purpose: TicketPurpose,
) =>
  (
    await db
      .select()
      .from(authTickets)
      .where(
        and(
          eq(authTickets.ticketHash, ticketHash),
          eq(authTickets.purpose, purpose),
          isNull(authTickets.endedAt),
          gt(authTickets.expiresAt, sql`now()`),
        ),
      )
      .limit(1)
      .for('update')
  )[0];

/** The ticket's code if it can still be used (not ended by use, not expired). */
export const findOpenCode = async (db: Executor, codeId: number) =>
  (
    await db
      .select()
      .from(phoneCodes)
      .where(
        and(
          eq(phoneCodes.id, codeId),
          isNull(phoneCodes.endedAt),
          gt(phoneCodes.expiresAt, sql`now()`),
        ),
      )
      .limit(1)
  )[0];

/** One more wrong try on the ticket; the last allowed one ends it. */
export const recordTicketWrongTry = (db: Executor, ticketId: number, maxWrongTries: number) =>
  db
    .update(authTickets)
    .set({
      wrongTries: sql`${authTickets.wrongTries} + 1`,
      endedAt: sql`case when ${authTickets.wrongTries} + 1 >= ${maxWrongTries} then now() end`,
    })
    .where(eq(authTickets.id, ticketId));

export const endTicket = (db: Executor, ticketId: number) =>
  db
    .update(authTickets)
    .set({ endedAt: sql`now()` })
    .where(eq(authTickets.id, ticketId));
