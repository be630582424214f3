import { useId } from 'react';
import { Link } from '../../../lib/router';
import type { Car } from '../../../../shared/schemas/cars';
import { formatCedisWhole, formatPricePerDay } from '../../../../shared/money';
import { CarImage } from '../../../components/car-image';
import { paths } from '../../../config/paths';
import { branchLabel } from '../../../lib/branch-label';
import { BODY_TYPE_LABELS, TRANSMISSION_LABELS } from './car-labels';
import { ArrowRightIcon, GearIcon, PinIcon, SeatIcon } from '../../../components/icons';
import './car-card.css';

interface CarCardProps {
  car: Car;
  /** Cards in the first screenful load their image at once; the rest wait until scrolled to. */
  eager?: boolean;
  headingLevel?: 'h2' | 'h3';
  /** Where the card leads; the details page unless a page says otherwise (the inventory pages). */
  href?: string;
}

/**
 * One car in a grid. The whole card is a single link to /car-details?id=… that also carries
 * the car in navigation state, so the details page shows it at once (PAGE-6).
 * The link is named by the car's title and described by its price, so a screen reader hears
 * "2022 Toyota Land Cruiser 300, link, GH₵ 3,200/Day" rather than the whole card.
 */
export function CarCard({ car, eager = false, headingLevel: Heading = 'h3', href }: CarCardProps) {
  const titleId = useId();
  const priceId = useId();
  const firstImage = car.images[0];
  const saving = car.oldPrice !== null && car.oldPrice > car.price ? car.oldPrice - car.price : 0;

  return (
    <article className="car-card">
      <Link
        to={href ?? paths.carDetails.getHref(car.id)}
        state={{ car }}
        className="car-card-link"
        aria-labelledby={titleId}
        aria-describedby={priceId}
      >
        <div className="car-card-media">
          <CarImage src={firstImage?.image_url} alt="" loading={eager ? 'eager' : 'lazy'} />
          <span className="car-card-type">{BODY_TYPE_LABELS[car.body_type] ?? car.body_type}</span>
          {saving > 0 && <span className="car-card-deal">Save {formatCedisWhole(saving)}</span>}
        </div>
        <div className="car-card-body">
          <Heading className="car-card-title" id={titleId}>
            <span className="visually-hidden">{car.year} </span>
            {car.make} {car.model}
          </Heading>
          <ul className="car-card-specs" aria-label="Key facts">
            <li>{car.year}</li>
            <li>
              <GearIcon size={15} />
              {TRANSMISSION_LABELS[car.transmission] ?? car.transmission}
            </li>
            {car.seat_capacity !== null && (
              <li>
                <SeatIcon size={15} />
                {car.seat_capacity} seats
              </li>
            )}
            <li>
              <PinIcon size={15} />
              <span className="visually-hidden">At </span>
              {branchLabel(car.branch)}
            </li>
          </ul>
          <p className="car-card-description">{car.description}</p>
          <div className="car-card-footer">
            <p className="car-card-price" id={priceId}>
              <strong>{formatPricePerDay(car.price)}</strong>
              {car.oldPrice !== null && (
                <del>
                  <span className="visually-hidden">was </span>
                  {formatCedisWhole(car.oldPrice)}
                </del>
              )}
            </p>
            <span className="car-card-cta" aria-hidden="true">
              <ArrowRightIcon size={18} />
            </span>
          </div>
        </div>
      </Link>
    </article>
  );
}
