import { useId, useState } from 'react';
import { formatDate, todayInAccra } from '../../../../shared/dates';
import { messages } from '../../../../shared/messages';
import { CloseIcon } from '../../../components/icons';
import './date-range-filter.css';

interface DateRangeFilterProps {
  startDate: string | null;
  endDate: string | null;
  /** Called once both dates are set and make sense. */
  onApply: (startDate: string, endDate: string) => void;
  onClear: () => void;
}

/**
 * CAT-3: with both dates set the list shows only cars free on every day of the
 * range. Dates start at today in Accra. The parent remounts this (key) when the URL changes,
 * so the fields follow back/forward.
 */
export function DateRangeFilter({ startDate, endDate, onApply, onClear }: DateRangeFilterProps) {
  const id = useId();
  const today = todayInAccra();
  const [start, setStart] = useState(startDate ?? '');
  const [end, setEnd] = useState(endDate ?? '');

  const startError = start && start < today ? messages.booking.startInPast : null;
  const endError = start && end && end < start ? messages.booking.endBeforeStart : null;
  const waiting = Boolean(start) !== Boolean(end) && !startError;
  const hint = waiting
    ? start
      ? 'Choose a return date to see the cars free on those days.'
      : 'Choose a pick-up date too.'
    : startDate && endDate
      ? `Showing cars free from ${formatDate(startDate)} to ${formatDate(endDate)}.`
      : 'Add your dates to see only the cars that are free.';

  function update(nextStart: string, nextEnd: string) {
    setStart(nextStart);
    setEnd(nextEnd);
    if (nextStart && nextEnd && nextStart >= today && nextEnd >= nextStart)
      onApply(nextStart, nextEnd);
  }

  return (
    <fieldset className="date-range">
      <legend className="visually-hidden">Only cars free on these dates</legend>
      <div className="date-range-fields">
        <div className="date-range-field">
          <label htmlFor={`${id}-start`}>Pick-up date</label>
          <input
            id={`${id}-start`}
            className="input"
            type="date"
            name="start_date"
            min={today}
            value={start}
            aria-invalid={startError ? true : undefined}
            aria-describedby={startError ? `${id}-start-error` : undefined}
            onChange={(event) => {
              const value = event.target.value;
              // A return date before the new pick-up date no longer makes sense.
              update(value, end && value && end < value ? '' : end);
            }}
          />
          {startError && (
            <span className="field-error" id={`${id}-start-error`}>
              {startError}
            </span>
          )}
        </div>
        <div className="date-range-field">
          <label htmlFor={`${id}-end`}>Return date</label>
          <input
            id={`${id}-end`}
            className="input"
            type="date"
            name="end_date"
            min={start && start > today ? start : today}
            value={end}
            aria-invalid={endError ? true : undefined}
            aria-describedby={endError ? `${id}-end-error` : undefined}
            onChange={(event) => update(start, event.target.value)}
          />
          {endError && (
            <span className="field-error" id={`${id}-end-error`}>
              {endError}
            </span>
          )}
        </div>
        {(start || end) && (
          <button
            type="button"
            className="btn btn-ghost btn-sm date-range-clear"
            onClick={() => {
              setStart('');
              setEnd('');
              onClear();
            }}
          >
            <CloseIcon size={16} />
            Clear dates
          </button>
        )}
      </div>
      <p className="date-range-hint" role="status">
        {hint}
      </p>
    </fieldset>
  );
}
