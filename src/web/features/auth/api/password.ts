import type {
  ForgotPasswordInput,
  ForgotPasswordResponse,
  ResetPasswordInput,
} from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { forgetResetTicket, keepResetTicket } from './reset-ticket';

/**
 * ACCT-13: 202 with the same message and a ticket, whether or not the number has an account.
 * The ticket is kept for this browser; the reset sends it (a 429 within the minute is thrown).
 */
export async function requestPasswordReset(input: ForgotPasswordInput): Promise<string> {
  const { message, ticket } = await apiRequest<ForgotPasswordResponse>('/auth/password/forgot', {
    method: 'POST',
    body: input,
    skipUnauthorizedHandler: true,
  });
  keepResetTicket(input.msisdn, ticket);
  return message;
}

/** ACCT-13: a new password with the ticket and its code; every session of the account ends. */
export async function resetPassword(input: ResetPasswordInput): Promise<string> {
  const { message } = await apiRequest<{ message: string }>('/auth/password/reset', {
    method: 'POST',
    body: input,
    skipUnauthorizedHandler: true,
  });
  forgetResetTicket();
  return message;
}
