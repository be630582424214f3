import { useStaffCan } from '../../../lib/console/use-staff-can';
import { Link, useLocation } from '../../../lib/router';
import { formatPhoneNumber } from '../../../../shared/phone';
import type { AdminBranchListItem } from '../../../../shared/schemas/branches.staff';
import { usePageTitle } from '../../../lib/use-page-title';
import { adminPaths } from '../../../config/admin-paths';
import { useBranches } from '../../../lib/console/console-queries';
import { PlusIcon } from '../../../components/console/admin-icons';
import { plural } from '../../../components/console/admin-labels';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { DataTable, type Column } from '../../../components/console/data-table';
import { EmptyState, ErrorState, LoadingState } from '../../../components/console/states';
import './branches.css';

/**
 * The table; a branch's name opens its edit page only for someone who may edit that branch:
 * the owner, or a manager at one of theirs (ROLE-5, ROLE-8).
 */
const columnsFor = (
  editable: (branch: AdminBranchListItem) => boolean,
): Column<AdminBranchListItem>[] => [
  {
    key: 'branch',
    header: 'Branch',
    card: 'title',
    cell: (branch) => (
      <span className="branch-cell">
        {editable(branch) ? (
          <Link to={adminPaths.adminBranch.getHref(branch.id)} className="row-link">
            {branch.name}
          </Link>
        ) : (
          <strong>{branch.name}</strong>
        )}
        <span className="muted">{branch.address}</span>
      </span>
    ),
  },
  {
    key: 'kind',
    header: 'Kind',
    card: 'badge',
    cell: (branch) =>
      branch.is_airport ? (
        <span className="badge badge-amber">Airport</span>
      ) : (
        <span className="badge badge-grey">Office</span>
      ),
  },
  { key: 'town', header: 'Town', cell: (branch) => branch.town },
  {
    key: 'hours',
    header: 'Open',
    cell: (branch) => (
      <span className="nowrap">
        {branch.opens}–{branch.closes}
      </span>
    ),
  },
  {
    key: 'phone',
    header: 'Phone',
    // Written as the renters' pages write it (BranchFacts): '+233 30 290 0100'.
    cell: (branch) => <span className="nowrap">{formatPhoneNumber(branch.phone)}</span>,
  },
  {
    key: 'cars',
    header: 'Cars on offer',
    numeric: true,
    cell: (branch) => (
      <Link
        to={`${adminPaths.adminCars.getHref()}?branch_id=${branch.id}`}
        aria-label={`${plural(branch.car_count, 'car')} on offer at ${branch.name}`}
      >
        {branch.car_count}
      </Link>
    ),
  },
];

/** /admin/branches: the pickup places (STAFF-10). */
export function BranchesPage() {
  usePageTitle('Branches · Staff');
  const can = useStaffCan();
  const list = useBranches();
  const notice = (useLocation().state as { notice?: string } | null)?.notice ?? null;

  let content;
  if (list.isPending) content = <LoadingState label="Loading branches…" />;
  else if (list.isError)
    content = (
      <ErrorState
        title="Couldn't load the branches"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  else if (list.data.length === 0)
    content = (
      <EmptyState title="No branches yet">
        <p className="muted">Add the first place where renters pick cars up.</p>
      </EmptyState>
    );
  else
    content = (
      <DataTable
        caption="Branches"
        columns={columnsFor((branch) => branch.yours && can('PUT /api/admin/branches/:id'))}
        rows={list.data}
        rowKey={(branch) => branch.id}
      />
    );

  return (
    <>
      <AdminPageHeader
        title="Branches"
        lead={
          list.data
            ? `${plural(list.data.length, 'branch', 'branches')}: where renters pick cars up and return them`
            : 'Where renters pick cars up and return them'
        }
        actions={
          // Opening a branch is the owner's (ROLE-3).
          can('POST /api/admin/branches') && (
            <Link to={adminPaths.adminBranchNew.getHref()} className="btn btn-primary">
              <PlusIcon size={18} />
              Add a branch
            </Link>
          )
        }
      />
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      {content}
    </>
  );
}
