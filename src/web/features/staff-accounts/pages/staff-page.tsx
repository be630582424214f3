import { useState } from 'react';
import { formatMsisdn } from '../../../../shared/phone';
import type { CreateStaffInput, StaffMember } from '../../../../shared/schemas/staff-accounts';
import { PlusIcon } from '../../../components/console/admin-icons';
import { formatDateTime, plural } from '../../../components/console/admin-labels';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { ConfirmDialog } from '../../../components/console/confirm-dialog';
import { DataTable, type Column } from '../../../components/console/data-table';
import { errorMessage } from '../../../components/console/server-errors';
import { EmptyState, ErrorState, LoadingState } from '../../../components/console/states';
import { Dialog } from '../../../components/dialog';
import { useBranches } from '../../../lib/console/console-queries';
import { useSignedInUserQuery } from '../../../lib/signed-in-user-query';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  useAddStaffMember,
  useStaffMembers,
  useSwitchStaffMember,
  useUpdateStaffMember,
} from '../api/staff-accounts-api';
import { StaffMemberForm } from '../components/staff-member-form';
import { ROLE_BADGES, ROLE_LABELS } from '../components/staff-labels';
import './staff.css';

type Editing = { kind: 'add' } | { kind: 'edit'; member: StaffMember } | null;
type Switching = { member: StaffMember; action: 'deactivate' | 'reactivate' } | null;

/** /admin/staff: the owner's staff accounts (STAFF-37 to STAFF-43). */
export function StaffPage() {
  usePageTitle('Staff · Staff');
  const list = useStaffMembers();
  const branches = useBranches();
  const me = useSignedInUserQuery().data;
  const add = useAddStaffMember();
  const update = useUpdateStaffMember();
  const switcher = useSwitchStaffMember();
  const [editing, setEditing] = useState<Editing>(null);
  const [switching, setSwitching] = useState<Switching>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const save = async (input: CreateStaffInput) => {
    if (editing?.kind === 'edit') {
      const { msisdn: _unchanged, ...changes } = input;
      const done = await update.mutateAsync({ id: editing.member.id, input: changes });
      setNotice(done.message);
    } else {
      const done = await add.mutateAsync(input);
      setNotice(done.message);
    }
    setEditing(null);
  };

  const confirmSwitch = () => {
    if (!switching) return;
    switcher.mutate(
      { id: switching.member.id, action: switching.action },
      {
        onSuccess: (done) => {
          setNotice(done.message);
          setSwitching(null);
        },
      },
    );
  };

  const columns: Column<StaffMember>[] = [
    {
      key: 'name',
      header: 'Staff member',
      card: 'title',
      cell: (member) => (
        <span className="staff-cell">
          <strong>
            {member.name}
            {member.id === me?.id && <span className="muted"> (you)</span>}
          </strong>
          <span className="muted nowrap">{formatMsisdn(member.msisdn)}</span>
        </span>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      card: 'badge',
      cell: (member) => (
        <span className={ROLE_BADGES[member.role]}>{ROLE_LABELS[member.role]}</span>
      ),
    },
    {
      key: 'branches',
      header: 'Branches',
      cell: (member) =>
        member.role === 'owner'
          ? 'Every branch'
          : member.branches.map((branch) => branch.name).join(', '),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (member) =>
        member.deactivated_at ? (
          <span className="badge badge-red">Deactivated</span>
        ) : (
          <span className="badge badge-green">Active</span>
        ),
    },
    {
      key: 'last',
      header: 'Last sign-in',
      cell: (member) =>
        member.last_sign_in_at ? (
          <span className="nowrap">{formatDateTime(member.last_sign_in_at)}</span>
        ) : (
          <span className="muted">Never</span>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (member) => (
        <span className="staff-actions">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-label={`Edit ${member.name}`}
            onClick={() => setEditing({ kind: 'edit', member })}
          >
            Edit
          </button>
          {member.id !== me?.id &&
            (member.deactivated_at ? (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                aria-label={`Reactivate ${member.name}`}
                onClick={() => {
                  switcher.reset();
                  setSwitching({ member, action: 'reactivate' });
                }}
              >
                Reactivate
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                aria-label={`Deactivate ${member.name}`}
                onClick={() => {
                  switcher.reset();
                  setSwitching({ member, action: 'deactivate' });
                }}
              >
                Deactivate
              </button>
            ))}
        </span>
      ),
    },
  ];

  let content;
  if (list.isPending) content = <LoadingState label="Loading staff…" />;
  else if (list.isError)
    content = (
      <ErrorState
        title="Couldn't load the staff"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  else if (list.data.length === 0) content = <EmptyState title="No staff yet" />;
  else
    content = (
      <DataTable
        caption="Staff members"
        columns={columns}
        rows={list.data}
        rowKey={(member) => member.id}
      />
    );

  const active = list.data?.filter((member) => !member.deactivated_at).length;
  const formOpen = editing !== null;
  return (
    <>
      <AdminPageHeader
        title="Staff"
        lead={
          active === undefined
            ? 'Who can use the console, and where'
            : `${plural(active, 'active staff member', 'active staff members')}: who can use the console, and where`
        }
        actions={
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setNotice(null);
              setEditing({ kind: 'add' });
            }}
          >
            <PlusIcon size={18} />
            Add staff member
          </button>
        }
      />
      <div role="status">{notice && <p className="alert alert-success">{notice}</p>}</div>
      {content}

      <Dialog
        open={formOpen}
        title={editing?.kind === 'edit' ? `Edit ${editing.member.name}` : 'Add staff member'}
        onClose={() => setEditing(null)}
        closable={!add.isPending && !update.isPending}
      >
        {formOpen &&
          (branches.isError ? (
            <p className="alert alert-error" role="alert">
              Couldn't load the branches: {branches.error.message}
            </p>
          ) : (
            <StaffMemberForm
              key={editing.kind === 'edit' ? editing.member.id : 'new'}
              member={editing.kind === 'edit' ? editing.member : null}
              branches={branches.data ?? []}
              isSelf={editing.kind === 'edit' && editing.member.id === me?.id}
              pending={add.isPending || update.isPending}
              submitLabel={editing.kind === 'edit' ? 'Save changes' : 'Add staff member'}
              onSave={save}
              onCancel={() => setEditing(null)}
            />
          ))}
      </Dialog>

      <ConfirmDialog
        open={switching !== null}
        title={
          switching?.action === 'reactivate'
            ? `Reactivate ${switching.member.name}?`
            : `Deactivate ${switching?.member.name ?? ''}?`
        }
        confirmLabel={switching?.action === 'reactivate' ? 'Reactivate' : 'Deactivate'}
        tone={switching?.action === 'reactivate' ? 'primary' : 'danger'}
        pending={switcher.isPending}
        error={switcher.isError ? errorMessage(switcher.error) : null}
        onConfirm={confirmSwitch}
        onClose={() => setSwitching(null)}
      >
        {switching?.action === 'reactivate' ? (
          <p>They can sign in again with their password.</p>
        ) : (
          <p>
            They are signed out everywhere at once and cannot sign in until an owner reactivates the
            account. Their bookings and records stay.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
