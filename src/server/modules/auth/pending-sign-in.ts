import { messages } from '../../../shared/messages';
import type { PendingSignInResponse } from '../../../shared/schemas/auth';
import type { Database } from '../../db/client';
import { HttpError } from '../../http-errors';
import { attachCode, createTicket, redeemTicket } from './auth-tickets';
import * as repo from './auth.repository';
import { codeRefused, type CodeIssue } from './code-refusal';

/**
 * A sign-in whose password was right but that needs a second step before the session starts
 * (ACCT-17): today past the number's limit (LIMIT-8), with a code by SMS. The device gets a
 * ticket; the step is finished with the ticket and the proof. Staff's second step (TOTP or SMS)
 * is meant to reuse this: a new `method` on the ticket, the same two calls (decision 029).
 */

export const ticketEnded = () =>
  new HttpError(422, messages.login.ticketEnded, { ticket: [messages.login.ticketEnded] });

/**
 * Starts the second step for a user whose password was right: sends a code (through
 * `issueCode`, which keeps the send limits) and answers the ticket the code is bound to.
 * The code could not be sent (a code a moment ago, too many this hour): 429 saying when,
 * as `send-code` does; the password was right, so this tells nothing new.
 */
export async function startPendingSignIn(
  db: Database,
  user: repo.UserRow,
  issueCode: () => Promise<CodeIssue>,
): Promise<PendingSignInResponse> {
  const issued = await issueCode();
  if (!issued.sent) throw codeRefused(issued);
  const { ticket, id } = await createTicket(db, {
    purpose: 'login',
    userId: user.id,
    msisdn: user.msisdn,
  });
  await attachCode(db, id, issued.codeId);
  return { step: 'code', ticket, message: messages.login.codeSent };
}

/**
 * Finishes the second step: the user whose code it was, their number now verified (the code
 * went to it). A wrong code → 422 on `code` (five end the ticket); a ticket that is unknown,
 * used, expired or out of tries → 422 on `ticket`.
 */
export async function finishPendingSignIn(
  db: Database,
  ticket: string,
  code: string,
): Promise<repo.UserRow> {
  let user: repo.UserRow | undefined;
  const outcome = await redeemTicket(db, 'login', ticket, code, async (tx, row) => {
    user = await repo.markPhoneVerified(tx, row.userId);
  });
  if (outcome === 'ended') throw ticketEnded();
  if (outcome === 'wrong' || !user) {
    throw new HttpError(422, messages.phone.codeWrong, { code: [messages.phone.codeWrong] });
  }
  return user;
}
