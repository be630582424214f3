import { useEffect, useState } from 'react';
import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../../shared/dates';
import { formatCedis, formatPricePerDay } from '../../../../shared/money';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  DOCUMENT_STATE_LABELS,
  type DocumentState,
} from '../../../../shared/documents';
import type {
  DashboardResponse,
  DashboardTrip,
  Owed,
  PastTrip,
} from '../../../../shared/schemas/account-dashboard';
import type { Car } from '../../../../shared/schemas/cars';
import { CarImage } from '../../../components/car-image';
import './dashboard.css';

const MINUTE = 60_000;

/** The clock, moved on every half minute: enough for a countdown in minutes. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE / 2);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** '2 days 5 hours', '3 hours 20 minutes', '12 minutes': how long until a moment. */
export function countdownWords(ms: number): string {
  const minutes = Math.max(0, Math.ceil(ms / MINUTE));
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = minutes % 60;
  if (days > 0)
    return hours ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours > 0)
    return mins ? `${plural(hours, 'hour')} ${plural(mins, 'minute')}` : plural(hours, 'hour');
  return plural(mins, 'minute');
}

const STATE_BADGES: Record<DocumentState, string> = {
  verified: 'badge badge-green',
  pending: 'badge badge-amber',
  rejected: 'badge badge-red',
  missing: 'badge badge-grey',
};

/** AREA-2: what to bring to the counter, with where each document stands. */
function WhatToBring({ documents }: { documents: DashboardResponse['documents'] }) {
  const allVerified = DOCUMENT_KINDS.every((kind) => documents[kind] === 'verified');
  return (
    <div className="trip-bring">
      <h3>What to bring</h3>
      <ul className="bring-list">
        {DOCUMENT_KINDS.map((kind) => (
          <li key={kind}>
            <span>Your {DOCUMENT_KIND_LABELS[kind]}</span>
            <span className={STATE_BADGES[documents[kind]]}>
              {DOCUMENT_STATE_LABELS[documents[kind]]}
            </span>
          </li>
        ))}
      </ul>
      {!allVerified && (
        <p className="muted">
          Upload both on your <Link to={paths.profile.getHref()}>profile</Link> before pickup, so we
          can check them in advance.
        </p>
      )}
    </div>
  );
}

/** AREA-2: the trip under way, or the next one, with its countdown. */
export function TripPanel({
  trip,
  documents,
}: {
  trip: DashboardTrip | null;
  documents: DashboardResponse['documents'];
}) {
  const now = useNow();
  if (!trip) {
    return (
      <section className="card account-panel" aria-labelledby="trip-title">
        <div className="account-panel-head">
          <h2 id="trip-title">Your next trip</h2>
        </div>
        <p className="muted">You have no trip booked.</p>
        <Link to={paths.availableCars.getHref()} className="btn btn-primary">
          Browse Cars
        </Link>
        <WhatToBring documents={documents} />
      </section>
    );
  }
  const target = Date.parse(trip.under_way ? trip.return_at : trip.pickup_at);
  const left = target - now;
  const when = trip.under_way
    ? left > 0
      ? `Return in ${countdownWords(left)}`
      : 'Return time has passed'
    : left > 0
      ? `Pickup in ${countdownWords(left)}`
      : 'Pickup time has come';
  return (
    <section className="card account-panel trip-panel" aria-labelledby="trip-title">
      <div className="account-panel-head">
        <h2 id="trip-title">{trip.under_way ? 'Your trip under way' : 'Your next trip'}</h2>
        <span className="badge badge-amber trip-countdown">{when}</span>
      </div>
      <div className="trip-main">
        <CarImage
          src={trip.car.image?.image_url}
          alt={trip.car.image?.alt ?? trip.car.title}
          className="trip-image"
          width={320}
          height={192}
        />
        <dl className="trip-facts">
          <div>
            <dt>Car</dt>
            <dd>{trip.car.title}</dd>
          </div>
          <div>
            <dt>{trip.delivery_address ? 'Delivered to' : 'Pickup at'}</dt>
            <dd>{trip.delivery_address ?? `${trip.branch.name}, ${trip.branch.town}`}</dd>
          </div>
          <div>
            <dt>Pickup</dt>
            <dd>
              {formatDate(trip.start_date)}, {trip.pickup_time}
            </dd>
          </div>
          <div>
            <dt>Return</dt>
            <dd>
              {formatDate(trip.end_date)}, {trip.return_time} at {trip.branch.name}
            </dd>
          </div>
        </dl>
      </div>
      <p>
        <Link to={paths.booking.getHref(trip.booking_code)} className="btn btn-outline btn-sm">
          View booking {trip.booking_code}
        </Link>
      </p>
      {!trip.under_way && <WhatToBring documents={documents} />}
    </section>
  );
}

