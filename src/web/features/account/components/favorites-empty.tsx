import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';

/** /favorite with nothing saved yet: how to save a car, and where to find one. */
export function FavoritesEmpty() {
  return (
    <section className="card account-panel center-state" aria-labelledby="favorites-empty-title">
      <svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true">
        <circle cx="48" cy="48" r="44" fill="#e3f2ea" />
        <path
          d="M48 70S28 58 24 46a12 12 0 0 1 24-6 12 12 0 0 1 24 6c-4 12-24 24-24 24z"
          fill="#fff"
          stroke="#0b5d3b"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path d="M40 46h16" stroke="#f5b800" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h2 id="favorites-empty-title">You haven't saved any cars yet</h2>
      <p className="muted">
        Press Save on a car's page to keep it here, so you can compare and book it later.
      </p>
      <Link to={paths.availableCars.getHref()} className="btn btn-primary">
        Browse Cars
      </Link>
    </section>
  );
}
