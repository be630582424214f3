import { formatDate } from '../../../../shared/dates';
import { useAvailabilityFor } from '../api/availability';

interface DateRange {
  start_date: string;
  end_date: string;
}

interface TripAvailabilityProps {
  carId: number;
  /** The chosen dates; null until both are chosen and valid. */
  window: { from: string; to: string } | null;
  /** The renter takes the next free dates: the form fills them in. */
  onChoose: (range: DateRange) => void;
}

const rangeText = (r: DateRange) =>
  r.start_date === r.end_date
    ? formatDate(r.start_date)
    : `${formatDate(r.start_date)} – ${formatDate(r.end_date)}`;

/**
 * BOOK-17: as soon as both dates are chosen, whether the car is free for them, and if not
 * the next free dates of the same length as a button that fills them in. Announced politely
 * (a live region that stays in the page, so screen readers hear each new answer).
 */
export function TripAvailability({ carId, window, onChoose }: TripAvailabilityProps) {
  const availability = useAvailabilityFor(carId, window);
  const data = availability.data;
  // An answer for other dates (the renter is still changing them) is not shown as this one's.
  const current = data && window && data.from === window.from && data.to === window.to;

  let content = null;
  if (!window) {
    content = null;
  } else if (availability.isError) {
    content = (
      <p className="trip-availability is-unknown">
        We could not check these dates just now; the summary will.
      </p>
    );
  } else if (!current || availability.isFetching) {
    content = <p className="trip-availability is-checking">Checking these dates…</p>;
  } else if (data.available) {
    content = (
      <p className="trip-availability is-free">
        <span className="trip-availability-mark" aria-hidden="true">
          ✓
        </span>{' '}
        Available on these dates
      </p>
    );
  } else {
    content = (
      <div className="trip-availability is-taken">
        <p>
          <strong>Booked on these dates.</strong>{' '}
          {data.next_free
            ? `The next free dates for a trip this long: ${rangeText(data.next_free)}.`
            : 'No free dates of this length soon: try shorter dates or another car.'}
        </p>
        {data.next_free && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => onChoose(data.next_free!)}
          >
            Use {rangeText(data.next_free)}
          </button>
        )}
      </div>
    );
  }

  return (
    <div className="trip-availability-region" role="status" aria-live="polite">
      {content}
    </div>
  );
}
