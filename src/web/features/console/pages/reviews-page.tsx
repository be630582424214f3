import { Link, useSearchParams } from '../../../lib/router';
import { formatDate } from '../../../../shared/dates';
import type { AdminReview } from '../../../../shared/schemas/reviews';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { adminPaths } from '../../../config/admin-paths';
import { useAdminReviews, useSetReviewHidden } from '../api/reviews-api';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { DataTable, type Column } from '../../../components/console/data-table';
import { ListFooter } from '../../../components/console/list-footer';
import { EmptyState, ErrorState, LoadingState } from '../../../components/console/states';
import '../components/documents.css';

const FILTERS = [
  { value: undefined, label: 'All' },
  { value: 'false', label: 'Shown' },
  { value: 'true', label: 'Hidden' },
] as const;

function HideButton({ review }: { review: AdminReview }) {
  const toggle = useSetReviewHidden();
  const what = `review by ${review.customer.name}`;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={toggle.isPending}
        onClick={() => toggle.mutate({ id: review.id, hide: !review.hidden })}
      >
        {review.hidden ? 'Show' : 'Hide'}
        <span className="visually-hidden"> {what}</span>
      </button>
      {toggle.error instanceof ApiError && (
        <p className="field-error" role="alert">
          {toggle.error.message}
        </p>
      )}
    </>
  );
}

const columns: Column<AdminReview>[] = [
  {
    key: 'rating',
    header: 'Rating',
    card: 'title',
    cell: (r) => (
      <span>
        <span aria-hidden="true">{'★'.repeat(r.rating) + '☆'.repeat(5 - r.rating)}</span>
        <span className="visually-hidden">{r.rating} out of 5</span>
      </span>
    ),
  },
  {
    key: 'comment',
    header: 'Comment',
    cell: (r) => r.comment ?? <span className="muted">No comment</span>,
  },
  {
    key: 'renter',
    header: 'Renter',
    cell: (r) => (
      <Link to={adminPaths.adminCustomer.getHref(r.customer.id)}>{r.customer.name}</Link>
    ),
  },
  {
    key: 'booking',
    header: 'Booking',
    cell: (r) => (
      <Link to={adminPaths.adminBooking.getHref(r.booking_code)}>
        {r.booking_code} · {r.car}
      </Link>
    ),
  },
  { key: 'date', header: 'Written', cell: (r) => formatDate(r.created_at.slice(0, 10)) },
  {
    key: 'status',
    header: 'Status',
    card: 'badge',
    cell: (r) =>
      r.hidden ? (
        <span className="badge badge-red">Hidden</span>
      ) : (
        <span className="badge badge-green">Shown</span>
      ),
  },
  { key: 'action', header: 'Action', cell: (r) => <HideButton review={r} /> },
];

/** Every review, newest first; staff hide an abusive one, or show it again (REVIEW-4). */
export function ReviewsPage() {
  usePageTitle('Reviews · Staff');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const rawHidden = params.get('hidden');
  const hidden = rawHidden === 'true' || rawHidden === 'false' ? rawHidden : undefined;
  const reviews = useAdminReviews({ page, hidden });

  return (
    <>
      <AdminPageHeader
        title="Reviews"
        lead="What renters wrote after their trips. Hiding a review takes it off the car's page and the home page, and out of every average rating."
      />
      <div className="admin-tabs" role="group" aria-label="Show reviews">
        {FILTERS.map((f) => (
          <button
            key={f.label}
            type="button"
            className={f.value === hidden ? 'btn btn-primary btn-sm' : 'btn btn-outline btn-sm'}
            aria-pressed={f.value === hidden}
            onClick={() => setParams(f.value ? { hidden: f.value } : {})}
          >
            {f.label}
          </button>
        ))}
      </div>
      {reviews.isPending ? (
        <LoadingState label="Loading the reviews…" />
      ) : reviews.isError ? (
        <ErrorState
          title="Couldn't load the reviews"
          error={reviews.error}
          onRetry={() => void reviews.refetch()}
        />
      ) : reviews.data.total === 0 ? (
        <EmptyState title="No reviews here" />
      ) : (
        <>
          <DataTable
            caption="Reviews"
            columns={columns}
            rows={reviews.data.reviews}
            rowKey={(r) => r.id}
            stale={reviews.isPlaceholderData}
          />
          <ListFooter
            page={page}
            limit={reviews.data.limit}
            total={reviews.data.total}
            lastPage={reviews.data.last_page}
            noun="reviews"
            onPage={(next) =>
              setParams({
                ...(hidden ? { hidden } : {}),
                ...(next > 1 ? { page: String(next) } : {}),
              })
            }
          />
        </>
      )}
    </>
  );
}
