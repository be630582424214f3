import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from '../../../lib/router';
import { BOOKING_HISTORY_PAGE_SIZE } from '../../../../shared/constants';
import { showingRange } from '../../../../shared/pagination';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { useBookingHistory } from '../api/bookings';
import { BackLink } from '../../../components/back-link';
import { BookingCard } from './booking-card';
import './booking-history.css';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /booking-history (PAGE-9). The page lives in the URL so Back and a reload keep it. */
export function BookingHistory() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const history = useBookingHistory(page);
  const top = useRef<HTMLHeadingElement>(null);
  const data = history.data;
  const limit = data?.limit ?? BOOKING_HISTORY_PAGE_SIZE;
  const range = data ? showingRange(data.page, limit, data.total) : null;

  // A page past the end (bookings were cancelled elsewhere, an old link) snaps to the last.
  useEffect(() => {
    if (data && data.total > 0 && page > data.last_page) {
      setParams({ page: String(data.last_page) }, { replace: true });
    }
  }, [data, page, setParams]);

  function goToPage(next: number) {
    setParams(next === 1 ? {} : { page: String(next) });
    top.current?.scrollIntoView({ block: 'start' });
  }

  let content;
  if (history.isPending) {
    content = (
      <div className="center-state">
        <Spinner label="Loading bookings…" />
        <p className="muted">Loading your bookings…</p>
      </div>
    );
  } else if (history.isError) {
    content = (
      <div className="center-state" role="alert">
        <h2>Couldn't load bookings</h2>
        <p className="muted">{history.error.message || 'Failed to fetch bookings.'}</p>
        <Link
          to={paths.bookingHistory.getHref()}
          className="btn btn-primary"
          onClick={() => void history.refetch()}
        >
          Reload
        </Link>
      </div>
    );
  } else if (!data || data.total === 0) {
    content = (
      <div className="center-state history-empty">
        <svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true">
          <circle cx="48" cy="48" r="44" fill="#e3f2ea" />
          <rect
            x="26"
            y="28"
            width="44"
            height="42"
            rx="6"
            fill="#fff"
            stroke="#0b5d3b"
            strokeWidth="3"
          />
          <path
            d="M26 40h44M36 22v10M60 22v10"
            stroke="#0b5d3b"
            strokeWidth="3"
            strokeLinecap="round"
          />
          <path d="M38 54h20" stroke="#f5b800" strokeWidth="4" strokeLinecap="round" />
        </svg>
        <h2>You haven't made any bookings yet</h2>
        <p className="muted">Find a car you like and book it in a couple of minutes.</p>
        <Link to={paths.availableCars.getHref()} className="btn btn-primary">
          Browse Cars
        </Link>
      </div>
    );
  } else {
    content = (
      <>
        <div
          className={`grid-cars history-grid${history.isPlaceholderData ? ' is-stale' : ''}`}
          aria-busy={history.isFetching || undefined}
        >
          {data.bookings.map((booking) => (
            <BookingCard key={booking.id} booking={booking} />
          ))}
        </div>
        <Pagination
          page={data.page}
          lastPage={data.last_page}
          onChange={goToPage}
          label="Booking pages"
        />
      </>
    );
  }

  return (
    <div className="container page">
      <BackLink fallback={paths.home.getHref()} icon="chevron" />
      <div className="page-header history-header">
        <h1 ref={top}>Booking History</h1>
        {range && range.total > 0 && (
          <p className="muted history-showing" aria-live="polite">
            Showing {range.from} to {range.to} of {range.total} bookings
          </p>
        )}
      </div>
      {content}
    </div>
  );
}
