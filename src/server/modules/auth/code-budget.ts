import { messages } from '../../../shared/messages';
import type { Executor } from '../../db/client';
import { HttpError } from '../../http-errors';
import { ownerTemplates } from '../messages/templates';
import { isSmsCountry, outsideSmsCountries } from '../sms/sms-countries';
import { defaultSmsBill, type SmsBill } from '../sms/sms.plugin';
import type { SendSms } from './auth.service';
import { countThrottledAttempt } from './auth.repository';
import { companyCodeStats, findActiveOwners, lockCodeBudget } from './code-budget.repository';

/**
 * The SMS bill's limits on codes (decision 028): the countries served (LIMIT-16) and the
 * company-wide hourly budget (LIMIT-18). The per-number limits are phone-codes.ts (LIMIT-9).
 */
export const CODE_BUDGET_WINDOW_SECONDS = 60 * 60;
/** login_throttles key marking that the owner was told in the current hour. */
const BUDGET_ALERT_KEY = 'code-budget-alert';

export { defaultSmsBill, type SmsBill };

/** 422 on `msisdn` for a number outside SMS_COUNTRIES (LIMIT-16). */
export function assertSmsCountry(msisdn: string, bill: SmsBill = defaultSmsBill): void {
  if (isSmsCountry(msisdn, bill.countries)) return;
  // The message itself too: send-code has no msisdn field to show it beside.
  const message = outsideSmsCountries(bill.countries);
  throw new HttpError(422, message, { msisdn: [message] });
}

export type BudgetVerdict =
  { allowed: true } | { allowed: false; reason: 'budget'; retryAfterSeconds: number };

/**
 * Whether the company may send one more code this hour (LIMIT-18), in the caller's
 * transaction and under a lock held until it ends, so processes together stay within it.
 * Past it every active owner is told, at most once an hour (the marker row is atomic across processes).
 */
export async function checkCodeBudget(
  tx: Executor,
  bill: SmsBill,
  sendSms: SendSms,
): Promise<BudgetVerdict> {
  await lockCodeBudget(tx);
  const used = await companyCodeStats(tx, CODE_BUDGET_WINDOW_SECONDS);
  if (used.count < bill.codeBudgetPerHour) return { allowed: true };
  const marker = await countThrottledAttempt(tx, BUDGET_ALERT_KEY, CODE_BUDGET_WINDOW_SECONDS);
  if (marker.count === 1) {
    for (const owner of await findActiveOwners(tx)) {
      await sendSms(
        tx,
        { to: owner.msisdn, body: ownerTemplates.code_budget_alert(bill.codeBudgetPerHour) },
        'code_budget_alert',
        owner.id,
      );
    }
  }
  return {
    allowed: false,
    reason: 'budget',
    retryAfterSeconds: Math.max(
      1,
      Math.ceil(CODE_BUDGET_WINDOW_SECONDS - (used.secondsSinceOldest ?? 0)),
    ),
  };
}

/** 503: the company's codes are spent for now; not the caller's doing (LIMIT-18). */
export function budgetSpent(retryAfterSeconds: number): HttpError {
  return new HttpError(
    503,
    messages.phone.codeBudgetSpent(Math.ceil(retryAfterSeconds / 60)),
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}
