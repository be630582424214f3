import { addDays, todayInAccra } from '../../../shared/dates';
import { pesewasToCedis } from '../../../shared/money';
import type { AdminDashboardResponse } from '../../../shared/schemas/console';
import type { Database } from '../../db/client';
import type { StaffAccess } from '../auth/staff-access';
import { pendingDocumentCount } from '../documents/documents.repository';
import { toAdminBookingSummary } from '../bookings/booking-summary-mapper';
import {
  awaitingCashBy,
  depositFigures,
  flaggedPayments,
  fleetUtilisation,
  paymentsByDay,
  pickupsOn,
  returnsDueBy,
  smsSentOn,
} from './admin-dashboard.repository';

/** Lists on the dashboard are short by design; the bookings page has the rest. */
const LIST_LIMIT = 50;

/** First and last day of the month of a 'YYYY-MM-DD' date. */
export function monthOf(date: string) {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const start = `${date.slice(0, 7)}-01`;
  const end = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { month: date.slice(0, 7), start, end };
}

/** Today's work for staff, and how the fleet and the takings are doing this month and last. */
export async function buildDashboard(
  db: Database,
  today = todayInAccra(),
  staff: Pick<StaffAccess, 'role' | 'branchIds'> = { role: 'owner', branchIds: null },
): Promise<AdminDashboardResponse> {
  const thisMonth = monthOf(today);
  const lastMonth = monthOf(addDays(thisMonth.start, -1));
  const { branchIds } = staff;
  // The company's figures (fleet use, takings, deposits, the SMS bill) are the owner's
  // (ROLE-7); a manager or an agent gets the day's work at their branches.
  const owner = staff.role === 'owner';
  const none = Promise.resolve(null);

  const [
    pickups,
    returns,
    awaitingCash,
    flagged,
    usage,
    byDay,
    deposits,
    documentsWaiting,
    smsToday,
  ] = await Promise.all([
    pickupsOn(db, today, LIST_LIMIT, branchIds),
    returnsDueBy(db, today, LIST_LIMIT, branchIds),
    awaitingCashBy(db, today, LIST_LIMIT, branchIds),
    flaggedPayments(db, LIST_LIMIT, branchIds),
    owner ? fleetUtilisation(db, thisMonth.start, thisMonth.end) : none,
    owner ? paymentsByDay(db, lastMonth.start, today) : none,
    owner ? depositFigures(db, thisMonth.start, today) : none,
    // DOC-8: counted over customer_documents_pending_idx, the queue's own partial index.
    pendingDocumentCount(db, branchIds),
    owner ? smsSentOn(db, today) : none,
  ]);

  const daily: { date: string; amount: number }[] = [];
  const totals = { this: { amount: 0, payments: 0 }, last: { amount: 0, payments: 0 } };
  for (let day = lastMonth.start; byDay && day <= today; day = addDays(day, 1)) {
    const found = byDay.get(day) ?? { amount: 0, count: 0 };
    daily.push({ date: day, amount: pesewasToCedis(found.amount) });
    const bucket = day >= thisMonth.start ? totals.this : totals.last;
    bucket.amount += found.amount;
    bucket.payments += found.count;
  }

  return {
    today,
    pickups: pickups.map(toAdminBookingSummary),
    returns: returns.map(toAdminBookingSummary),
    needs_action: {
      awaiting_cash: awaitingCash.map(toAdminBookingSummary),
      flagged_payments: flagged.map((row) => ({
        ...toAdminBookingSummary(row),
        flagged_reason: row.flaggedReason!,
        payment_reference: row.reference,
      })),
    },
    documents_waiting: documentsWaiting,
    sms_today: smsToday,
    utilisation: usage && { month: thisMonth.month, ...usage },
    revenue: byDay && {
      this_month: {
        month: thisMonth.month,
        amount: pesewasToCedis(totals.this.amount),
        payments: totals.this.payments,
      },
      last_month: {
        month: lastMonth.month,
        amount: pesewasToCedis(totals.last.amount),
        payments: totals.last.payments,
      },
      daily,
    },
    deposits: deposits && {
      month: thisMonth.month,
      held_now: pesewasToCedis(deposits.heldPesewas),
      held_count: deposits.heldCount,
      returned: pesewasToCedis(deposits.returnedPesewas),
      kept: pesewasToCedis(deposits.keptPesewas),
      returns: deposits.returns,
    },
  };
}
