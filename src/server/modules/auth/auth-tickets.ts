import { createHash, randomBytes } from 'node:crypto';
import type { Database, Executor } from '../../db/client';
import * as repo from './auth-tickets.repository';
import { endCode } from './auth.repository';
import { CODE_MAX_WRONG_TRIES, CODE_TTL_SECONDS, codeMatches, hashCode } from './phone-codes';

/**
 * Tickets (ACCT-13, ACCT-17): the device that starts a two-step action (a reset, a sign-in
 * past the number's limit) gets a ticket, and only the code sent for that ticket is checked
 * with it. Wrong tries count on the ticket, so someone who knows only the number spends
 * their own ticket's tries, never the owner's code.
 */
export type TicketPurpose = repo.TicketPurpose;
export type TicketRow = repo.TicketRow;
export type TicketMethod = repo.TicketMethod;

/** A ticket lives as long as its code (ACCT-11). */
export const TICKET_TTL_SECONDS = CODE_TTL_SECONDS;
/** Wrong codes that end a ticket, as for a code on its own. */
export const TICKET_MAX_WRONG_TRIES = CODE_MAX_WRONG_TRIES;

/** 32 random bytes, URL-safe: the ticket the device keeps. */
export const generateTicket = () => randomBytes(32).toString('base64url');

/** Only this digest is stored, so a copy of the table holds no ticket that could be used. */
export const hashTicket = (ticket: string) =>
  createHash('sha256').update(`ticket:${ticket}`).digest('hex');

/** A new ticket; the code sent for it is attached with `attachCode` once known. */
export const createTicket = async (
  db: Executor,
  values: { purpose: TicketPurpose; method?: TicketMethod; userId: number | null; msisdn: string },
) => {
  const ticket = generateTicket();
  const id = await repo.insertTicket(db, {
    ...values,
    ticketHash: hashTicket(ticket),
    codeId: null,
    ttlSeconds: TICKET_TTL_SECONDS,
  });
  return { ticket, id };
};

export const attachCode = repo.setTicketCode;
export const secondsSinceLastTicket = repo.secondsSinceLastTicket;

/**
 * Another proof than the code sent by SMS (a staff member's authenticator or recovery code,
 * decision 032): checked in the ticket's transaction, after the SMS code if there is one.
 * Answers what was proved (anything truthy, handed to `onMatch`), or null.
 */
export type OtherProof<T> = (
  tx: Executor,
  row: TicketRow & { userId: number },
  typed: string,
) => Promise<T | null>;

/**
 * Checks `typed` against the code sent for this ticket, or `otherProof`. `ended`: no such live
 * ticket of this purpose (unknown, used, expired or out of tries); `wrong`: counted on the
 * ticket, the fifth ends it; `ok`: code and ticket are used and `onMatch` runs in the same
 * transaction, with what `otherProof` proved (null when the SMS code matched).
 */
export async function redeemTicket<T = never>(
  db: Database,
  purpose: TicketPurpose,
  ticket: string,
  typed: string,
  onMatch: (tx: Executor, row: TicketRow & { userId: number }, other: T | null) => Promise<void>,
  otherProof?: OtherProof<T>,
): Promise<'ok' | 'wrong' | 'ended'> {
  return db.transaction(async (tx) => {
    const row = await repo.findLiveTicketForUpdate(tx, hashTicket(ticket), purpose);
    if (!row) return 'ended';
    const code = row.codeId === null ? undefined : await repo.findOpenCode(tx, row.codeId);
    const matches = code
      ? code.purpose === purpose && codeMatches(code.codeHash, code.msisdn, purpose, typed.trim())
      : // A ticket without a code (an unknown number) costs the same check and never matches.
        (hashCode(row.msisdn, purpose, typed.trim()), false);
    const other =
      !matches && otherProof && row.userId !== null
        ? await otherProof(tx, { ...row, userId: row.userId }, typed.trim())
        : null;
    if ((!(matches && code) && other === null) || row.userId === null) {
      await repo.recordTicketWrongTry(tx, row.id, TICKET_MAX_WRONG_TRIES);
      return 'wrong';
    }
    await repo.endTicket(tx, row.id);
    if (code) await endCode(tx, code.id);
    await onMatch(tx, { ...row, userId: row.userId }, other);
    return 'ok';
  });
}
