import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';

/** PAGE-8: /booking-details without a car in navigation state. */
export function NoCarState() {
  return (
    <div className="center-state no-car-state">
      <svg className="no-car-art" viewBox="0 0 320 180" aria-hidden="true">
        <ellipse cx="160" cy="150" rx="130" ry="10" fill="#e2e6ea" />
        <path
          d="M62 132c3-20 15-31 35-33l25-23c7-6 14-8 23-8h50c10 0 19 4 25 13l16 20c17 2 29 10 31 25l2 6H62z"
          fill="#e2e6ea"
          stroke="#c9d0d6"
          strokeWidth="3"
          strokeDasharray="8 6"
        />
        <circle cx="106" cy="136" r="17" fill="#c9d0d6" />
        <circle cx="228" cy="136" r="17" fill="#c9d0d6" />
        <circle cx="250" cy="48" r="26" fill="#fde8e7" />
        <path
          d="M240 38l20 20M260 38l-20 20"
          stroke="#b42318"
          strokeWidth="5"
          strokeLinecap="round"
        />
      </svg>
      <h1 className="no-car-title">No car selected</h1>
      <p className="muted">Choose a car first, then press Rent Now on its page to book it.</p>
      <Link to={paths.availableCars.getHref()} className="btn btn-primary">
        View All Cars
      </Link>
    </div>
  );
}
