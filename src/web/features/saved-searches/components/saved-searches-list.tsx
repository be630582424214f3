import { useId, useState, type FormEvent } from 'react';
import { formatDate } from '../../../../shared/dates';
import { SAVED_SEARCH_NAME_MAX, savedSearchMessages as m } from '../../../../shared/saved-searches';
import type { SavedSearch } from '../../../../shared/schemas/saved-searches';
import { Dialog } from '../../../components/dialog';
import { FieldMessages, describedBy } from '../../../components/form-fields';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { Link } from '../../../lib/router';
import {
  useDeleteSavedSearch,
  useRenameSavedSearch,
  useSavedSearches,
} from '../api/saved-searches';
import { describeSearch } from '../describe-search';
import './saved-searches.css';

/** The first version's columns (PAGE-11's table, now real). */
const COLUMNS = ['Title', 'Saved Search Query', 'Number Listings', 'Times', 'Action'] as const;

const STATUS_LABELS: Record<SavedSearch['status'], string> = {
  alerting: 'Texts you when a car frees up',
  ended: 'Ended: its dates have passed',
  no_dates: 'No dates: no texts',
};

function timesText(s: SavedSearch) {
  if (s.alerts_sent === 0) return s.status === 'alerting' ? 'No texts yet' : '—';
  return `${s.alerts_sent} ${s.alerts_sent === 1 ? 'text' : 'texts'}`;
}

function RenameDialog({
  search,
  onClose,
  onDone,
}: {
  search: SavedSearch;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const rename = useRenameSavedSearch();
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(m.nameRequired);
    if (trimmed.length > SAVED_SEARCH_NAME_MAX) return setError(m.nameTooLong);
    rename.mutate(
      { id: search.id, name: trimmed },
      {
        onSuccess: (data) => onDone(data.message),
        onError: (e) =>
          setError(e instanceof ApiError ? (e.errors.name?.[0] ?? e.message) : e.message),
      },
    );
  }

  return (
    <Dialog open title="Rename the search" onClose={onClose} closable={!rename.isPending}>
      <form noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-name`}>New name</label>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            autoComplete="off"
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(`${id}-name`, null, error)}
            onChange={(e) => setName(e.target.value)}
          />
          <FieldMessages id={`${id}-name`} error={error} />
        </div>
        <div className="save-search-actions">
          <button
            type="button"
            className="btn btn-outline"
            onClick={onClose}
            disabled={rename.isPending}
          >
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={rename.isPending}>
            Save name
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteDialog({
  search,
  onClose,
  onDone,
}: {
  search: SavedSearch;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const remove = useDeleteSavedSearch();
  return (
    <Dialog open title="Delete the search?" onClose={onClose} closable={!remove.isPending}>
      <p>
        “{search.name}” will no longer be kept{search.status === 'alerting' ? ' or text you' : ''}.
      </p>
      {remove.error && (
        <div className="alert alert-error" role="alert">
          {remove.error.message}
        </div>
      )}
      <div className="save-search-actions">
        <button
          type="button"
          className="btn btn-outline"
          onClick={onClose}
          disabled={remove.isPending}
        >
          Keep it
        </button>
        <button
          type="button"
          className="btn saved-search-delete"
          disabled={remove.isPending}
          onClick={() => remove.mutate(search.id, { onSuccess: (data) => onDone(data.message) })}
        >
          Delete
        </button>
      </div>
    </Dialog>
  );
}

/** /saved (SAVED-3): the renter's saved searches, Open, Rename and Delete, newest first. */
export function SavedSearchesList() {
  const list = useSavedSearches();
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const [status, setStatus] = useState('');

  const done = (message: string) => {
    setRenaming(null);
    setDeleting(null);
    setStatus(message);
  };

  if (list.isPending)
    return (
      <div className="center-state">
        <Spinner label="Loading your saved searches…" />
      </div>
    );
  if (list.isError)
    return (
      <div className="alert alert-error" role="alert">
        {list.error.message}
      </div>
    );

  const searches = list.data.pages.flatMap((page) => page.saved_searches);
  const first = list.data.pages[0]!;

  return (
    <section className="card account-panel" aria-labelledby="saved-title">
      <div className="account-panel-head">
        <h2 id="saved-title">Your saved searches</h2>
      </div>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {searches.length === 0 ? (
        <div className="saved-searches-empty">
          <p>
            You have no saved searches yet. On the car list, choose a make, your dates, a town or a
            price, then press Save this search: we text you when a matching car becomes free on your
            dates.
          </p>
          <Link to={paths.availableCars.getHref()} className="btn btn-primary">
            Find a car
          </Link>
        </div>
      ) : (
        <>
          <div
            className="account-table-wrap"
            role="region"
            aria-label="Saved searches table"
            tabIndex={0}
          >
            {/* On a phone each row is drawn as a card (CSS); the explicit roles keep it a table
                for screen readers, which a display other than table would otherwise drop. */}
            <table className="account-table saved-searches-table" role="table">
              <thead role="rowgroup">
                <tr role="row">
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" role="columnheader">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup">
                {searches.map((search) => (
                  <tr key={search.id} role="row">
                    <td role="cell" data-label={COLUMNS[0]}>
                      <strong className="saved-search-name">{search.name}</strong>
                      <span className="saved-search-status" data-status={search.status}>
                        {STATUS_LABELS[search.status]}
                      </span>
                    </td>
                    <td role="cell" data-label={COLUMNS[1]}>
                      <ul className="saved-search-phrases" aria-label={`Filters of ${search.name}`}>
                        {describeSearch(search.filters).map((phrase) => (
                          <li key={phrase} className="saved-chip">
                            {phrase}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td role="cell" data-label={COLUMNS[2]}>
                      {search.listings} {search.listings === 1 ? 'car' : 'cars'}
                    </td>
                    <td role="cell" data-label={COLUMNS[3]} className="saved-search-times">
                      {timesText(search)}
                      {search.last_alerted_on && (
                        <span>last {formatDate(search.last_alerted_on)}</span>
                      )}
                    </td>
                    <td role="cell" className="saved-search-action-cell">
                      <div className="saved-search-actions">
                        <Link
                          to={`${paths.availableCars.getHref()}${search.query}`}
                          className="btn btn-outline btn-sm"
                          aria-label={`Open search: ${search.name}`}
                        >
                          Open
                        </Link>
                        <button
                          type="button"
                          className="btn btn-outline btn-sm"
                          aria-label={`Rename search: ${search.name}`}
                          onClick={() => setRenaming(search)}
                        >
                          Rename
                        </button>
                        <button
                          type="button"
                          className="btn btn-danger-outline btn-sm"
                          aria-label={`Delete search: ${search.name}`}
                          onClick={() => setDeleting(search)}
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="saved-searches-more">
            <p>
              Showing {searches.length} of {first.count} saved{' '}
              {first.count === 1 ? 'search' : 'searches'} (you may keep {first.limit}).
            </p>
            {list.hasNextPage && (
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            )}
          </div>
        </>
      )}
      {renaming && (
        <RenameDialog search={renaming} onClose={() => setRenaming(null)} onDone={done} />
      )}
      {deleting && (
        <DeleteDialog search={deleting} onClose={() => setDeleting(null)} onDone={done} />
      )}
    </section>
  );
}
