import { useState } from 'react';
import { useNavigate, useParams } from '../../../lib/router';
import { usePageTitle } from '../../../lib/use-page-title';
import { adminPaths } from '../../../config/admin-paths';
import { useBranches } from '../../../lib/console/console-queries';
import { useSaveBranch } from '../api/fleet-api';
import { formatDateTime, plural } from '../../../components/console/admin-labels';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { BranchForm } from '../components/branch-form';
import { ErrorState, LoadingState } from '../../../components/console/states';
import './branches.css';

const back = { to: adminPaths.adminBranches.getHref(), label: 'Branches' };

function NewBranch() {
  usePageTitle('Add a branch · Staff');
  const save = useSaveBranch(null);
  const navigate = useNavigate();
  return (
    <>
      <AdminPageHeader
        title="Add a branch"
        lead="Renters can pick cars up here once a car stands at it."
        back={back}
      />
      <BranchForm
        branch={null}
        pending={save.isPending}
        submitLabel="Add branch"
        onSave={async (input) => {
          const branch = await save.mutateAsync(input);
          navigate(adminPaths.adminBranches.getHref(), {
            state: { notice: `${branch.name} added.` },
          });
        }}
      />
    </>
  );
}

function EditBranch({ id }: { id: number }) {
  // The list holds every branch (a handful): the page needs no request of its own.
  const list = useBranches();
  const save = useSaveBranch(id);
  const [saved, setSaved] = useState<string | null>(null);
  const branch = list.data?.find((b) => b.id === id);
  usePageTitle(branch ? `${branch.name} · Staff` : 'Branch · Staff');

  if (list.isPending) return <LoadingState label="Loading the branch…" />;
  if (list.isError) {
    return (
      <>
        <AdminPageHeader title="Branch" back={back} />
        <ErrorState
          title="Couldn't load this branch"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      </>
    );
  }
  if (!branch) return <BranchNotFound />;

  return (
    <>
      <AdminPageHeader
        title={branch.name}
        lead={`${branch.town} · ${plural(branch.car_count, 'car')} on offer · updated ${formatDateTime(branch.updated_at)}`}
        back={back}
      />
      {saved && (
        <p className="alert alert-success" role="status">
          {saved}
        </p>
      )}
      <BranchForm
        key={branch.id}
        branch={branch}
        pending={save.isPending}
        submitLabel="Save changes"
        onSave={async (input) => {
          setSaved(null);
          const updated = await save.mutateAsync(input);
          setSaved(`${updated.name} saved. Renters see the change at once.`);
        }}
      />
    </>
  );
}

function BranchNotFound() {
  return (
    <>
      <AdminPageHeader title="Branch not found" back={back} />
      <p className="muted">There is no branch at this address.</p>
    </>
  );
}

/** /admin/branches/new and /admin/branches/:id: one page, adding or editing (STAFF-10). */
export function BranchEditPage() {
  const { id } = useParams();
  if (id === undefined) return <NewBranch />;
  const branchId = Number(id);
  if (!Number.isInteger(branchId) || branchId < 1) return <BranchNotFound />;
  return <EditBranch key={branchId} id={branchId} />;
}
