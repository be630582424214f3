import { useId } from 'react';
import { CAR_FEATURE_LABELS, CAR_FEATURES, hasFeature } from '../../../../shared/car-facets';
import {
  BODY_TYPE_LABELS,
  FUEL_TYPE_LABELS,
  TRANSMISSION_LABELS,
} from '../../../../shared/car-labels';
import { formatCedisWhole, formatPricePerDay } from '../../../../shared/money';
import type { Car } from '../../../../shared/schemas/cars';
import { CarImage } from '../../../components/car-image';
import {
  CheckIcon,
  DoorIcon,
  FuelIcon,
  GearIcon,
  PinIcon,
  SeatIcon,
} from '../../../components/icons';
import { Link } from '../../../lib/router';
import { branchLabel } from '../../../lib/branch-label';

interface InventoryRowProps {
  car: Car;
  href: string;
  eager?: boolean;
}

/**
 * One car as a row: photo on the left, facts in the middle, price on the right (stacked on a
 * phone). Like the grid's card, the whole row is one link named by the car's title.
 */
export function InventoryRow({ car, href, eager = false }: InventoryRowProps) {
  const titleId = useId();
  const priceId = useId();
  const features = CAR_FEATURES.filter((f) => hasFeature(car, f));
  return (
    <article className="inventory-row">
      <Link
        to={href}
        className="inventory-row-link"
        aria-labelledby={titleId}
        aria-describedby={priceId}
      >
        <div className="inventory-row-media">
          <CarImage src={car.images[0]?.image_url} alt="" loading={eager ? 'eager' : 'lazy'} />
          <span className="inventory-row-type">{BODY_TYPE_LABELS[car.body_type]}</span>
        </div>
        <div className="inventory-row-body">
          <p className="inventory-row-place">
            <PinIcon size={14} />
            {branchLabel(car.branch)}
          </p>
          <h2 className="inventory-row-title" id={titleId}>
            {car.year} {car.make} {car.model}
          </h2>
          <ul className="inventory-row-specs" aria-label="Key facts">
            <li>
              <GearIcon size={15} />
              {TRANSMISSION_LABELS[car.transmission]}
            </li>
            <li>
              <FuelIcon size={15} />
              {FUEL_TYPE_LABELS[car.fuel_type]}
            </li>
            {car.seat_capacity !== null && (
              <li>
                <SeatIcon size={15} />
                {car.seat_capacity} seats
              </li>
            )}
            {car.no_of_doors !== null && (
              <li>
                <DoorIcon size={15} />
                {car.no_of_doors} doors
              </li>
            )}
          </ul>
          <p className="inventory-row-description">{car.description}</p>
          {features.length > 0 && (
            <ul className="inventory-row-features" aria-label="Key features">
              {features.map((f) => (
                <li key={f}>
                  <CheckIcon size={13} />
                  {CAR_FEATURE_LABELS[f]}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="inventory-row-aside">
          <p className="inventory-row-price" id={priceId}>
            <strong>{formatPricePerDay(car.price)}</strong>
            {car.oldPrice !== null && (
              <del>
                <span className="visually-hidden">was </span>
                {formatCedisWhole(car.oldPrice)}
              </del>
            )}
          </p>
          <span className="btn btn-primary btn-sm inventory-row-cta" aria-hidden="true">
            View details
          </span>
        </div>
      </Link>
    </article>
  );
}
