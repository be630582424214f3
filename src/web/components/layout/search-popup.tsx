import { useDeferredValue, useId, useState } from 'react';
import { Link } from '../../lib/router';
import { formatPricePerDay } from '../../../shared/money';
import { paths } from '../../config/paths';
import { useCars } from '../../lib/car-list';
import { Dialog } from '../dialog';
import { Spinner } from '../spinner';

/** The search popup (a required field), looking up the real fleet by title (CAT-8). */
export default function SearchPopup({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim());
  const inputId = useId();
  const results = useCars({ q: query, limit: 6 }, { enabled: query.length >= 2 });
  const cars = query.length >= 2 ? (results.data?.all_cars ?? []) : [];

  return (
    <Dialog open title="Search cars" onClose={onClose}>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={inputId}>Make, model or year</label>
          <input
            id={inputId}
            className="input"
            type="search"
            name="search"
            required
            data-autofocus
            autoComplete="off"
            placeholder="e.g. Toyota Corolla 2022"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </form>
      <div aria-live="polite" className="search-results">
        {query.length >= 2 && results.isFetching && !results.data && (
          <Spinner small label="Searching…" />
        )}
        {query.length >= 2 && results.data && cars.length === 0 && (
          <p className="muted">No cars match “{query}”.</p>
        )}
        {cars.length > 0 && (
          <ul>
            {cars.map((car) => (
              <li key={car.id}>
                <Link to={paths.inventorySingle.getHref(car.id)} onClick={onClose}>
                  <span className="search-title">{car.title}</span>
                  <span className="search-price">{formatPricePerDay(car.price)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
