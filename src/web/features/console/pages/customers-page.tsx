import { Link } from '../../../lib/router';
import { formatDate } from '../../../../shared/dates';
import type { AdminCustomer } from '../../../../shared/schemas/console';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCustomerList } from '../api/console-api';
import { dayOf, listTotalOf, phone, plural } from '../../../components/console/admin-labels';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { DataTable, type Column } from '../../../components/console/data-table';
import { FilterBar } from '../../../components/console/filter-bar';
import { ListFooter } from '../../../components/console/list-footer';
import { EmptyState, ErrorState, LoadingState } from '../../../components/console/states';
import { useUrlFilters } from '../../../components/console/use-url-filters';
import { adminPaths } from '../../../config/admin-paths';

const FILTERS = ['q'] as const;

/** Bookings not yet finished (pending, confirmed or active), when there are any. */
function LiveBadge({ count }: { count: number }) {
  return count > 0 ? (
    <span className="badge badge-amber">{plural(count, 'live booking')}</span>
  ) : null;
}

const columns: Column<AdminCustomer>[] = [
  {
    key: 'name',
    header: 'Name',
    card: 'title',
    cell: (c) => (
      <Link to={adminPaths.adminCustomer.getHref(c.id)} className="row-link">
        {c.name}
      </Link>
    ),
  },
  {
    key: 'live',
    header: 'Live bookings',
    card: 'badge',
    // The table shows it beside the count of bookings instead.
    table: 'hide',
    cell: (c) => <LiveBadge count={c.live_bookings_count} />,
  },
  { key: 'phone', header: 'Phone', cell: (c) => <span className="nowrap">{phone(c.msisdn)}</span> },
  {
    key: 'email',
    header: 'Email',
    cell: (c) => c.email ?? <span className="muted">–</span>,
    card: 'hide',
  },
  {
    key: 'bookings',
    header: 'Bookings',
    cell: (c) => (
      <span className="badge-line">
        <span>{c.bookings_count}</span>
        <LiveBadge count={c.live_bookings_count} />
      </span>
    ),
  },
  {
    key: 'last',
    header: 'Last booking',
    cell: (c) =>
      c.last_booking_at ? (
        <span className="nowrap">{formatDate(dayOf(c.last_booking_at))}</span>
      ) : (
        <span className="muted">Never</span>
      ),
  },
  {
    key: 'joined',
    header: 'Joined',
    cell: (c) => <span className="nowrap">{formatDate(dayOf(c.created_at))}</span>,
    card: 'hide',
  },
];

export function CustomersPage() {
  usePageTitle('Customers · Staff');
  const filters = useUrlFilters(FILTERS);
  const list = useCustomerList({
    page: filters.page,
    ...(filters.values.q ? { q: filters.values.q } : {}),
  });
  const data = list.data;

  let content;
  if (list.isPending) content = <LoadingState label="Loading customers…" />;
  else if (list.isError)
    content = (
      <ErrorState
        title="Couldn't load the customers"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  else if (!data || data.total === 0)
    content = (
      <EmptyState title={filters.active ? 'Nobody matches this search' : 'No customers yet'}>
        {filters.active && (
          <p className="muted">Search by part of a name, or a phone number in any format.</p>
        )}
      </EmptyState>
    );
  else
    content = (
      <>
        <DataTable
          caption="Customers"
          columns={columns}
          rows={data.customers}
          rowKey={(c) => c.id}
          stale={list.isPlaceholderData}
        />
        <ListFooter
          page={data.page}
          limit={data.limit}
          total={data.total}
          totalIsEstimate={data.total_is_estimate}
          lastPage={data.last_page}
          noun="customers"
          onPage={filters.setPage}
        />
      </>
    );

  return (
    <>
      <AdminPageHeader
        title="Customers"
        lead={
          data
            ? listTotalOf(data.total, data.total_is_estimate, 'renter')
            : 'Everyone with an account'
        }
      />
      <FilterBar
        searchLabel="Search customers"
        searchPlaceholder="Name or phone number"
        search={filters.values.q}
        onSearch={(value) => filters.setFilters({ q: value })}
        active={filters.active}
        onClear={filters.clear}
      />
      {content}
    </>
  );
}
