import { useId, useState, type ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';
import { sampleListings, sampleNotifications, samplePageViews, sampleStats } from '../sample-data';
import './dashboard.css';

function StatTile({
  label,
  value,
  to,
  note,
  icon,
}: {
  label: string;
  /** Null: not known in this render (the server's first paint has no browser storage). */
  value: number | null;
  to: string;
  note: string;
  icon: ReactNode;
}) {
  return (
    <li className="card stat-tile">
      <span className="stat-icon" aria-hidden="true">
        {icon}
      </span>
      <div>
        <p className="stat-label">{label}</p>
        <p className="stat-value">{value ?? '\u00a0'}</p>
        <Link to={to} className="stat-link">
          {note}
          <span className="visually-hidden"> ({label})</span>
        </Link>
      </div>
    </li>
  );
}

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

/**
 * The dashboard tiles (PAGE-11). My Favorites counts the cars really saved in this browser
 * (null: not known yet, as in the page's first paint from the server).
 */
export function StatTiles({ favorites }: { favorites: number | null }) {
  return (
    <ul className="stat-tiles">
      <StatTile
        label="My Listings"
        value={sampleStats.listings}
        to={paths.myListings.getHref()}
        note="View listings"
        icon={tileIcon('M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01')}
      />
      <StatTile
        label="Total Saved Search"
        value={sampleStats.savedSearches}
        to={paths.saved.getHref()}
        note="View searches"
        icon={tileIcon('M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-4.3-4.3')}
      />
      <StatTile
        label="Messages"
        value={sampleStats.messages}
        to={paths.messages.getHref()}
        note="Open messages"
        icon={tileIcon('M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z')}
      />
      <StatTile
        label="My Favorites"
        value={favorites}
        to={paths.favorite.getHref()}
        note="View favorites"
        icon={tileIcon('M12 20s-7-4.4-9.3-9A5 5 0 0 1 12 6a5 5 0 0 1 9.3 5c-2.3 4.6-9.3 9-9.3 9z')}
      />
    </ul>
  );
}

const RANGES = [
  { days: 7, label: 'Last 7 days' },
  { days: 14, label: 'Last 14 days' },
  { days: 30, label: 'Last 30 days' },
] as const;

/** The 'Car Page Views' graph (PAGE-11) with its car and date-range selectors (sample figures). */
export function PageViewsChart() {
  const id = useId();
  const [listingId, setListingId] = useState(sampleListings[0]!.id);
  const [days, setDays] = useState<number>(7);
  const listing = sampleListings.find((l) => l.id === listingId)!;
  const views = samplePageViews(listingId, days);
  const max = Math.max(...views);
  const total = views.reduce((a, b) => a + b, 0);
  const width = 600;
  const height = 200;
  const step = width / views.length;
  const barW = Math.max(4, step * 0.62);
  const yMax = Math.ceil(max / 10) * 10;
  const carName = `${listing.year} ${listing.make} ${listing.model}`;

  return (
    <section className="card account-panel" aria-labelledby={`${id}-title`}>
      <div className="account-panel-head">
        <h2 id={`${id}-title`}>Car Page Views</h2>
        <div className="panel-controls">
          <div className="field">
            <label htmlFor={`${id}-car`}>Car</label>
            <select
              id={`${id}-car`}
              className="select"
              value={listingId}
              onChange={(e) => setListingId(Number(e.target.value))}
            >
              {sampleListings.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.make} {l.model} {l.year}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-range`}>Period</label>
            <select
              id={`${id}-range`}
              className="select"
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
            >
              {RANGES.map((r) => (
                <option key={r.days} value={r.days}>
                  {r.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <p className="chart-summary">
        <strong>{total.toLocaleString('en-GH')}</strong> views of the {carName} in the last {days}{' '}
        days
      </p>
      <svg
        className="chart"
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Bar chart of daily page views of the ${carName} over the last ${days} days: ${total} in all, at most ${max} in a day.`}
      >
        {[0, 0.5, 1].map((f) => (
          <line
            key={f}
            x1="0"
            x2={width}
            y1={height * (1 - f)}
            y2={height * (1 - f)}
            stroke="#e2e6ea"
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {views.map((v, i) => {
          const h = (v / yMax) * (height - 4);
          const x = i * step + (step - barW) / 2;
          return (
            <rect
              key={i}
              x={x}
              y={height - h}
              width={barW}
              height={h}
              rx="2"
              fill={i === views.length - 1 ? '#f5b800' : '#0f7a4c'}
            />
          );
        })}
      </svg>
      {/* Labels in HTML, so they keep their size however the drawing is stretched. */}
      <div className="chart-axis" aria-hidden="true">
        <span>{days} days ago</span>
        <span>Up to {yMax} a day</span>
        <span>Today</span>
      </div>
    </section>
  );
}

export function NotificationsList() {
  return (
    <section className="card account-panel" aria-labelledby="notifications-title">
      <div className="account-panel-head">
        <h2 id="notifications-title">Notifications</h2>
      </div>
      <ul className="notifications">
        {sampleNotifications.map((n) => (
          <li key={n.id}>
            <span className="notification-dot" aria-hidden="true" />
            <div>
              <p>{n.text}</p>
              <p className="muted">{n.when}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
