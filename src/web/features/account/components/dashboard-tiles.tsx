import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';
import type { DashboardFigures } from '../../../../shared/schemas/account-dashboard';

const tileIcon = (d: string) => (
  <svg
    width="24"
    height="24"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={d} />
  </svg>
);

interface Tile {
  figure: keyof DashboardFigures;
  label: string;
  to: string;
  note: string;
  icon: ReactNode;
}

/**
 * The first version's four tiles in their order (PAGE-11, AREA-1), each showing one figure of the dashboard's
 * answer. A renter sees Trips where a partner owner sees My Listings. A figure that does not
 * exist yet has no tile, rather than a made-up number: when `saved_searches` and
 * `unread_messages` join DashboardFiguresSchema, their tiles go in here, Total Saved Search and
 * Messages between Trips and My Favorites, e.g.
 *   { figure: 'saved_searches', label: 'Total Saved Search', to: paths.saved.getHref(), … }
 */
const TILES: Tile[] = [
  {
    figure: 'trips',
    label: 'Trips',
    to: paths.bookingHistory.getHref(),
    note: 'My bookings',
    icon: tileIcon(
      'M5 17h14M6 17l1.5-6h9L18 17M8 11l1-4h6l1 4M7 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2zM17 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
    ),
  },
  {
    figure: 'saved_searches',
    label: 'Total Saved Search',
    to: paths.saved.getHref(),
    note: 'Saved searches',
    icon: tileIcon('M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4M8 11h6M11 8v6'),
  },
  {
    figure: 'unread_messages',
    label: 'Messages',
    to: paths.messages.getHref(),
    note: 'Unread, from us',
    icon: tileIcon('M4 5h16v11H8l-4 4V5z'),
  },
  {
    figure: 'favourites',
    label: 'My Favorites',
    to: paths.favorite.getHref(),
    note: 'View favorites',
    icon: tileIcon('M12 20s-7-4.4-9.3-9A5 5 0 0 1 12 6a5 5 0 0 1 9.3 5c-2.3 4.6-9.3 9-9.3 9z'),
  },
];

/** The tiles; `figures` null while they load (the numbers left blank, never zero). */
export function StatTiles({ figures }: { figures: DashboardFigures | null }) {
  return (
    <ul className="stat-tiles">
      {TILES.map((tile) => (
        <li key={tile.figure} className="card stat-tile">
          <span className="stat-icon" aria-hidden="true">
            {tile.icon}
          </span>
          <div>
            <p className="stat-label">{tile.label}</p>
            <p className="stat-value">{figures ? figures[tile.figure] : '\u00a0'}</p>
            <Link to={tile.to} className="stat-link">
              {tile.note}
              <span className="visually-hidden"> ({tile.label})</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
