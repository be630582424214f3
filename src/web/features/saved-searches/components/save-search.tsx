import { useId, useState, type FormEvent } from 'react';
import {
  SAVED_SEARCH_NAME_MAX,
  savedSearchMessages as m,
  type SavedSearchFilters,
} from '../../../../shared/saved-searches';
import { Dialog } from '../../../components/dialog';
import { FieldMessages, describedBy } from '../../../components/form-fields';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { Link } from '../../../lib/router';
import { useSaveSearch } from '../api/saved-searches';
import { describeSearch, suggestedName } from '../describe-search';
import './saved-searches.css';

/**
 * The car list's `Save this search` (SAVED-1): a dialog asking for a name, showing what will
 * be kept, and saying whether it will text (only with dates, SAVED-5).
 */
export function SaveSearch({ filters }: { filters: SavedSearchFilters }) {
  const id = useId();
  const save = useSaveSearch();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const phrases = describeSearch(filters);
  const dated = Boolean(filters.start_date && filters.end_date);

  function openDialog() {
    setName(suggestedName(filters));
    setNameError(undefined);
    setDone(null);
    save.reset();
    setOpen(true);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(m.nameRequired);
    if (trimmed.length > SAVED_SEARCH_NAME_MAX) return setNameError(m.nameTooLong);
    setNameError(undefined);
    // Only the filters that are set: the API reads a missing one as "any".
    const set = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== null));
    save.mutate(
      { name: trimmed, ...set },
      {
        onSuccess: (data) => {
          setOpen(false);
          setDone(data.message);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.errors.name) setNameError(error.errors.name[0]);
        },
      },
    );
  }

  const error = save.error;
  // A field error other than the name's (dates gone by, no filter) reads as the whole answer.
  const otherError =
    error instanceof ApiError
      ? Object.entries(error.errors).find(([field]) => field !== 'name')?.[1][0]
      : undefined;
  const formError =
    error && !(error instanceof ApiError && error.errors.name)
      ? (otherError ?? error.message)
      : null;

  return (
    <div className="save-search">
      <button type="button" className="btn btn-outline" onClick={openDialog}>
        Save this search
      </button>
      <p className="save-search-done" role="status">
        {done && (
          <>
            {done} <Link to={paths.saved.getHref()}>See your saved searches</Link>
          </>
        )}
      </p>
      <Dialog
        open={open}
        title="Save this search"
        onClose={() => setOpen(false)}
        closable={!save.isPending}
      >
        {phrases.length === 0 ? (
          <>
            <p>{m.noFilters}.</p>
            <div className="save-search-actions">
              <button type="button" className="btn btn-primary" onClick={() => setOpen(false)}>
                Choose filters
              </button>
            </div>
          </>
        ) : (
          <form noValidate onSubmit={submit}>
            <p className="save-search-what">It keeps:</p>
            <ul className="saved-search-phrases" aria-label="Filters kept">
              {phrases.map((phrase) => (
                <li key={phrase} className="saved-chip">
                  {phrase}
                </li>
              ))}
            </ul>
            <p className="muted save-search-hint">
              {dated
                ? 'We will text you when a car like this becomes free on these dates (at most once a day).'
                : 'Add dates to the search to be texted when a matching car becomes free on them.'}
            </p>
            <div className="field">
              <label htmlFor={`${id}-name`}>Name of the search</label>
              <input
                id={`${id}-name`}
                className="input"
                value={name}
                maxLength={SAVED_SEARCH_NAME_MAX + 20}
                autoComplete="off"
                data-autofocus
                aria-invalid={nameError ? true : undefined}
                aria-describedby={describedBy(`${id}-name`, null, nameError)}
                onChange={(e) => setName(e.target.value)}
              />
              <FieldMessages id={`${id}-name`} error={nameError} />
            </div>
            {formError && (
              <div className="alert alert-error" role="alert">
                {formError}
              </div>
            )}
            <div className="save-search-actions">
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => setOpen(false)}
                disabled={save.isPending}
              >
                Cancel
              </button>
              <button type="submit" className="btn btn-primary" disabled={save.isPending}>
                {save.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
                Save search
              </button>
            </div>
          </form>
        )}
      </Dialog>
    </div>
  );
}
