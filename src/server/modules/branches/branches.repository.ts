import { asc } from 'drizzle-orm';
import type { Branch, BranchSummary } from '../../../shared/schemas/branches';
import type { Executor } from '../../db/client';
import { branches } from '../../db/schema/index';

export type BranchRow = typeof branches.$inferSelect;

/** The columns renters see of a branch, for joins (BRANCH-1). */
export const branchColumns = {
  id: branches.id,
  name: branches.name,
  town: branches.town,
  address: branches.address,
  phone: branches.phone,
  opens: branches.opens,
  closes: branches.closes,
  isAirport: branches.isAirport,
};
export type BranchFacts = Pick<BranchRow, keyof typeof branchColumns>;

export const findBranches = (db: Executor) =>
  db.select(branchColumns).from(branches).orderBy(asc(branches.id));

export const toApiBranch = (b: BranchFacts): Branch => ({
  id: b.id,
  name: b.name,
  town: b.town,
  address: b.address,
  phone: b.phone,
  opens: b.opens,
  closes: b.closes,
  is_airport: b.isAirport,
});

export const toBranchSummary = (b: Pick<BranchRow, 'id' | 'name' | 'town'>): BranchSummary => ({
  id: b.id,
  name: b.name,
  town: b.town,
});
