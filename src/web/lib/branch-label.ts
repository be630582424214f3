import type { BranchSummary } from '../../shared/schemas/branches';

/**
 * How a branch is named on cards, details, history and receipts (BRANCH-2, BRANCH-3): its
 * name with its town, unless the name says the town already ('Kumasi office').
 */
export const branchLabel = (branch: Pick<BranchSummary, 'name' | 'town'>) =>
  branch.name.toLowerCase().includes(branch.town.toLowerCase())
    ? branch.name
    : `${branch.name}, ${branch.town}`;
