import type { Car } from '../../../../shared/schemas/cars';
import { paths } from '../../../config/paths';
import type { TripDates } from '../../../lib/trip-dates';
import { CarCard } from './car-card';

interface CarGridProps {
  cars: readonly Car[];
  /** How many cards load their image at once (the first screenful); the rest lazily. */
  eagerCount?: number;
  headingLevel?: 'h2' | 'h3';
  busy?: boolean;
  /** The list's chosen dates, handed on to each car's page (PAGE-8). */
  dates?: TripDates | null;
}

/** The card grid of home and the list page (.grid-cars: 1 → 2 → 3 → 4 columns). */
export function CarGrid({
  cars,
  eagerCount = 0,
  headingLevel,
  busy = false,
  dates = null,
}: CarGridProps) {
  return (
    <ul
      className={busy ? 'grid-cars car-grid is-busy' : 'grid-cars car-grid'}
      aria-busy={busy || undefined}
    >
      {cars.map((car, index) => (
        <li key={car.id}>
          <CarCard
            car={car}
            eager={index < eagerCount}
            headingLevel={headingLevel}
            href={dates ? paths.carDetails.getHref(car.id, dates) : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
