import { messages } from '../../../shared/messages';
import type { PendingSignInResponse } from '../../../shared/schemas/auth';
import type { Database, Executor } from '../../db/client';
import { HttpError } from '../../http-errors';
import { attachCode, createTicket, redeemTicket, type TicketRow } from './auth-tickets';
import * as repo from './auth.repository';
import { codeRefused, type CodeIssue } from './code-refusal';
import {
  authenticatorSetup,
  confirmAuthenticator,
  redeemRecoveryCode,
  redeemTotpCode,
  secondStepOf,
  startAuthenticatorSetup,
} from './staff-second-step';

/**
 * A sign-in whose password was right but that needs a second step before the session starts:
 * a renter past the number's limit (ACCT-17), with a code by SMS, and every staff sign-in
 * (ACCT-22), with an authenticator code or a code by SMS. The device gets a ticket whose
 * `method` says how the step is proved; the step is finished with the ticket and the proof
 * (decisions 029 and 032).
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
  message: string = messages.login.codeSent,
): Promise<{ step: 'code'; ticket: string; message: string }> {
  const issued = await issueCode();
  if (!issued.sent) throw codeRefused(issued);
  const { ticket, id } = await createTicket(db, {
    purpose: 'login',
    userId: user.id,
    msisdn: user.msisdn,
  });
  await attachCode(db, id, issued.codeId);
  return { step: 'code', ticket, message };
}

/**
 * A staff member's second step (ACCT-22): by SMS when the account says so; else a code from
 * their authenticator app; else, the first time, the authenticator's setup (a QR code whose
 * first code confirms it, ACCT-24).
 */
export async function startStaffSignIn(
  db: Database,
  user: repo.UserRow,
  issueCode: () => Promise<CodeIssue>,
): Promise<PendingSignInResponse> {
  const second = await secondStepOf(db, user.id);
  if (second.method === 'sms') {
    const started = await startPendingSignIn(db, user, issueCode, messages.login.staffCodeSent);
    return { ...started, method: 'sms' };
  }
  if (second.authenticatorReady) {
    const { ticket } = await createTicket(db, {
      purpose: 'login',
      method: 'totp',
      userId: user.id,
      msisdn: user.msisdn,
    });
    return { step: 'code', method: 'totp', ticket, message: messages.login.staffAuthenticator };
  }
  const secret = await startAuthenticatorSetup(db, user.id);
  const { ticket } = await createTicket(db, {
    purpose: 'login',
    method: 'totp_setup',
    userId: user.id,
    msisdn: user.msisdn,
  });
  return {
    step: 'setup',
    ticket,
    message: messages.login.staffSetup,
    ...authenticatorSetup(secret, user.msisdn),
  };
}

type StaffProof = { kind: 'totp' } | { kind: 'recovery' } | { kind: 'setup'; codes: string[] };

/**
 * What the ticket's method accepts besides the SMS code: an authenticator code, a recovery
 * code in its place (ACCT-25), or the first code of an authenticator being set up.
 */
async function staffProof(
  tx: Executor,
  row: TicketRow & { userId: number },
  typed: string,
): Promise<StaffProof | null> {
  if (row.method === 'totp_setup') {
    const codes = await confirmAuthenticator(tx, row.userId, typed);
    return codes ? { kind: 'setup', codes } : null;
  }
  if (row.method === 'totp' && (await redeemTotpCode(tx, row.userId, typed))) {
    return { kind: 'totp' };
  }
  return (await redeemRecoveryCode(tx, row.userId, typed)) ? { kind: 'recovery' } : null;
}

/**
 * Finishes the second step: the user whose step it was, and the recovery codes when it
 * confirmed an authenticator. An SMS code marks the number verified (the code went to it).
 * A wrong code → 422 on `code` (five end the ticket); a ticket that is unknown, used,
 * expired or out of tries → 422 on `ticket`.
 */
export async function finishPendingSignIn(
  db: Database,
  ticket: string,
  code: string,
): Promise<{ user: repo.UserRow; recoveryCodes?: string[] }> {
  let user: repo.UserRow | undefined;
  let recoveryCodes: string[] | undefined;
  const outcome = await redeemTicket<StaffProof>(
    db,
    'login',
    ticket,
    code,
    async (tx, row, other) => {
      user =
        other === null
          ? await repo.markPhoneVerified(tx, row.userId)
          : await repo.findUserById(tx, row.userId);
      if (other?.kind === 'setup') recoveryCodes = other.codes;
    },
    staffProof,
  );
  if (outcome === 'ended') throw ticketEnded();
  if (outcome === 'wrong' || !user) {
    throw new HttpError(422, messages.phone.codeWrong, { code: [messages.phone.codeWrong] });
  }
  return { user, recoveryCodes };
}
