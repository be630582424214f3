import { useState } from 'react';
import { formatDate, timeInAccra, todayInAccra } from '../../../../shared/dates';
import { formatCedis, pesewasToCedis } from '../../../../shared/money';
import {
  AUDIT_ENTITY_KINDS,
  type AuditEntityKind,
  type AuditEvent,
} from '../../../../shared/schemas/audit';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { DataTable, type Column } from '../../../components/console/data-table';
import { FilterBar, FilterDate, FilterSelect } from '../../../components/console/filter-bar';
import { EmptyState, ErrorState, LoadingState } from '../../../components/console/states';
import { useUrlFilters } from '../../../components/console/use-url-filters';
import { adminPaths } from '../../../config/admin-paths';
import { ApiError } from '../../../lib/api-client';
import { downloadAuditCsv, useAuditStaff, useAuditTrail } from '../../../lib/console/audit-api';
import { Link } from '../../../lib/router';
import { usePageTitle } from '../../../lib/use-page-title';
import './audit.css';

const ENTITY_LABELS: Record<AuditEntityKind, string> = {
  booking: 'Booking',
  car: 'Car',
  maintenance_block: 'Maintenance block',
  branch: 'Branch',
  extra_prices: 'Extras’ prices',
  document: 'Document',
  review: 'Review',
  contact_message: 'Contact message',
  conversation: 'Conversation',
  sms: 'Text message',
  staff_account: 'Staff account',
  tax_settings: 'Tax settings',
};
const ENTITY_OPTIONS = AUDIT_ENTITY_KINDS.map((value) => ({ value, label: ENTITY_LABELS[value] }));
const ROLE_LABELS: Record<string, string> = { owner: 'Owner', manager: 'Manager', agent: 'Agent' };

const FILTER_KEYS = ['q', 'staff_id', 'entity', 'from', 'to'] as const;

