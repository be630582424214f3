import { sql, type SQL } from 'drizzle-orm';
import { normalizeBookingCode } from '../../shared/booking-code';
import { conversationMessages } from '../../shared/conversations';
import { documentMessages } from '../../shared/documents';
import { reviewMessages } from '../../shared/reviews';
import { adminMessages } from '../../shared/staff-messages';
import type { Executor } from '../db/client';
import { rowsOf } from '../db/client';
import { HttpError } from '../http-errors';
import type { StaffAccess } from '../modules/auth/staff-access';
import { users } from '../db/schema/index';
import type { BranchScope } from '../../shared/staff-permissions';

/**
 * Where a thing named in a staff route's path stands (ROLE-5): the branches it belongs to, or
 * `null` when it does not exist (the route answers its own 404) or belongs to no branch.
 *
 * A customer belongs to the branches of their bookings; one with no booking yet to none, so
 * any staff member may serve them. Their documents go with them. A text message goes with its
 * booking, else with its renter.
 */
type Kind = Exclude<BranchScope, 'company' | 'listed'>;

const customerBranches = (userId: SQL) =>
  sql`select distinct branch_id from bookings where user_id = ${userId}`;

function branchesQuery(kind: keyof UnionKeys<Kind>, value: string): SQL | null {
  const id = Number(value);
  const numeric = Number.isSafeInteger(id) && id > 0;
  switch (kind) {
    case 'booking':
      return sql`select branch_id from bookings where booking_code = ${normalizeBookingCode(value)}`;
    case 'car':
      return numeric ? sql`select branch_id from cars where id = ${id}` : null;
    case 'branch':
      return numeric ? sql`select id as branch_id from branches where id = ${id}` : null;
    case 'customer':
      return numeric ? customerBranches(sql`${id}`) : null;
    case 'document':
      return numeric
        ? customerBranches(sql`(select user_id from customer_documents where id = ${id})`)
        : null;
    case 'review':
      return numeric
        ? sql`select b.branch_id from reviews r join bookings b on b.id = r.booking_id where r.id = ${id}`
        : null;
    case 'conversation':
      // CONV-9: one with no branch yet (a renter with no booking) is anyone's.
      return numeric
        ? sql`select branch_id from conversations where id = ${id} and branch_id is not null`
        : null;
    case 'sms':
      return numeric
        ? sql`select b.branch_id from sms_outbox m join bookings b on b.id = m.booking_id where m.id = ${id}
              union
              select branch_id from bookings
               where user_id = (select user_id from sms_outbox where id = ${id} and booking_id is null)`
        : null;
  }
}

type UnionKeys<T> = { [K in T extends unknown ? keyof T : never]: true };

const NOT_FOUND: Record<keyof UnionKeys<Kind>, string> = {
  booking: adminMessages.bookingNotFound,
  car: adminMessages.carNotFound,
  branch: adminMessages.branchNotFound,
  customer: adminMessages.customerNotFound,
  document: documentMessages.notFound,
  review: reviewMessages.notFound,
  sms: adminMessages.messageNotFound,
  conversation: conversationMessages.notFound,
};

/**
 * Refuses, as not found, a manager or an agent reaching a thing outside their branches
 * (ROLE-5). The owner, and things that belong to no branch, pass without a query.
 */
export async function checkBranchScope(
  db: Executor,
  staff: StaffAccess,
  scope: Kind,
  params: Record<string, unknown>,
): Promise<void> {
  if (staff.branchIds === null) return;
  const [kind, param] = Object.entries(scope)[0] as [keyof UnionKeys<Kind>, string];
  const query = branchesQuery(kind, String(params[param] ?? ''));
  if (!query) return;
  const branches = rowsOf<{ branch_id: number }>(await db.execute(query)).map((r) => r.branch_id);
  if (branches.length === 0) return;
  if (!branches.some((b) => staff.branchIds!.includes(b)))
    throw new HttpError(404, NOT_FOUND[kind]);
}

/** Whether a car stands at one of the staff member's branches (a phone booking's car, ROLE-5). */
export async function carInScope(db: Executor, staff: StaffAccess, carId: number) {
  if (staff.branchIds === null) return true;
  const rows = rowsOf<{ branch_id: number }>(
    await db.execute(sql`select branch_id from cars where id = ${carId}`),
  );
  return rows.length === 0 || staff.branchIds.includes(rows[0]!.branch_id);
}

/**
 * A branch named in a staff member's request body (a car's branch) must be one of theirs
 * (ROLE-5): 422 on that field, as for any other value they may not choose.
 */
export function assertOwnBranch(staff: StaffAccess, branchId: number, field = 'branch_id') {
  if (staff.branchIds !== null && !staff.branchIds.includes(branchId))
    throw new HttpError(422, adminMessages.branchOutOfScope, {
      [field]: [adminMessages.branchOutOfScope],
    });
}

/**
 * A customer a manager or an agent may see (ROLE-5): one with a booking at their branches, or
 * with no booking yet (anyone may serve them).
 */
export const customerAtBranches = (branchIds: readonly number[]) =>
  sql`(exists (select 1 from bookings b where b.user_id = ${users.id} and b.branch_id in (${sql.join(
    [...branchIds.map((id) => sql`${id}`), sql`null`],
    sql`, `,
  )})) or not exists (select 1 from bookings b where b.user_id = ${users.id}))`;
