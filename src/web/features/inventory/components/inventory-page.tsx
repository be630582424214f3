import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useId, useOptimistic, useRef, type ReactNode } from 'react';
import { useLocation, useSearchParams } from '../../../lib/router';
import { CAR_SORTS, type CarSort } from '../../../../shared/car-facets';
import { showingRange } from '../../../../shared/pagination';
import type { Car } from '../../../../shared/schemas/cars';
import { CarSkeletons } from '../../../components/car-skeletons';
import { CarIcon } from '../../../components/icons';
import { FilterPopup, FilterPopupButton } from '../../../components/layout/filter-popup';
import { useUiState } from '../../../components/layout/ui-state';
import { Pagination } from '../../../components/pagination';
import { paths } from '../../../config/paths';
import { useCarFacets, useInventoryCars } from '../api/inventory';
import {
  clearedInventoryFilters,
  readInventoryFilters,
  toApiFilters,
  toApiListParams,
  withInventoryFilters,
  type FilterChanges,
} from '../inventory-filters';
import { useMediaQuery, WIDE_SCREEN } from '../use-media-query';
import { ActiveFilters } from './active-filters';
import { FilterSidebar } from './filter-sidebar';
import { InventoryRow } from './inventory-row';
import { LayoutSwitcher, type InventoryLayout } from './layout-switcher';
import { PickupMap } from './pickup-map';
import './inventory.css';

const SORT_LABELS: Record<CarSort, string> = {
  recommended: 'Recommended',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  newest: 'Newest first',
};

interface InventoryPageProps {
  layout: InventoryLayout;
  title: string;
  intro: string;
  /** The grid layouts' card, composed by the page (the cars feature's card); rows need none. */
  renderCard?: (car: Car, options: { eager: boolean }) => ReactNode;
}

/**
 * The four inventory pages (ROUTE-3, CAT-3): the real fleet, filtered on the server through the
 * address (?make=Toyota&fuel_type=diesel…), with true counts beside every filter option.
 * Wide screens show the filters beside the results; phones open them as the filter popup.
 */