/** 'pricePerDayPesewas' → 'price per day'; 'payment ABC' stays. */
const fieldLabel = (field: string) =>
  field
    .replace(/Pesewas$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && field.endsWith('Pesewas'))
    return formatCedis(pesewasToCedis(value));
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return whenOf(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const whenOf = (iso: string) => {
  const at = new Date(iso);
  return `${formatDate(todayInAccra(at))}, ${timeInAccra(at)}`;
};

function EntityCell({ event }: { event: AuditEvent }) {
  const label = `${ENTITY_LABELS[event.entity as AuditEntityKind] ?? event.entity} ${event.entity_id}`;
  const id = Number(event.entity_id);
  if (event.entity === 'booking')
    return <Link to={adminPaths.adminBooking.getHref(event.entity_id)}>{label}</Link>;
  if (event.entity === 'car' && id)
    return <Link to={adminPaths.adminCar.getHref(id)}>{label}</Link>;
  if (event.entity === 'branch' && id)
    return <Link to={adminPaths.adminBranch.getHref(id)}>{label}</Link>;
  return <>{label}</>;
}

/** Actions whose thing is new: its fields are shown as they were set, without 'before'. */
const NEW_THING_ACTIONS = new Set(['create', 'resend']);

function Changes({ event }: { event: AuditEvent }) {
  const entries = Object.entries(event.changes).sort(([a], [b]) => a.localeCompare(b));
  if (!entries.length) return <span className="muted">No fields changed</span>;
  // A new thing has nothing before, a deleted one nothing after: one value says it all.
  const created = NEW_THING_ACTIONS.has(event.action);
  const removed = entries.every(([, [, after]]) => after === null);
  return (
    <ul className="audit-changes">
      {entries.map(([field, [before, after]]) => (
        <li key={field}>
          <span className="audit-field">{fieldLabel(field)}</span>{' '}
          {created ? (
            formatValue(field, after)
          ) : removed ? (
            <span className="audit-before">{formatValue(field, before)}</span>
          ) : (
            <>
              <span className="audit-before">{formatValue(field, before)}</span>
              <span aria-hidden="true"> → </span>
              <span className="visually-hidden"> became </span>
              <span className="audit-after">{formatValue(field, after)}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

const columns: Column<AuditEvent>[] = [
  { key: 'when', header: 'When', card: 'title', cell: (e) => whenOf(e.at) },
  {
    key: 'who',
    header: 'Who',
    cell: (e) => (
      <>
        {e.staff.name} <span className="muted">({ROLE_LABELS[e.staff.role] ?? e.staff.role})</span>
      </>
    ),
  },
  {
    key: 'action',
    header: 'Action',
    card: 'badge',
    cell: (e) => <span className="badge">{e.action.replace(/_/g, ' ')}</span>,
  },
  { key: 'what', header: 'What', cell: (e) => <EntityCell event={e} /> },
  { key: 'changes', header: 'Changes', cell: (e) => <Changes event={e} /> },
  { key: 'reason', header: 'Reason', cell: (e) => e.reason ?? <span className="muted">—</span> },
];

/**
 * /admin/audit, the owner's (AUDIT-11): every staff write and every look at a renter's
 * document, newest first, filtered by who, what and when, with the same filter as CSV.
 */
export function AuditPage() {
  usePageTitle('Audit trail · Staff');
  const filters = useUrlFilters(FILTER_KEYS);
  const v = filters.values;
  const query = { entity_id: v.q, staff_id: v.staff_id, entity: v.entity, from: v.from, to: v.to };
  const trail = useAuditTrail(query);
  const staff = useAuditStaff();
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });

  const onDownload = async () => {
    setDownload({ busy: true, error: null });
    try {
      await downloadAuditCsv(query);
      setDownload({ busy: false, error: null });
    } catch (error) {
      setDownload({
        busy: false,
        error: error instanceof ApiError ? error.message : 'The download failed. Try again.',
      });
    }
  };

  const events = trail.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <>
      <AdminPageHeader
        title="Audit trail"
        lead="Every change staff made in the console, and every time staff opened a renter's document, newest first. Rows are never changed or deleted."
        actions={
          <button
            type="button"
            className="btn btn-outline"
            disabled={download.busy}
            onClick={() => void onDownload()}
          >
            {download.busy ? 'Preparing CSV…' : 'Download CSV'}
          </button>
        }
      />
      {download.error && (
        <p className="field-error" role="alert">
          {download.error}
        </p>
      )}
      <FilterBar
        searchLabel="Search the audit trail"
        searchPlaceholder="Booking code or number"
        search={v.q}
        onSearch={(value) => filters.setFilters({ q: value })}
        active={filters.active}
        onClear={filters.clear}
      >
        <FilterSelect
          label="Staff member"
          value={v.staff_id}
          onChange={(value) => filters.setFilters({ staff_id: value })}
          options={(staff.data?.staff ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          allLabel="Anyone"
        />
        <FilterSelect
          label="What"
          value={v.entity}
          onChange={(value) => filters.setFilters({ entity: value })}
          options={ENTITY_OPTIONS}
          allLabel="Anything"
        />
        <FilterDate
          label="From"
          value={v.from}
          onChange={(value) => filters.setFilters({ from: value })}
        />
        <FilterDate
          label="To"
          value={v.to}
          onChange={(value) => filters.setFilters({ to: value })}
        />
      </FilterBar>
      {trail.isPending ? (
        <LoadingState label="Loading the audit trail…" />
      ) : trail.isError ? (
        <ErrorState
          title="Couldn't load the audit trail"
          error={trail.error}
          onRetry={() => void trail.refetch()}
        />
      ) : events.length === 0 ? (
        <EmptyState title={filters.active ? 'Nothing matches these filters' : 'Nothing yet'} />
      ) : (
        <>
          <DataTable caption="Audit trail" columns={columns} rows={events} rowKey={(e) => e.id} />
          <div className="audit-more">
            {trail.hasNextPage ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={trail.isFetchingNextPage}
                onClick={() => void trail.fetchNextPage()}
              >
                {trail.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            ) : (
              <p className="muted">That is everything.</p>
            )}
          </div>
        </>
      )}
    </>
  );
}
