import { Link } from '../../../lib/router';
import { formatCedisWhole, formatPricePerDay } from '../../../../shared/money';
import type { Car } from '../../../../shared/schemas/cars';
import { paths } from '../../../config/paths';
import { CheckIcon, PinIcon, ShieldIcon } from '../../../components/icons';
import { branchLabel } from '../../../lib/branch-label';
import type { TripDates } from '../../../lib/trip-dates';

/** What the weekly price saves on 7 daily prices (PRICE-2). */
const weeklySaving = (car: Car) =>
  car.weekly_price === null ? 0 : Math.max(0, 7 * car.price - car.weekly_price);

/**
 * PAGE-6: the price per day (and the weekly price, PRICE-2) and 'Rent Now', which takes the car
 * to the booking form, named in its address and handed over in navigation state, with the
 * trip dates chosen in the car list (PAGE-8).
 */
export function CarPriceBox({
  car,
  dates = null,
  airportFee = null,
}: {
  car: Car;
  dates?: TripDates | null;
  /** The one-off fee for a car collected at the airport (PRICE-4), once the branches are in. */
  airportFee?: number | null;
}) {
  return (
    <div className="price-box">
      <p className="price-box-label">Price per day</p>
      <p className="price-box-price">
        <strong>{formatPricePerDay(car.price)}</strong>
        {car.oldPrice !== null && (
          <del>
            <span className="visually-hidden">was </span>
            {formatCedisWhole(car.oldPrice)}
          </del>
        )}
      </p>
      {car.weekly_price !== null && (
        <p className="price-box-weekly">
          <strong>{formatCedisWhole(car.weekly_price)}</strong> a week
          {weeklySaving(car) > 0 && (
            <span className="price-box-saving">
              {' '}
              (save {formatCedisWhole(weeklySaving(car))} on 7 days)
            </span>
          )}
        </p>
      )}
      <Link
        to={paths.bookingDetails.getHref(car.id, dates)}
        state={{ car }}
        className="btn btn-accent btn-block price-box-cta"
      >
        Rent Now
      </Link>
      <ul className="price-box-notes">
        <li>
          <ShieldIcon size={16} />
          Refundable security deposit of {formatCedisWhole(car.deposit)}
        </li>
        <li>
          <CheckIcon size={16} />
          Pay by mobile money or cash at pickup
        </li>
        <li>
          <CheckIcon size={16} />
          Free cancellation before your start date
        </li>
        <li>
          <PinIcon size={16} />
          Pick up and return at {branchLabel(car.branch)}
        </li>
        {airportFee !== null && airportFee > 0 && (
          <li>
            <PinIcon size={16} />
            Airport pickup fee of {formatCedisWhole(airportFee)}, added once to the total
          </li>
        )}
      </ul>
    </div>
  );
}
