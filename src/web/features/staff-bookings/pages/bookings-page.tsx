import {
  BOOKING_STATUSES,
  PAYMENT_STATUSES,
  type BookingStatus,
  type PaymentStatus,
} from '../../../../shared/constants';
import { ADMIN_PAGE_SIZE_MAX } from '../../../../shared/schemas/staff-api';
import { Link } from '../../../lib/router';
import { adminPaths } from '../../../config/admin-paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBookingList } from '../api/bookings-api';
import { useCarList } from '../../../lib/console/console-queries';
import { BOOKING_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../../../lib/booking-labels';
import { listTotalOf } from '../../../components/console/admin-labels';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { bookingColumns } from '../../../components/console/booking-columns';
import { DataTable } from '../../../components/console/data-table';
import { FilterBar, FilterDate, FilterSelect } from '../../../components/console/filter-bar';
import { ListFooter } from '../../../components/console/list-footer';
import { EmptyState, ErrorState, LoadingState } from '../../../components/console/states';
import { useUrlFilters } from '../../../components/console/use-url-filters';

const FILTERS = ['q', 'status', 'payment_status', 'from', 'to', 'car_id'] as const;
const STATUS_OPTIONS = BOOKING_STATUSES.map((value) => ({
  value,
  label: BOOKING_STATUS_LABELS[value],
}));
const PAYMENT_OPTIONS = PAYMENT_STATUSES.map((value) => ({
  value,
  label: PAYMENT_STATUS_LABELS[value],
}));

export function BookingsPage() {
  usePageTitle('Bookings · Staff');
  const filters = useUrlFilters(FILTERS);
  const v = filters.values;
  const carId = Number(v.car_id);
  const list = useBookingList({
    page: filters.page,
    q: v.q || undefined,
    status: (v.status || undefined) as BookingStatus | undefined,
    payment_status: (v.payment_status || undefined) as PaymentStatus | undefined,
    from: v.from || undefined,
    to: v.to || undefined,
    car_id: Number.isInteger(carId) && carId > 0 ? carId : undefined,
  });
  const cars = useCarList({ status: 'all', limit: ADMIN_PAGE_SIZE_MAX, page: 1 });
  const data = list.data;

  let content;
  if (list.isPending) content = <LoadingState label="Loading bookings…" />;
  else if (list.isError)
    content = (
      <ErrorState
        title="Couldn't load the bookings"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  else if (!data || data.total === 0)
    content = (
      <EmptyState title={filters.active ? 'No bookings match these filters' : 'No bookings yet'}>
        {filters.active && (
          <p className="muted">Try another code or phone number, or clear the filters.</p>
        )}
      </EmptyState>
    );
  else
    content = (
      <>
        <DataTable
          caption="Bookings"
          columns={bookingColumns}
          rows={data.bookings}
          rowKey={(b) => b.id}
          stale={list.isPlaceholderData}
        />
        <ListFooter
          page={data.page}
          limit={data.limit}
          total={data.total}
          totalIsEstimate={data.total_is_estimate}
          lastPage={data.last_page}
          noun="bookings"
          onPage={filters.setPage}
        />
      </>
    );

  return (
    <>
      <AdminPageHeader
        title="Bookings"
        actions={
          <Link to={adminPaths.adminBookingNew.getHref()} className="btn btn-primary">
            New booking
          </Link>
        }
        lead={
          data
            ? `${listTotalOf(data.total, data.total_is_estimate, 'booking')}${filters.active ? ' match' : ', newest first'}`
            : 'Every booking, newest first'
        }
      />
      <FilterBar
        searchLabel="Search bookings"
        searchPlaceholder="Booking code or phone"
        search={v.q}
        onSearch={(value) => filters.setFilters({ q: value })}
        active={filters.active}
        onClear={filters.clear}
      >
        <FilterSelect
          label="Status"
          value={v.status}
          onChange={(value) => filters.setFilters({ status: value })}
          options={STATUS_OPTIONS}
          allLabel="Any status"
        />
        <FilterSelect
          label="Payment"
          value={v.payment_status}
          onChange={(value) => filters.setFilters({ payment_status: value })}
          options={PAYMENT_OPTIONS}
          allLabel="Any payment"
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
        <FilterSelect
          label="Car"
          value={v.car_id}
          onChange={(value) => filters.setFilters({ car_id: value })}
          options={(cars.data?.cars ?? []).map((car) => ({
            value: String(car.id),
            label: car.retired ? `${car.title} (retired)` : car.title,
          }))}
          allLabel="Any car"
        />
      </FilterBar>
      {content}
    </>
  );
}
