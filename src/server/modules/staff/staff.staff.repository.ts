import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { StaffRole } from '../../../shared/constants';
import type { StaffMember } from '../../../shared/schemas/staff-accounts';
import type { Executor } from '../../db/client';
import { bookings, branches, staffBranches, users } from '../../db/schema/index';

/** Staff accounts as the owner manages them (STAFF-37 to STAFF-43). */

const memberColumns = {
  id: users.id,
  name: users.name,
  msisdn: users.msisdn,
  role: users.staffRole,
  deactivatedAt: users.deactivatedAt,
  createdAt: users.createdAt,
  // A handful of staff, each with their sessions indexed by user: cheap enough to list.
  // Written out: inside the subquery a bare "id" would be the session's.
  lastSignInAt: sql<
    string | Date | null
  >`(select max(s.created_at) from sessions s where s.user_id = "users"."id")`,
};

type MemberRow = {
  id: number;
  name: string;
  msisdn: string;
  role: StaffRole | null;
  deactivatedAt: Date | null;
  createdAt: Date;
  lastSignInAt: string | Date | null;
};

const iso = (value: string | Date | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

async function withBranches(db: Executor, rows: MemberRow[]): Promise<StaffMember[]> {
  const ids = rows.map((r) => r.id);
  const links = ids.length
    ? await db
        .select({ userId: staffBranches.userId, id: branches.id, name: branches.name })
        .from(staffBranches)
        .innerJoin(branches, eq(branches.id, staffBranches.branchId))
        .where(inArray(staffBranches.userId, ids))
        .orderBy(asc(branches.name))
    : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    msisdn: row.msisdn,
    role: row.role ?? 'owner',
    // An owner works at every branch: rows left over from an earlier role mean nothing.
    branches:
      row.role === 'owner'
        ? []
        : links.filter((l) => l.userId === row.id).map(({ id, name }) => ({ id, name })),
    deactivated_at: iso(row.deactivatedAt),
    last_sign_in_at: iso(row.lastSignInAt),
    created_at: iso(row.createdAt)!,
  }));
}

/** Every staff account: the active ones first, owners, managers, then agents, by name. */
export async function listStaffMembers(db: Executor): Promise<StaffMember[]> {
  const rows = await db
    .select(memberColumns)
    .from(users)
    .where(eq(users.role, 'staff'))
    .orderBy(
      sql`${users.deactivatedAt} is not null`,
      sql`array_position(array['owner','manager','agent'], ${users.staffRole})`,
      asc(users.name),
      asc(users.id),
    );
  return withBranches(db, rows);
}

/** One staff account, or undefined (a renter's id is no staff member). */
export async function findStaffMember(db: Executor, id: number) {
  const rows = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'staff')))
    .limit(1);
  return rows.length ? (await withBranches(db, rows))[0] : undefined;
}

/** The ids among `ids` that are branches. */
export async function existingBranchIds(db: Executor, ids: readonly number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(inArray(branches.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export const findAccountByMsisdn = async (db: Executor, msisdn: string) =>
  (
    await db
      .select({ id: users.id, role: users.role, name: users.name })
      .from(users)
      .where(eq(users.msisdn, msisdn))
      .limit(1)
  )[0];

/** Whether this account ever booked a car (a renter who did is not made staff, STAFF-39). */
export const hasBookings = async (db: Executor, userId: number) =>
  (await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, userId)).limit(1))
    .length > 0;

/**
 * A new staff account with a password nobody knows (`passwordHash` of random bytes): the
 * person sets their own with the reset every account has (ACCT-13), which also proves the
 * number is theirs.
 */
export const insertStaffMember = async (
  db: Executor,
  values: { name: string; msisdn: string; role: StaffRole; passwordHash: string },
) =>
  (
    await db
      .insert(users)
      .values({
        name: values.name,
        msisdn: values.msisdn,
        role: 'staff',
        staffRole: values.role,
        passwordHash: values.passwordHash,
      })
      .returning({ id: users.id })
  )[0]!.id;

/** A renter's account made staff: their password and verified number stay theirs. */
export const promoteRenter = (db: Executor, id: number, role: StaffRole, name: string) =>
  db
    .update(users)
    .set({ role: 'staff', staffRole: role, name, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.role, 'renter')))
    .returning({ id: users.id });

export async function replaceStaffBranches(db: Executor, userId: number, ids: readonly number[]) {
  await db.delete(staffBranches).where(eq(staffBranches.userId, userId));
  if (ids.length)
    await db.insert(staffBranches).values(ids.map((branchId) => ({ userId, branchId })));
}

export const updateStaffRow = (
  db: Executor,
  id: number,
  values: { name?: string; staffRole?: StaffRole },
) =>
  db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.role, 'staff')));

/** Switches an active account off; false when it was off already (or is no staff account). */
export const deactivateStaffRow = async (db: Executor, id: number) =>
  (
    await db
      .update(users)
      .set({ deactivatedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), eq(users.role, 'staff'), isNull(users.deactivatedAt)))
      .returning({ id: users.id })
  ).length > 0;

export const reactivateStaffRow = async (db: Executor, id: number) =>
  (
    await db
      .update(users)
      .set({ deactivatedAt: null, updatedAt: sql`now()` })
      .where(
        and(eq(users.id, id), eq(users.role, 'staff'), sql`${users.deactivatedAt} is not null`),
      )
      .returning({ id: users.id })
  ).length > 0;

/**
 * How many active owners there are besides `exceptId`. Every active owner's row is locked until
 * the transaction ends, the one being changed included: of two owners switching each other off
 * at once, the second waits, sees the first's change, and is refused (STAFF-42).
 */
export async function countOtherActiveOwners(db: Executor, exceptId: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'staff'), eq(users.staffRole, 'owner'), isNull(users.deactivatedAt)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.filter((r) => r.id !== exceptId).length;
}
