import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { formatCedisWhole } from '../../../../shared/money';
import { Link, useSearchParams } from '../../../lib/router';
import { showingRange } from '../../../../shared/pagination';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { carKeys, useCars } from '../../../lib/car-list';
import { BackLink } from '../../../components/back-link';
import { CarGrid } from './car-grid';
import { BODY_TYPE_LABELS } from './car-labels';
import {
  hasActiveFilters,
  readCarListFilters,
  toCarListParams,
  withFilters,
  type CarListFilters,
} from './car-list-query';
import { DateRangeFilter } from './date-range-filter';
import { CarIcon, CloseIcon } from '../../../components/icons';
import { MakeFilter } from './make-filter';
import { TownPriceFilter } from './town-price-filter';
import './car-catalogue.css';

function FilterChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <button type="button" className="filter-chip" onClick={onRemove}>
      <span className="visually-hidden">Remove filter </span>
      {label}
      <CloseIcon size={14} />
    </button>
  );
}

/** 'GH₵ 300 to GH₵ 800 a day', 'up to GH₵ 800 a day', 'from GH₵ 300 a day'. */
function priceLabel(min: number | null, max: number | null) {
  if (min !== null && max !== null)
    return `${formatCedisWhole(min)} to ${formatCedisWhole(max)} a day`;
  return max !== null
    ? `up to ${formatCedisWhole(max)} a day`
    : `from ${formatCedisWhole(min ?? 0)} a day`;
}

interface CarCatalogueProps {
  /** What the page adds beside the heading for these filters (a saved search's Save, SAVED-1). */
  actions?: (filters: CarListFilters) => ReactNode;
}

/** /available-cars (PAGE-5, CAT-3): the fleet, filtered on the server, 16 a page. */
export function CarCatalogue({ actions }: CarCatalogueProps = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readCarListFilters(searchParams);
  const cars = useCars(toCarListParams(filters));
  const queryClient = useQueryClient();
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const data = cars.data;

  // A page number past the end (an old link, a fleet that shrank) shows the last page instead.
  const pastTheEnd =
    data !== undefined &&
    !cars.isPlaceholderData &&
    data.total > 0 &&
    filters.page > data.last_page;
  useEffect(() => {
    if (pastTheEnd)
      setSearchParams(withFilters(searchParams, { page: data.last_page }), { replace: true });
  }, [pastTheEnd, data, searchParams, setSearchParams]);

  function goToPage(page: number) {
    setSearchParams(withFilters(searchParams, { page }));
    summaryRef.current?.scrollIntoView({ block: 'start' });
    summaryRef.current?.focus({ preventScroll: true });
  }

  const range = data ? showingRange(data.page, data.limit, data.total) : null;
  const filtered = hasActiveFilters(filters);

  return (
    // .page goes on a wrapper: on the same element it would override .container's side padding.
    <div className="page catalogue">
      <div className="container">
        <BackLink />
        <div className="catalogue-head">
          <div>
            <h1>Our Vehicles</h1>
            <p className="catalogue-summary" ref={summaryRef} tabIndex={-1} aria-live="polite">
              {range && range.total > 0
                ? `Showing ${range.from} to ${range.to} of ${range.total} vehicles`
                : ''}
            </p>
          </div>
          {actions?.(filters)}
        </div>

        <section className="catalogue-filters" aria-label="Filter cars">
          <div className="catalogue-filter-make">
            <MakeFilter
              value={filters.make}
              makes={data?.brands ?? []}
              onChange={(make) => setSearchParams(withFilters(searchParams, { make }))}
            />
          </div>
          <div className="catalogue-filter-dates">
            <DateRangeFilter
              key={`${filters.startDate}|${filters.endDate}`}
              startDate={filters.startDate}
              endDate={filters.endDate}
              onApply={(start, end) =>
                setSearchParams(withFilters(searchParams, { startDate: start, endDate: end }))
              }
              onClear={() =>
                setSearchParams(withFilters(searchParams, { startDate: null, endDate: null }))
              }
            />
          </div>
          <div className="catalogue-filter-more">
            <TownPriceFilter
              location={filters.location}
              maxPrice={filters.maxPrice}
              onLocation={(location) => setSearchParams(withFilters(searchParams, { location }))}
              onMaxPrice={(maxPrice) => setSearchParams(withFilters(searchParams, { maxPrice }))}
            />
          </div>
        </section>

        {filtered && (
          <ul className="catalogue-chips" aria-label="Active filters">
            {filters.make && (
              <li>
                <FilterChip
                  label={`Make: ${filters.make}`}
                  onRemove={() => setSearchParams(withFilters(searchParams, { make: null }))}
                />
              </li>
            )}
            {filters.bodyType && (
              <li>
                <FilterChip
                  label={`Type: ${BODY_TYPE_LABELS[filters.bodyType]}`}
                  onRemove={() => setSearchParams(withFilters(searchParams, { bodyType: null }))}
                />
              </li>
            )}
            {filters.location && (
              <li>
                <FilterChip
                  label={`Town: ${filters.location}`}
                  onRemove={() => setSearchParams(withFilters(searchParams, { location: null }))}
                />
              </li>
            )}
            {(filters.minPrice !== null || filters.maxPrice !== null) && (
              <li>
                <FilterChip
                  label={`Price: ${priceLabel(filters.minPrice, filters.maxPrice)}`}
                  onRemove={() =>
                    setSearchParams(withFilters(searchParams, { minPrice: null, maxPrice: null }))
                  }
                />
              </li>
            )}
            <li>
              <Link to={paths.availableCars.getHref()} className="catalogue-clear">
                Clear all filters
              </Link>
            </li>
          </ul>
        )}

        {cars.isPending ? (
          <div className="center-state">
            <Spinner label="Loading cars…" />
          </div>
        ) : cars.isError ? (
          <div className="center-state catalogue-error" role="alert">
            <span className="catalogue-error-icon" aria-hidden="true">
              <CarIcon size={34} />
            </span>
            <p className="catalogue-error-title">No Cars available at the moment</p>
            <p className="muted catalogue-error-reason">{cars.error.message}</p>
            <Link
              to={paths.availableCars.getHref()}
              className="btn btn-primary"
              onClick={() => void queryClient.resetQueries({ queryKey: carKeys.lists() })}
            >
              Reload
            </Link>
          </div>
        ) : cars.data.all_cars.length === 0 ? (
          filtered && (
            <div className="center-state catalogue-empty">
              <p>No cars match these filters. Try other dates or another make.</p>
              <Link to={paths.availableCars.getHref()} className="btn btn-outline">
                Show all cars
              </Link>
            </div>
          )
        ) : (
          <>
            <CarGrid
              cars={cars.data.all_cars}
              eagerCount={4}
              headingLevel="h2"
              busy={cars.isPlaceholderData}
              dates={
                filters.startDate && filters.endDate
                  ? { start_date: filters.startDate, end_date: filters.endDate }
                  : null
              }
            />
            <Pagination
              page={Math.min(filters.page, cars.data.last_page)}
              lastPage={cars.data.last_page}
              onChange={goToPage}
              label="Car list pages"
            />
          </>
        )}
      </div>
    </div>
  );
}
