import type { ReactNode } from 'react';
import { formatDate } from '../../../../shared/dates';
import type { BranchSummary } from '../../../../shared/schemas/branches';
import { destinationTypeLabel } from '../../../lib/destination-label';
import { branchLabel } from '../../../lib/branch-label';

/** The trip as a summary, a booking or a change shows it. */
export interface TripFacts {
  start_date: string;
  end_date: string;
  pickup_time: string;
  return_time: string;
  destination: string;
  destination_type: number;
  chauffeur: boolean;
  child_seat: boolean;
  delivery_address: string | null;
}

/** The extras chosen, in words ('Chauffeur, child seat'), or 'None'. */
export function extrasOf(trip: Pick<TripFacts, 'chauffeur' | 'child_seat'>): string {
  const chosen = [trip.chauffeur && 'Chauffeur', trip.child_seat && 'Child seat'].filter(Boolean);
  return chosen.length ? chosen.join(', ') : 'None';
}

/** '20 Dec 2026 at 09:00'. */
export const dateAndTime = (date: string, time: string) => `${formatDate(date)} at ${time}`;

/**
 * When, where (BRANCH-3: picked up and returned at the car's branch, or delivered) and with
 * what: the trip's lines on the summary, the booking's page and the change dialog.
 */
export function TripLines({
  trip,
  branch,
  children,
}: {
  trip: TripFacts;
  branch: BranchSummary;
  /** More rows, after the trip's own. */
  children?: ReactNode;
}) {
  return (
    <dl className="trip-lines">
      <div>
        <dt>Pick-up</dt>
        <dd>{dateAndTime(trip.start_date, trip.pickup_time)}</dd>
      </div>
      <div>
        <dt>Return</dt>
        <dd>{dateAndTime(trip.end_date, trip.return_time)}</dd>
      </div>
      <div>
        <dt>{trip.delivery_address ? 'Return to' : 'Branch'}</dt>
        <dd>{branchLabel(branch)}</dd>
      </div>
      {trip.delivery_address && (
        <div>
          <dt>Delivered to</dt>
          <dd>{trip.delivery_address}</dd>
        </div>
      )}
      <div>
        <dt>Destination</dt>
        <dd>
          {trip.destination}
          <span className="muted">
            {' '}
            · {destinationTypeLabel(trip.destination_type, branch.town)}
          </span>
        </dd>
      </div>
      <div>
        <dt>Extras</dt>
        <dd>{extrasOf(trip)}</dd>
      </div>
      {children}
    </dl>
  );
}
