import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { FilterIcon, SearchIcon } from './admin-icons';
import { TABLE_QUERY, useMediaQuery } from './use-media-query';

interface FilterBarProps {
  searchLabel: string;
  searchPlaceholder?: string;
  /** The search as it is in the URL. */
  search: string;
  onSearch: (value: string) => void;
  /** The other filters (selects, dates); folded away behind a button on a phone. */
  children?: ReactNode;
  active: boolean;
  onClear: () => void;
}

const SEARCH_DELAY_MS = 350;

/**
 * Search and filters above a list. The search runs as the person pauses typing (and at once on
 * Enter); the other filters apply as they change.
 */
export function FilterBar({
  searchLabel,
  searchPlaceholder,
  search,
  onSearch,
  children,
  active,
  onClear,
}: FilterBarProps) {
  const { register, handleSubmit, setValue, watch } = useForm<{ q: string }>({
    defaultValues: { q: search },
  });
  const text = watch('q');
  const searchId = useId();
  const fieldsId = useId();
  const wide = useMediaQuery(TABLE_QUERY);
  const [open, setOpen] = useState(false);
  const lastSent = useRef(search);

  // The URL changed under us (Back, Clear): show what it says.
  useEffect(() => {
    if (search !== lastSent.current) {
      lastSent.current = search;
      setValue('q', search);
    }
  }, [search, setValue]);

  useEffect(() => {
    if (text.trim() === lastSent.current) return;
    const timer = window.setTimeout(() => {
      lastSent.current = text.trim();
      onSearch(text.trim());
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);

  const showFields = Boolean(children) && (wide || open);

  return (
    <form
      className="filter-bar"
      role="search"
      aria-label={searchLabel}
      onSubmit={handleSubmit(({ q }) => {
        lastSent.current = q.trim();
        onSearch(q.trim());
      })}
    >
      <div className="filter-search">
        <div className="search-input">
          <label htmlFor={searchId} className="visually-hidden">
            {searchLabel}
          </label>
          <SearchIcon size={18} />
          <input
            id={searchId}
            className="input"
            type="search"
            placeholder={searchPlaceholder}
            autoComplete="off"
            {...register('q')}
          />
        </div>
        {children && (
          <button
            type="button"
            className="btn btn-outline filter-toggle"
            aria-expanded={open}
            aria-controls={fieldsId}
            onClick={() => setOpen((v) => !v)}
          >
            <FilterIcon size={18} />
            <span className="filter-toggle-text">Filters</span>
            {active && (
              <>
                <span className="filter-dot" aria-hidden="true" />
                <span className="visually-hidden">(some set)</span>
              </>
            )}
          </button>
        )}
      </div>
      {children && (
        <div id={fieldsId} hidden={!showFields} className="filter-fields">
          {showFields && children}
        </div>
      )}
      {active && (
        <div className="filter-actions">
          <span className="muted">Filtered list</span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              lastSent.current = '';
              setValue('q', '');
              onClear();
            }}
          >
            Clear filters
          </button>
        </div>
      )}
    </form>
  );
}

/** A labelled select that applies at once. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel = 'All',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  allLabel?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled date that applies once it is a whole date (or emptied). */
export function FilterDate({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="date"
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          if (next === '' || /^\d{4}-\d{2}-\d{2}$/.test(next)) onChange(next);
        }}
      />
    </div>
  );
}