const OWED_WORDS: Record<Owed['kind'], { text: string; action: string }> = {
  pay_now: { text: 'Pay on pickup, or pay now by mobile money.', action: 'Pay now' },
  approve: { text: 'A mobile money prompt is waiting on your phone.', action: 'Approve payment' },
  top_up: {
    text: 'The difference after your change, by mobile money.',
    action: 'Pay the difference',
  },
  at_counter: { text: 'To pay at the branch.', action: 'View booking' },
};

/** AREA-3: what the renter owes, each with the way to pay it on the booking's page. */
export function OwedPanel({ owed }: { owed: Owed[] }) {
  const total = owed.reduce((sum, item) => sum + item.amount, 0);
  return (
    <section className="card account-panel" aria-labelledby="owed-title">
      <div className="account-panel-head">
        <h2 id="owed-title">What you owe</h2>
        {owed.length > 0 && <strong className="owed-total">{formatCedis(total)}</strong>}
      </div>
      {owed.length === 0 ? (
        <p className="muted">Nothing to pay right now.</p>
      ) : (
        <ul className="owed-list">
          {owed.map((item) => (
            <li key={`${item.booking_code}-${item.kind}`}>
              <div>
                <p className="owed-what">
                  <strong>{formatCedis(item.amount)}</strong> for the {item.car_title} (
                  {item.booking_code}), from {formatDate(item.start_date)}
                </p>
                <p className="muted">{OWED_WORDS[item.kind].text}</p>
              </div>
              <Link
                to={paths.booking.getHref(item.booking_code)}
                className={
                  item.kind === 'at_counter' ? 'btn btn-outline btn-sm' : 'btn btn-primary btn-sm'
                }
              >
                {OWED_WORDS[item.kind].action}
                <span className="visually-hidden"> for booking {item.booking_code}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** AREA-4: the latest trips, each asking for a review until one is written (REVIEW-1). */
export function PastTripsPanel({ trips }: { trips: PastTrip[] }) {
  return (
    <section className="card account-panel" aria-labelledby="past-title">
      <div className="account-panel-head">
        <h2 id="past-title">Past trips</h2>
        <Link to={paths.bookingHistory.getHref()} className="stat-link">
          All my bookings
        </Link>
      </div>
      {trips.length === 0 ? (
        <p className="muted">Your completed trips will show here.</p>
      ) : (
        <ul className="past-list">
          {trips.map((trip) => (
            <li key={trip.booking_code}>
              <CarImage
                src={trip.car.image?.image_url}
                alt=""
                className="past-image"
                width={96}
                height={58}
              />
              <div>
                <p className="past-title">{trip.car.title}</p>
                <p className="muted">
                  {formatDate(trip.start_date)} to {formatDate(trip.end_date)}
                </p>
              </div>
              <Link
                to={paths.booking.getHref(trip.booking_code)}
                className={trip.can_review ? 'btn btn-primary btn-sm' : 'btn btn-ghost btn-sm'}
              >
                {trip.can_review ? 'Rate this trip' : 'View'}
                <span className="visually-hidden">
                  {' '}
                  {trip.car.title}, {trip.booking_code}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** AREA-4: the newest favourites, each opening its car's page. */
export function FavouritesPanel({ cars, total }: { cars: Car[]; total: number }) {
  return (
    <section className="card account-panel" aria-labelledby="fav-title">
      <div className="account-panel-head">
        <h2 id="fav-title">Favourites</h2>
        {total > 0 && (
          <Link to={paths.favorite.getHref()} className="stat-link">
            All {total} saved
          </Link>
        )}
      </div>
      {cars.length === 0 ? (
        <p className="muted">Press Save on a car’s page to keep it here, on every device.</p>
      ) : (
        <ul className="fav-list">
          {cars.map((car) => (
            <li key={car.id}>
              <Link to={paths.carDetails.getHref(car.id)} className="fav-link">
                <CarImage
                  src={car.images[0]?.image_url}
                  alt=""
                  className="past-image"
                  width={96}
                  height={58}
                />
                <span>
                  <span className="past-title">{car.title}</span>
                  <span className="muted">{formatPricePerDay(car.price)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
