import { useStaffCan } from '../../../lib/console/use-staff-can';
import { Link } from '../../../lib/router';
import type { AdminCar } from '../../../../shared/schemas/cars.staff';
import { CarImage } from '../../../components/car-image';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBranches, useCarList } from '../../../lib/console/console-queries';
import { PlusIcon } from '../../../components/console/admin-icons';
import {
  BODY_TYPE_LABELS,
  BODY_TYPE_OPTIONS,
  cedis,
  plural,
} from '../../../components/console/admin-labels';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { DataTable, type Column } from '../../../components/console/data-table';
import { FilterBar, FilterSelect } from '../../../components/console/filter-bar';
import { ListFooter } from '../../../components/console/list-footer';
import { EmptyState, ErrorState, LoadingState } from '../../../components/console/states';
import { useUrlFilters } from '../../../components/console/use-url-filters';
import './cars.css';
import { adminPaths } from '../../../config/admin-paths';

const FILTERS = ['q', 'make', 'body_type', 'branch_id', 'status'] as const;
const STATUS_OPTIONS = [
  { value: 'retired', label: 'Retired' },
  { value: 'all', label: 'All cars' },
];

const columns: Column<AdminCar>[] = [
  {
    key: 'car',
    header: 'Car',
    card: 'title',
    cell: (car) => (
      <span className="car-cell">
        <CarImage
          src={car.photos[0]?.image_url}
          alt=""
          width={80}
          height={48}
          className="car-thumb"
          loading="lazy"
        />
        <span className="car-cell-text">
          <Link to={adminPaths.adminCar.getHref(car.id)} className="row-link">
            {car.title}
          </Link>
          <span className="muted">
            {car.colour} · {plural(car.photos.length, 'photo')}
          </span>
        </span>
      </span>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    card: 'badge',
    cell: (car) =>
      car.retired ? (
        <span className="badge badge-grey">Retired</span>
      ) : (
        <span className="badge badge-green">On offer</span>
      ),
  },
  { key: 'body', header: 'Body type', cell: (car) => BODY_TYPE_LABELS[car.body_type] },
  {
    key: 'branch',
    header: 'Branch',
    cell: (car) => (
      <span className="car-cell-text">
        <span>{car.branch.name}</span>
        <span className="muted">{car.city}</span>
      </span>
    ),
  },
  { key: 'seats', header: 'Seats', numeric: true, cell: (car) => car.seat_capacity ?? '–' },
  { key: 'price', header: 'Price per day', numeric: true, cell: (car) => cedis(car.price_per_day) },
];

export function CarsPage() {
  usePageTitle('Cars · Staff');
  const can = useStaffCan();
  const filters = useUrlFilters(FILTERS);
  const { q, make, body_type, branch_id, status } = filters.values;
  const branches = useBranches();
  const list = useCarList({
    page: filters.page,
    q: q || undefined,
    make: make || undefined,
    body_type: (body_type || undefined) as AdminCar['body_type'] | undefined,
    branch_id: Number(branch_id) || undefined,
    status: (status || 'active') as 'active' | 'retired' | 'all',
  });
  const data = list.data;

  let content;
  if (list.isPending) content = <LoadingState label="Loading cars…" />;
  else if (list.isError)
    content = (
      <ErrorState
        title="Couldn't load the cars"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  else if (!data || data.total === 0)
    content = (
      <EmptyState title={filters.active ? 'No cars match these filters' : 'No cars yet'}>
        <p className="muted">
          {filters.active
            ? 'Try another search or clear the filters.'
            : 'Add the first car of the fleet.'}
        </p>
      </EmptyState>
    );
  else
    content = (
      <>
        <DataTable
          caption="Cars"
          columns={columns}
          rows={data.cars}
          rowKey={(car) => car.id}
          stale={list.isPlaceholderData}
        />
        <ListFooter
          page={data.page}
          limit={data.limit}
          total={data.total}
          lastPage={data.last_page}
          noun="cars"
          onPage={filters.setPage}
        />
      </>
    );

  return (
    <>
      <AdminPageHeader
        title="Cars"
        lead={
          data
            ? `${plural(data.total, status === 'retired' ? 'retired car' : status === 'all' ? 'car' : 'car on offer', status === 'retired' ? 'retired cars' : status === 'all' ? 'cars' : 'cars on offer')}`
            : 'The fleet'
        }
        actions={
          can('POST /api/admin/cars') && (
            <Link to={adminPaths.adminCarNew.getHref()} className="btn btn-primary">
              <PlusIcon size={18} />
              Add a car
            </Link>
          )
        }
      />
      <FilterBar
        searchLabel="Search cars"
        searchPlaceholder="Make, model, city…"
        search={q}
        onSearch={(value) => filters.setFilters({ q: value })}
        active={filters.active}
        onClear={filters.clear}
      >
        <FilterSelect
          label="Make"
          value={make}
          onChange={(value) => filters.setFilters({ make: value })}
          options={(data?.makes ?? []).map((m) => ({ value: m, label: m }))}
          allLabel="All makes"
        />
        <FilterSelect
          label="Body type"
          value={body_type}
          onChange={(value) => filters.setFilters({ body_type: value })}
          options={BODY_TYPE_OPTIONS}
          allLabel="All types"
        />
        <FilterSelect
          label="Branch"
          value={branch_id}
          onChange={(value) => filters.setFilters({ branch_id: value })}
          options={(branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
          allLabel="All branches"
        />
        <FilterSelect
          label="Status"
          value={status}
          onChange={(value) => filters.setFilters({ status: value })}
          options={STATUS_OPTIONS}
          allLabel="On offer"
        />
      </FilterBar>
      {content}
    </>
  );
}
