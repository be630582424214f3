import type { Branch, BranchSummary } from '../../../../shared/schemas/branches';

/** 'East Legon office, Accra': how a branch is named on cards, history and receipts (BRANCH-2). */
export const branchLabel = (branch: BranchSummary) =>
  branch.name.toLowerCase().includes(branch.town.toLowerCase())
    ? branch.name
    : `${branch.name}, ${branch.town}`;

const isFull = (branch: Branch | BranchSummary): branch is Branch => 'address' in branch;

/**
 * Where a car is picked up and returned (BRANCH-2, BRANCH-3): name and town, and when known
 * the address, opening hours and phone. `hoursId` lets a time field point at the hours.
 */
export function BranchFacts({
  branch,
  hoursId,
}: {
  branch: Branch | BranchSummary;
  hoursId?: string;
}) {
  return (
    <div className="branch-facts">
      <p className="branch-facts-name">{branchLabel(branch)}</p>
      {isFull(branch) && (
        <>
          <p className="branch-facts-line">{branch.address}</p>
          <p className="branch-facts-line" id={hoursId}>
            Open {branch.opens}–{branch.closes}
          </p>
          <p className="branch-facts-line">
            <a href={`tel:${branch.phone.replace(/\s+/g, '')}`}>{branch.phone}</a>
          </p>
        </>
      )}
    </div>
  );
}
