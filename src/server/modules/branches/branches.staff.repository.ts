import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { BranchInput, BranchSummary } from '../../../shared/schemas/branches';
import type { AdminBranch } from '../../../shared/schemas/branches.staff';
import type { Executor } from '../../db/client';
import { branches, cars } from '../../db/schema/index';
import { type BranchRow, toApiBranch } from './branches.repository';

export const toAdminBranch = (row: BranchRow, carCount: number): AdminBranch => ({
  ...toApiBranch(row),
  car_count: carCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const branchValuesOf = (input: BranchInput) => ({
  name: input.name,
  town: input.town,
  address: input.address,
  phone: input.phone,
  opens: input.opens,
  closes: input.closes,
  isAirport: input.is_airport,
});

/** Cars on offer at each branch (retired cars stand nowhere a renter can book). */
const carCounts = (db: Executor, ids?: number[]) =>
  db
    .select({ branchId: cars.branchId, n: count() })
    .from(cars)
    .where(and(isNull(cars.retiredAt), ids ? inArray(cars.branchId, ids) : undefined))
    .groupBy(cars.branchId);

/** Every branch by name, each with its number of cars on offer. */
export async function listAdminBranches(db: Executor): Promise<AdminBranch[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(branches).orderBy(asc(branches.name), asc(branches.id)),
    carCounts(db),
  ]);
  const byBranch = new Map(counts.map((c) => [c.branchId, Number(c.n)]));
  return rows.map((row) => toAdminBranch(row, byBranch.get(row.id) ?? 0));
}

export async function loadAdminBranch(db: Executor, id: number): Promise<AdminBranch | undefined> {
  const row = (await db.select().from(branches).where(eq(branches.id, id)).limit(1))[0];
  if (!row) return undefined;
  const counted = await carCounts(db, [id]);
  return toAdminBranch(row, Number(counted[0]?.n ?? 0));
}

export const insertBranchRow = async (db: Executor, input: BranchInput) =>
  (await db.insert(branches).values(branchValuesOf(input)).returning())[0]!;

/** Every field of a branch; undefined when there is no such branch. */
export const updateBranchRow = async (db: Executor, id: number, input: BranchInput) =>
  (
    await db
      .update(branches)
      .set({ ...branchValuesOf(input), updatedAt: sql`now()` })
      .where(eq(branches.id, id))
      .returning()
  )[0];

/** Every car of a branch in the branch's new town (STAFF-34); the cars' trigger bumps the catalogue. */
export const moveBranchCarsTo = (db: Executor, branchId: number, town: string) =>
  db
    .update(cars)
    .set({ city: town, updatedAt: sql`now()` })
    .where(eq(cars.branchId, branchId));

/** Another branch already has this name, whatever its capitals and spaces (STAFF-10). */
export async function branchNameTaken(db: Executor, name: string, exceptId?: number) {
  const rows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(
      and(
        sql`lower(regexp_replace(${branches.name}, '\\s+', ' ', 'g')) = ${name.toLowerCase().replace(/\s+/g, ' ')}`,
        exceptId === undefined ? undefined : ne(branches.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The branches' short forms by id, for the cars that stand at them. */
export async function branchSummaries(
  db: Executor,
  ids: number[],
): Promise<Map<number, BranchSummary>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: branches.id, name: branches.name, town: branches.town })
    .from(branches)
    .where(inArray(branches.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

export const findBranchSummary = async (db: Executor, id: number) =>
  (await branchSummaries(db, [id])).get(id);