export function InventoryPage({ layout, title, intro, renderCard }: InventoryPageProps) {
  const [routerParams, setSearchParams] = useSearchParams();
  // The router applies a new address in a transition; until it lands, a ticked box must stay
  // ticked (and its request start), so the page reads the address it asked for.
  const [searchParams, setOptimisticParams] = useOptimistic(
    routerParams,
    (_current, next: URLSearchParams) => next,
  );
  const { search } = useLocation();
  const filters = readInventoryFilters(searchParams);
  const list = useInventoryCars(toApiListParams(filters));
  const facets = useCarFacets(toApiFilters(filters));
  const wide = useMediaQuery(WIDE_SCREEN);
  const { setFiltersOpen } = useUiState();
  const queryClient = useQueryClient();
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const sortId = useId();
  const data = list.data;
  const hasMap = layout === 'map-cards' || layout === 'map-rows';
  const rows = layout === 'map-rows' || layout === 'sidebar-rows';

  // A page past the end (an old link, a narrower filter) shows the last page instead.
  const pastTheEnd =
    data !== undefined &&
    !list.isPlaceholderData &&
    data.total > 0 &&
    filters.page > data.last_page;
  useEffect(() => {
    if (pastTheEnd)
      setSearchParams(withInventoryFilters(searchParams, { page: data.last_page }), {
        replace: true,
      });
  }, [pastTheEnd, data, searchParams, setSearchParams]);

  function navigate(next: URLSearchParams) {
    startTransition(() => {
      setOptimisticParams(next);
      setSearchParams(next);
    });
  }
  const change = (changes: FilterChanges) => navigate(withInventoryFilters(searchParams, changes));
  const clearAll = () => navigate(clearedInventoryFilters(searchParams));

  function goToPage(page: number) {
    change({ page });
    summaryRef.current?.scrollIntoView({ block: 'start' });
    summaryRef.current?.focus({ preventScroll: true });
  }

  const range = data ? showingRange(data.page, data.limit, data.total) : null;
  const summary = !range
    ? ''
    : range.total > 0
      ? `Showing ${range.from} to ${range.to} of ${range.total} vehicles`
      : 'No vehicles match these filters';

  const sidebar = (footer?: ReactNode) => (
    <FilterSidebar
      filters={filters}
      facets={facets.data?.facets}
      onChange={change}
      footer={footer}
    />
  );

  const map = hasMap && facets.data && (
    <PickupMap
      locations={facets.data.facets.location}
      selected={filters.location}
      onSelect={(location) => change({ location })}
      variant={layout === 'map-cards' || !wide ? 'banner' : 'column'}
    />
  );

  let results: ReactNode;
  if (list.isPending) {
    results = <CarSkeletons count={8} />;
  } else if (list.isError) {
    results = (
      <div className="center-state inventory-state" role="alert">
        <span className="inventory-state-icon" aria-hidden="true">
          <CarIcon size={34} />
        </span>
        <p className="inventory-state-title">No Cars available at the moment</p>
        <p className="muted">{list.error.message}</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void queryClient.resetQueries({ queryKey: ['cars'] })}
        >
          Reload
        </button>
      </div>
    );
  } else if (list.data.all_cars.length === 0) {
    results = (
      <div className="center-state inventory-state">
        <p className="inventory-state-title">No cars match these filters.</p>
        <p className="muted">Remove a filter, widen the price range or try another town.</p>
        <button type="button" className="btn btn-outline" onClick={clearAll}>
          Clear all filters
        </button>
      </div>
    );
  } else {
    const cars = list.data.all_cars;
    results = (
      <>
        {rows ? (
          <ul
            className={list.isPlaceholderData ? 'inventory-rows is-busy' : 'inventory-rows'}
            aria-busy={list.isPlaceholderData || undefined}
          >
            {cars.map((car, i) => (
              <li key={car.id}>
                <InventoryRow
                  car={car}
                  href={paths.inventorySingle.getHref(car.id)}
                  eager={i < 2}
                />
              </li>
            ))}
          </ul>
        ) : (
          <ul
            className={
              list.isPlaceholderData
                ? 'grid-cars inventory-grid is-busy'
                : 'grid-cars inventory-grid'
            }
            aria-busy={list.isPlaceholderData || undefined}
          >
            {cars.map((car, i) => (
              <li key={car.id}>{renderCard?.(car, { eager: i < 3 })}</li>
            ))}
          </ul>
        )}
        <Pagination
          page={Math.min(filters.page, list.data.last_page)}
          lastPage={list.data.last_page}
          onChange={goToPage}
          label="Inventory pages"
        />
      </>
    );
  }

  return (
    <div className={`page inventory inventory-${layout}`}>
      <div className="container inventory-container">
        <header className="inventory-head">
          <div className="inventory-heading">
            <p className="inventory-eyebrow">Inventory</p>
            <h1>{title}</h1>
            <p className="inventory-intro muted">{intro}</p>
          </div>
          <LayoutSwitcher current={layout} search={search} />
        </header>

        <div className="inventory-body">
          {wide && (
            <aside className="inventory-sidebar" aria-label="Filters">
              <h2 className="inventory-sidebar-title">Filters</h2>
              {sidebar()}
            </aside>
          )}
          <div className="inventory-main">
            {layout === 'map-cards' || (hasMap && !wide) ? map : null}
            <div className="inventory-toolbar">
              <p className="inventory-summary" ref={summaryRef} tabIndex={-1} aria-live="polite">
                {summary}
              </p>
              <div className="inventory-tools">
                {!wide && <FilterPopupButton />}
                <div className="inventory-sort">
                  <label htmlFor={sortId}>Sort by</label>
                  <select
                    id={sortId}
                    className="select"
                    value={filters.sort}
                    onChange={(e) => change({ sort: e.target.value as CarSort })}
                  >
                    {CAR_SORTS.map((sort) => (
                      <option key={sort} value={sort}>
                        {SORT_LABELS[sort]}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            </div>
            <ActiveFilters filters={filters} onChange={change} onClear={clearAll} />
            {layout === 'map-rows' && wide ? (
              <div className="inventory-split">
                <div className="inventory-split-list">{results}</div>
                <div className="inventory-split-map">{map}</div>
              </div>
            ) : (
              results
            )}
          </div>
        </div>
      </div>

      {!wide && (
        <FilterPopup title="Filters">
          {sidebar(
            <div className="filter-sidebar-footer">
              <button
                type="button"
                className="btn btn-primary btn-block"
                onClick={() => setFiltersOpen(false)}
              >
                {facets.data ? `Show ${facets.data.total} vehicles` : 'Show vehicles'}
              </button>
            </div>,
          )}
        </FilterPopup>
      )}
    </div>
  );
}
