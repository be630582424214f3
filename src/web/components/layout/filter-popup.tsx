import type { ReactNode } from 'react';
import { useUiState } from './ui-state';
import './filter-popup.css';

/** Opens a page's filters as a side sheet; closes on its × or the backdrop (PAGE-3). */
export function FilterPopupButton({ label = 'Filters' }: { label?: string }) {
  const { filtersOpen, setFiltersOpen } = useUiState();
  return (
    <button
      type="button"
      className="btn btn-outline filter-popup-btn"
      aria-expanded={filtersOpen}
      onClick={() => setFiltersOpen(true)}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M3 5h18M6 12h12M10 19h4"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      {label}
    </button>
  );
}

export function FilterPopup({
  title = 'Filters',
  children,
}: {
  title?: string;
  children: ReactNode;
}) {
  const { filtersOpen, setFiltersOpen } = useUiState();
  return (
    <div className={filtersOpen ? 'filter-popup open' : 'filter-popup'} hidden={!filtersOpen}>
      <button
        type="button"
        className="filter-backdrop"
        aria-label="Close filters"
        tabIndex={-1}
        onClick={() => setFiltersOpen(false)}
      />
      <aside className="filter-sheet" aria-label={title}>
        <div className="filter-sheet-header">
          <h2>{title}</h2>
          <button
            type="button"
            className="modal-close"
            aria-label="Close filters"
            onClick={() => setFiltersOpen(false)}
          >
            ×
          </button>
        </div>
        {children}
      </aside>
    </div>
  );
}
