import type { Branch, BranchSummary } from '../../../../shared/schemas/branches';
import { formatPhoneNumber } from '../../../../shared/phone';
import { branchLabel } from '../../../lib/branch-label';

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
            <a href={`tel:${branch.phone.replace(/\s+/g, '')}`}>
              {formatPhoneNumber(branch.phone)}
            </a>
          </p>
        </>
      )}
    </div>
  );
}
