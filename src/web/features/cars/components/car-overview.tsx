import type { ReactNode } from 'react';
import type { Car } from '../../../../shared/schemas/cars';
import {
  BODY_TYPE_LABELS,
  FUEL_TYPE_LABELS,
  labelOf,
  MISSING,
  TRANSMISSION_LABELS,
} from './car-labels';
import {
  CalendarIcon,
  CarIcon,
  DoorIcon,
  FuelIcon,
  GearIcon,
  SeatIcon,
} from '../../../components/icons';
import './car-overview.css';

const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? MISSING : String(value);

/** The overview (PAGE-6): the description as the body, then the facts; a dash for anything missing. */
export function CarOverview({ car }: { car: Car }) {
  const facts: { label: string; value: string; icon: ReactNode }[] = [
    { label: 'Year', value: orDash(car.year), icon: <CalendarIcon /> },
    {
      label: 'Transmission',
      value: labelOf(TRANSMISSION_LABELS, car.transmission),
      icon: <GearIcon />,
    },
    { label: 'Doors', value: orDash(car.no_of_doors), icon: <DoorIcon /> },
    { label: 'Seat capacity', value: orDash(car.seat_capacity), icon: <SeatIcon /> },
    { label: 'Fuel type', value: labelOf(FUEL_TYPE_LABELS, car.fuel_type), icon: <FuelIcon /> },
    { label: 'Body type', value: labelOf(BODY_TYPE_LABELS, car.body_type), icon: <CarIcon /> },
  ];
  return (
    <section className="overview" aria-labelledby="overview-title">
      <h2 id="overview-title">Overview</h2>
      <p className="overview-body">{orDash(car.description)}</p>
      <dl className="overview-facts">
        {facts.map((fact) => (
          <div key={fact.label} className="overview-fact">
            <dt>
              <span className="overview-icon" aria-hidden="true">
                {fact.icon}
              </span>
              {fact.label}
            </dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
