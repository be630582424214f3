import type { ForgotPasswordInput, ResetPasswordInput } from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

/** ACCT-13: always 202 with the same message, whether or not the number has an account. */
export async function requestPasswordReset(input: ForgotPasswordInput): Promise<string> {
  const { message } = await apiRequest<{ message: string }>('/auth/password/forgot', {
    method: 'POST',
    body: input,
    skipUnauthorizedHandler: true,
  });
  return message;
}

/** ACCT-13: a new password with the code; every session of the account ends. */
export async function resetPassword(input: ResetPasswordInput): Promise<string> {
  const { message } = await apiRequest<{ message: string }>('/auth/password/reset', {
    method: 'POST',
    body: input,
    skipUnauthorizedHandler: true,
  });
  return message;
}
