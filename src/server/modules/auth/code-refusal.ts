import { messages } from '../../../shared/messages';
import { HttpError } from '../../http-errors';
import { budgetSpent } from './code-budget';

/** What sending a code came to: sent, or refused by a send limit (LIMIT-9) or the budget (LIMIT-18). */
export type CodeIssue =
  | { sent: true; codeId: number }
  | {
      sent: false;
      reason: 'too-soon' | 'hourly' | 'daily' | 'budget';
      retryAfterSeconds: number;
    };

/**
 * The one answer to a code that could not be sent, whichever step asked for it (send-code,
 * the sign-in's second step): 429 saying when for the number's own limits, 503 for the
 * company's budget, each with Retry-After.
 */
export function codeRefused(refusal: Extract<CodeIssue, { sent: false }>): HttpError {
  if (refusal.reason === 'budget') return budgetSpent(refusal.retryAfterSeconds);
  const seconds = refusal.retryAfterSeconds;
  const message =
    refusal.reason === 'too-soon'
      ? messages.phone.resendTooSoon(seconds)
      : refusal.reason === 'daily'
        ? messages.phone.tooManyCodesToday(Math.ceil(seconds / 3600))
        : messages.phone.tooManyCodes(Math.ceil(seconds / 60));
  return new HttpError(429, message, undefined, { 'Retry-After': String(seconds) });
}
